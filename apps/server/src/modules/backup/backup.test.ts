import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, databaseUrlFor, PASSWORD, type TestApp } from '../../../test/test-app.js';
import { startEmbeddedPostgres } from '../../platform/embedded-postgres.js';
import { loadConfig } from '../../platform/env.js';
import { payloadKeyFrom, sealPayload } from '../../platform/payload-crypto.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { personalTokenOf } from '../invitations/invite-test-kit.js';
import { runBackupCli } from './backup-cli.js';
import { openZipReader } from '../../platform/zip.js';
import { runMigrations } from './backup.repository.js';
import { migrationsFolder } from './backup.service.js';

/**
 * The whole round trip on real embedded databases: folder A runs the app (its own embedded PostgreSQL, not the test
 * run's), is backed up while it runs, and is restored into fresh folders; the apps started on those answer the guest's
 * personal link only when the secrets travelled with the backup.
 */
const made: string[] = [];
const freshDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
const apps: TestApp[] = [];
/** The app on a DATA_DIR's embedded database (an empty DATABASE_URL drops the test run's). */
const appOn = async (dataDir: string) => {
  const t = await createTestApp({ DATA_DIR: dataDir, DATABASE_URL: '' });
  apps.push(t);
  return t;
};
const closeApp = async (t: TestApp) => {
  apps.splice(apps.indexOf(t), 1);
  await t.close();
};
afterAll(async () => {
  for (const t of [...apps]) await t.close().catch(() => {});
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}, 60_000);

