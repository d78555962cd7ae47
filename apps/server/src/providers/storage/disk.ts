import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage, StoredFile } from './index.js';

/** Keys are ours (never a user's file name): lower-case words and slashes, no dot segments. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/;
export const isValidStorageKey = (key: string): boolean => KEY_PATTERN.test(key) && !key.split('/').some((part) => part === '..' || part === '.');

const CONTENT_TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/**
 * Files under `DATA_DIR/media`, private to the app's user (0700 directories, 0600 files). Writes go to a
 * temporary name and are renamed into place, so a reader never sees half a file. The content type follows
 * the key's extension; an S3-compatible adapter keeps the same keys.
 */
export const createDiskStorage = (dataDir: string): FileStorage => {
  const root = path.join(dataDir, 'media');
  const fileOf = (key: string): string => {
    if (!isValidStorageKey(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(root, ...key.split('/'));
  };
  return {
    name: 'disk',
    async put(key: string, data: Buffer): Promise<void> {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      await writeFile(temporary, data, { mode: 0o600 });
      await rename(temporary, file);
    },
    async get(key: string): Promise<StoredFile | null> {
      if (!isValidStorageKey(key)) return null;
      try {
        const data = await readFile(fileOf(key));
        return { data, contentType: CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
    },
    async deletePrefix(prefix: string): Promise<void> {
      const trimmed = prefix.replace(/\/+$/, '');
      await rm(fileOf(trimmed), { recursive: true, force: true });
    },
    urlFor: (key: string) => `/media/${key}`,
  };
};
