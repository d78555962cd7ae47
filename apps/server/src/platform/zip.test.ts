import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openZipReader, zipToBuffer, ZipRefused } from './zip.js';

const dir = mkdtempSync(path.join(tmpdir(), 'mgzip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const zipFile = async (name: string, parts: { name: string; data: Buffer | string }[]) => {
  const file = path.join(dir, name);
  writeFileSync(file, await zipToBuffer(parts));
  return file;
};
const limits = { maxEntries: 10, maxCompressionRatio: 100 };

describe('the zip reader (untrusted files)', () => {
  it('reads back what the writer wrote, by name only', async () => {
    const data = randomBytes(3_000_000);
    const reader = await openZipReader(await zipFile('ok.zip', [{ name: 'a.json', data: '{"a":1}' }, { name: 'media/x.bin', data }]), limits);
    try {
      expect(reader.names()).toEqual(['a.json', 'media/x.bin']);
      expect(await reader.text('a.json', 100)).toBe('{"a":1}');
      const chunks: Buffer[] = [];
      for await (const chunk of await reader.open('media/x.bin')) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(data)).toBe(true);
      await expect(reader.open('../etc/passwd')).rejects.toBeInstanceOf(ZipRefused);
      await expect(reader.text('media/x.bin', 100)).rejects.toBeInstanceOf(ZipRefused);
    } finally {
      reader.close();
    }
  });

  it('refuses a bomb (an entry packed far tighter than honest data) and too many entries', async () => {
    await expect(openZipReader(await zipFile('bomb.zip', [{ name: 'zeros', data: Buffer.alloc(20 * 1024 * 1024) }]), limits)).rejects.toThrow(/packs too tightly/);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, data: 'x' }));
    await expect(openZipReader(await zipFile('many.zip', many), limits)).rejects.toThrow(/11 entries/);
  });
});