const cli = async (command: 'backup' | 'restore', args: string[], dataDir: string, databaseUrl?: string) => {
  const out: string[] = [];
  const err: string[] = [];
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const code = await runBackupCli(command, args, () => loadConfig(env), {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
};

/** A backup file's entries as text (or bytes), read with the restore's own reader. */
const entriesOf = async (file: string) => {
  const zip = await openZipReader(file, { maxEntries: 1_000, maxCompressionRatio: 1_000 });
  try {
    const read = async (name: string): Promise<Buffer> => {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.open(name)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    return new Map(await Promise.all(zip.names().map(async (name) => [name, await read(name)] as const)));
  } finally {
    zip.close();
  }
};

const IMAGE_KEY = 'events/backup-test/v1/480.webp';
const IMAGE = Buffer.from('RIFF0000WEBPbackup-test-image');
const GUEST = 'מרים גיבוי';

describe('backup and restore of the embedded database', () => {
  const dirA = freshDir('mgbak-a-');
  const work = freshDir('mgbak-files-');
  const backupFile = path.join(work, 'magiim.backup');
  let hostEmail = '';
  let guestToken = '';

  beforeAll(async () => {
    const a = await appOn(dirA);
    expect(a.ctx.database.embedded).toBe(true);
    const { token, eventId } = await hostWithEvent(a);
    hostEmail = ((await a.request('GET', '/user/me', { token })).json() as { userData: { email: string } }).userData.email;
    guestToken = personalTokenOf(await addGuest(a, token, eventId, { fullName: GUEST }));
    await a.ctx.storage.put(IMAGE_KEY, IMAGE, 'image/webp');
    expect((await a.request('GET', `/invite/${guestToken}`)).statusCode).toBe(200);

    // Taken while the app runs on A: the command reuses A's server and leaves it running for the app.
    const backup = await cli('backup', [backupFile, '--with-secrets'], dirA);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('1 users, 1 events, 1 guests');
    expect(backup.out).toContain('1 media files');
    expect((await a.request('GET', `/invite/${guestToken}`)).statusCode).toBe(200);
    await closeApp(a);
  }, 120_000);


  it('writes one private file with the rows, the media and the migration level, and a private copy of the secrets', async () => {
    expect(statSync(backupFile).mode & 0o777).toBe(0o600);
    expect(statSync(`${backupFile}.secrets.json`).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${backupFile}.secrets.json`, 'utf8')).toBe(readFileSync(path.join(dirA, 'secrets.json'), 'utf8'));
    const zip = await entriesOf(backupFile);
    const manifest = JSON.parse(zip.get('manifest.json')!.toString('utf8')) as {
      migrations: unknown[];
      tables: { name: string; rows: number }[];
      media: { key: string }[];
    };
    expect(manifest.migrations.length).toBeGreaterThan(10);
    expect(manifest.tables.find((table) => table.name === 'guests')?.rows).toBe(1);
    expect(manifest.media).toEqual([{ key: IMAGE_KEY, size: IMAGE.length }]);
    expect(zip.get(`media/${IMAGE_KEY}`)).toEqual(IMAGE);
    // Nothing of the secrets is in the backup itself.
    const secrets = JSON.parse(readFileSync(path.join(dirA, 'secrets.json'), 'utf8')) as Record<string, string>;
    const everything = [...zip.values()].map((data) => data.toString('utf8')).join('\n');
    for (const value of Object.values(secrets)) expect(everything).not.toContain(value);
  });

  it('never overwrites a file', async () => {
    const again = await cli('backup', [backupFile], dirA);
    expect(again.code).toBe(1);
    expect(again.err).toContain('already exists');
  }, 60_000);

  it('restores into a fresh folder with the secrets copied: the guest link, the host sign-in and the image work', async () => {
    const dirB = freshDir('mgbak-b-');
    copyFileSync(path.join(dirA, 'secrets.json'), path.join(dirB, 'secrets.json'));
    const restored = await cli('restore', [backupFile], dirB);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('1 users, 1 events, 1 guests');
    // Lossless: B, backed up again before anything touches it, holds row for row what A held.
    const again = path.join(work, 'b-again.backup');
    expect((await cli('backup', [again], dirB)).code).toBe(0);
    const tablesOf = async (file: string) => {
      const zip = await entriesOf(file);
      const entries = [...zip.keys()].filter((name) => name.startsWith('tables/')).sort();
      return Object.fromEntries(entries.map((name) => [name, zip.get(name)!.toString('utf8')] as const));
    };
    const before = await tablesOf(backupFile);
    expect(Object.values(before).join('').length).toBeGreaterThan(1_000);
    expect(await tablesOf(again)).toEqual(before);

    const b = await appOn(dirB);
    expect(b.ctx.database.embedded).toBe(true);
    const page = await b.request('GET', `/invite/${guestToken}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as { guest: { fullName: string } }).guest.fullName).toBe(GUEST);
    expect((await b.request('POST', '/auth/login', { body: { email: hostEmail, password: PASSWORD } })).statusCode).toBe(200);
    const image = await b.app.inject({ method: 'GET', url: `/media/${IMAGE_KEY}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload).toEqual(IMAGE);

    // The app runs on B: a restore refuses, whatever the flags.
    const whileRunning = await cli('restore', [backupFile, '--force'], dirB);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.err).toMatch(/other connections? (is|are) open .* Stop it, then restore/);
    await closeApp(b);

    // Stopped, and holding data: refused without --force, and nothing changed.
    writeFileSync(path.join(dirB, 'media', 'events', 'backup-test', 'v1', 'marker.webp'), 'kept');
    const refused = await cli('restore', [backupFile], dirB);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('already holds data (1 users, 1 events, 1 guests)');
    expect(refused.err).toContain('--force');
    expect(readFileSync(path.join(dirB, 'media', 'events', 'backup-test', 'v1', 'marker.webp'), 'utf8')).toBe('kept');

    const forced = await cli('restore', [backupFile, '--force'], dirB);
    expect(forced.code).toBe(0);
    expect(forced.out).toContain('1 users, 1 events, 1 guests');
    expect(statSync(path.join(dirB, 'media', 'events', 'backup-test', 'v1', 'marker.webp'), { throwIfNoEntry: false })).toBeUndefined();
  }, 120_000);

  it("with the new folder's own secrets the link is dead; --secrets brings the backup's in", async () => {
    const dirC = freshDir('mgbak-c-');
    const restored = await cli('restore', [backupFile], dirC);
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`${backupFile}.secrets.json is beside the backup`);
    const own = await appOn(dirC);
    expect((await own.request('GET', `/invite/${guestToken}`)).statusCode).toBe(404);
    await closeApp(own);

    const withSecrets = await cli('restore', [backupFile, '--force', '--secrets', `${backupFile}.secrets.json`], dirC);
    expect(withSecrets.err).toBe('');
    expect(withSecrets.code).toBe(0);
    const written = JSON.parse(readFileSync(path.join(dirC, 'secrets.json'), 'utf8')) as Record<string, string>;
    const fromA = JSON.parse(readFileSync(path.join(dirA, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(written.tokenPepper).toBe(fromA.tokenPepper);
    expect(written.databasePassword).not.toBe(fromA.databasePassword); // C's own cluster keeps its own password
    const adopted = await appOn(dirC);
    const page = await adopted.request('GET', `/invite/${guestToken}`);
    expect(page.statusCode).toBe(200);
    expect((page.json() as { guest: { fullName: string } }).guest.fullName).toBe(GUEST);
  }, 120_000);

  it('refuses a file that is not a backup, and a bad command line', async () => {
    const junk = path.join(work, 'junk.backup');
    writeFileSync(junk, 'not a zip');
    const dirD = freshDir('mgbak-d-');
    const notBackup = await cli('restore', [junk], dirD);
    expect(notBackup.code).toBe(1);
    expect(notBackup.err).toContain('is not a Magiim backup');
    expect((await cli('restore', [], dirD)).code).toBe(2);
    expect((await cli('backup', [backupFile, '--force'], dirD)).code).toBe(2);
  }, 60_000);

  it('brings an older backup up to date: the migrations it lacks run after its rows are in', async () => {
    // A database one migration behind, as the previous version left it.
    const dirOld = freshDir('mgbak-old-');
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const older = path.join(work, 'older-migrations');
    mkdirSync(path.join(older, 'meta'), { recursive: true });
    const entries = journal.entries.slice(0, -1);
    writeFileSync(path.join(older, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) copyFileSync(path.join(migrationsFolder(), `${tag}.sql`), path.join(older, `${tag}.sql`));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dirOld });
    const server = await startEmbeddedPostgres({ dataDir: dirOld, password: config.secrets.databasePassword });
    try {
      await runMigrations(server.connectionString, older);
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      await client.query(`insert into users (full_name, email, password_hash) values ('Old Host', 'old.host@example.com', 'x')`);
      await client.end();
    } finally {
      await server.stop();
    }
    const oldBackup = path.join(work, 'older.backup');
    expect((await cli('backup', [oldBackup], dirOld)).code).toBe(0);

    const dirNew = freshDir('mgbak-new-');
    const restored = await cli('restore', [oldBackup], dirNew);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`${entries.length} migrations from the backup, 1 newer one applied`);
    expect(restored.out).toContain('1 users, 0 events, 0 guests');
    const t = await appOn(dirNew);
    const applied = await t.ctx.database.pool.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied.rows[0]!.n).toBe(journal.entries.length);
    const user = await t.ctx.database.pool.query<{ email: string }>(`select email from users`);
    expect(user.rows).toEqual([{ email: 'old.host@example.com' }]);
  }, 120_000);
});

describe('backup and restore with DATABASE_URL', () => {
  const work = freshDir('mgbak-url-');
  let t: TestApp;
  let target = '';
  const adminUrl = inject('adminDatabaseUrl');
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  beforeAll(async () => {
    t = await createTestApp(); // on the test run's server, a database of its own
    const name = `magiim_restore_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    await admin(`create database ${name}`);
    target = databaseUrlFor(adminUrl, name);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await admin(`drop database if exists ${new URL(target).pathname.slice(1)} with (force)`);
  }, 60_000);

  it('backs up the database of DATABASE_URL and restores it into an empty one only', async () => {
    expect(t.config.databaseUrl).toBeTruthy();
    const { token, eventId } = await hostWithEvent(t);
    const guestToken = personalTokenOf(await addGuest(t, token, eventId, { fullName: GUEST }));
    // A media file larger than the streams' buffers many times over: it must come back byte for byte.
    const bigKey = `events/${eventId}/v1/1920.webp`;
    const big = randomBytes(24 * 1024 * 1024);
    await t.ctx.storage.put(bigKey, big, 'image/webp');
    const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    // An e-mail queued and not yet sent when the backup is taken (its job, in pg-boss's tables, is not in a backup).
    const mailTo = `queued.${randomUUID().slice(0, 8)}@example.com`;
    const deliveryId = randomUUID();
    const sealed = sealPayload(payloadKeyFrom(t.config.secrets.payloadKey), { to: mailTo, subject: 'Waiting', html: '<p>waiting</p>', text: 'waiting' }, deliveryId);
    await t.ctx.database.pool.query(`insert into mail_deliveries (id, sealed) values ($1, $2)`, [deliveryId, sealed]);
    const file = path.join(work, 'url.backup');
    const backup = await cli('backup', [file], t.config.dataDir, t.config.databaseUrl);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain('1 users, 1 events, 1 guests');
    expect(backup.out).toContain('from DATABASE_URL');

    expect((await cli('restore', [file, '--force'], t.config.dataDir, target)).err).toContain('--force recreates the embedded database only');
    rmSync(path.join(t.config.dataDir, 'media', ...bigKey.split('/')));
    const restored = await cli('restore', [file], t.config.dataDir, target);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain('1 users, 1 events, 1 guests');
    expect(restored.out).toContain('1 queued e-mail queued again for sending');
    expect(sha(readFileSync(path.join(t.config.dataDir, 'media', ...bigKey.split('/'))))).toBe(sha(big));
    const again = await cli('restore', [file], t.config.dataDir, target);
    expect(again.code).toBe(1);
    expect(again.err).toContain('is not empty');

    // The same secrets (the same DATA_DIR) on the restored database: the link opens.
    const other = await createTestApp({ DATA_DIR: t.config.dataDir, DATABASE_URL: target });
    try {
      const page = await other.request('GET', `/invite/${guestToken}`);
      expect(page.statusCode).toBe(200);
      expect((page.json() as { guest: { fullName: string } }).guest.fullName).toBe(GUEST);
      // The restored database's worker sends the e-mail that was waiting.
      expect((await other.waitForMail(mailTo, () => true, 30_000)).subject).toBe('Waiting');
    } finally {
      await other.close();
    }
  }, 120_000);
});

/** A PostgreSQL whose pg_dump and pg_restore are on this machine (Debian's packages); the embedded 18 ships none. */
const machinePostgres = (() => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.find((version) => ['pg_dump', 'pg_restore', 'initdb', 'postgres'].every((tool) => existsSync(path.join(root, version, 'bin', tool))));
  return found ? path.join(root, found) : undefined;
})();

describe.skipIf(!machinePostgres)(`backup and restore with pg_dump of the server's version (${machinePostgres ?? 'skipped: no /usr/lib/postgresql/<n>/bin with pg_dump, pg_restore, initdb and postgres'})`, () => {
  it('writes the database as pg_dump does and restores it with pg_restore, the media and the queued e-mails as ever', async () => {
    const dataDir = freshDir('mgbak-pgdump-');
    const server = await startEmbeddedPostgres({ dataDir: freshDir('mgbak-pg-'), password: 'pgdump-test', nativeDir: machinePostgres!, systemDir: freshDir('mgbak-pgsys-') });
    const savedPath = process.env.PATH;
    process.env.PATH = `${path.join(machinePostgres!, 'bin')}${path.delimiter}${savedPath ?? ''}`;
    try {
      await runMigrations(server.connectionString, migrationsFolder());
      const client = new pg.Client({ connectionString: server.connectionString });
      await client.connect();
      await client.query(`insert into users (full_name, email, password_hash) values ('Dump Host', 'dump.host@example.com', 'x')`);
      await client.query(`insert into mail_deliveries (id, sealed) values ($1, 'sealed')`, [randomUUID()]);
      await client.query('create database restored');
      await client.end();
      mkdirSync(path.join(dataDir, 'media', 'events', 'dump', 'v1'), { recursive: true });
      const image = randomBytes(100_000);
      writeFileSync(path.join(dataDir, 'media', 'events', 'dump', 'v1', '480.webp'), image);

      const file = path.join(dataDir, 'dump.backup');
      const backup = await cli('backup', [file], dataDir, server.connectionString);
      expect(backup.err).toBe('');
      expect(backup.code).toBe(0);
      expect(backup.out).toContain('1 users, 0 events, 0 guests; the database as pg_dump wrote it; 1 media files');
      const entries = await entriesOf(file);
      expect([...entries.keys()].sort()).toEqual(['database.pgdump', 'manifest.json', 'media/events/dump/v1/480.webp']);

      rmSync(path.join(dataDir, 'media'), { recursive: true });
      const target = databaseUrlFor(server.connectionString, 'restored');
      const restored = await cli('restore', [file], dataDir, target);
      expect(restored.err).toBe('');
      expect(restored.code).toBe(0);
      expect(restored.out).toContain('1 users, 0 events, 0 guests');
      expect(restored.out).toContain('1 queued e-mail queued again for sending');
      expect(readFileSync(path.join(dataDir, 'media', 'events', 'dump', 'v1', '480.webp')).equals(image)).toBe(true);
      const check = new pg.Client({ connectionString: target });
      await check.connect();
      expect((await check.query('select email from users')).rows).toEqual([{ email: 'dump.host@example.com' }]);
      await check.end();
    } finally {
      process.env.PATH = savedPath;
      await server.stop();
    }
  }, 180_000);
});
