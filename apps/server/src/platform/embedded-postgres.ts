import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { platform } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findBinaries, shareBinaries, type Binaries } from './embedded-postgres-binaries.js';
import { clusterLayoutOf, DEFAULT_SYSTEM_DIR, ownBy, postgresUser, prepareCluster, prepareSystemDir, type ClusterLayout } from './embedded-postgres-layout.js';
import { describeToolFailure, readLogTail, runTool, type OsUser } from './embedded-postgres-tools.js';

export { hydrateSymlinks } from './embedded-postgres-binaries.js';
export { clusterLayoutOf } from './embedded-postgres-layout.js';

/**
 * The embedded default: a real PostgreSQL (binaries from the `@embedded-postgres/<platform>` registry
 * packages) run by `pg_ctl` as its own daemon under DATA_DIR/postgres. It listens on a Unix socket inside
 * DATA_DIR only (no TCP), or, where that path is too long for a socket, on loopback behind a password.
 * As root it runs as `postgres` from a shared copy of the binaries, with the cluster moved to root's system
 * folder when `postgres` cannot reach DATA_DIR (see embedded-postgres-layout.ts).
 * A `kill -9` of the app leaves the server running; the next start finds it through postmaster.pid.
 */

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
  /** As root: where the shared binaries and relocated clusters live (tests use a folder of their own). */
  systemDir?: string;
  /** A native folder of PostgreSQL binaries to use instead of the installed package's (tests). */
  nativeDir?: string;
}

const SOCKET_PORT = 5432;
/** sockaddr_un.sun_path holds 108 bytes on Linux (104 on macOS) including the terminator. */
const MAX_SOCKET_PATH = 100;
/** How long a server found running may take to accept connections (it may be recovering) before we restart it. */
const REUSE_READY_TIMEOUT_MS = 30_000;

/** initdb into a side directory, then rename: a start killed half-way leaves nothing that looks like a cluster. */
const initCluster = async (binaries: Binaries, layout: ClusterLayout, password: string, user: OsUser) => {
  const { home, pgData } = layout;
  const building = `${pgData}.initdb`;
  rmSync(building, { recursive: true, force: true });
  rmSync(pgData, { recursive: true, force: true });
  mkdirSync(building, { mode: 0o700 });
  ownBy(building, user);
  const pwFile = path.join(home, `.initdb-pw-${randomBytes(8).toString('hex')}`);
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  ownBy(pwFile, user);
  try {
    const init = await runTool(
      binaries.initdb,
      [`--pgdata=${building}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
      user,
      home,
    );
    if (init.code !== 0) throw new Error(`The embedded PostgreSQL could not create its database in ${pgData}: ${describeToolFailure('initdb', init)}`);
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

/** Connection errors of a server on its way up (or briefly full): worth another try; any other error is lasting. */
const PASSING_ERRORS = new Set(['57P03', '57P01', '53300', 'ECONNREFUSED', 'ENOENT', 'ECONNRESET', 'ETIMEDOUT']);

/**
 * Undefined once the server answers a query; else the last connection error, when it does not within `timeoutMs`
 * (still recovering, or stuck) or fails in a way waiting will not cure.
 */
const waitUntilReady = async (connectionString: string, timeoutMs: number): Promise<Error | undefined> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 2_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return undefined;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === '28P01') {
        throw new Error('The embedded PostgreSQL refused the password in DATA_DIR/secrets.json: was the file replaced?', { cause: error });
      }
      // A connect timeout carries no code.
      if (Date.now() > deadline || (code && !PASSING_ERRORS.has(code))) return error instanceof Error ? error : new Error(String(error));
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
  const user = postgresUser();
  const systemDir = path.resolve(options.systemDir ?? DEFAULT_SYSTEM_DIR);
  let binaries = await findBinaries(options.nativeDir);
  if (user) {
    prepareSystemDir(systemDir);
    binaries = shareBinaries(binaries, systemDir);
  }
  const layout = prepareCluster(path.resolve(options.dataDir), user, systemDir);
  const { pgData, socketDir } = layout;
  const logFile = path.join(pgData, 'server.log');
  // The socket directory goes through a shell (pg_ctl -o): quotes or commas in it fall back to loopback too.
  const useSocket =
    platform() !== 'win32' &&
    path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH &&
    !/['",\\]/.test(socketDir);

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) await initCluster(binaries, layout, options.password, user);

  const pgCtl = (args: string[]) => runTool(binaries.pg_ctl, [...args, '-D', pgData], user, layout.home);
  const stop = async () => {
    const stopped = await pgCtl(['stop', '-m', 'fast', '-w', '-t', '30']);
    if (stopped.code !== 0 && runningServerPid(pgData) !== undefined) {
      throw new Error(`The embedded PostgreSQL did not stop: ${describeToolFailure('pg_ctl stop', stopped, readLogTail(logFile))}`);
    }
  };

  const orphan = runningServerPid(pgData);
  if (orphan !== undefined) {
    const endpoint = endpointOf(pgData);
    if (endpoint) {
      const connectionString = connectionStringFor(options.password, endpoint);
      if (!(await waitUntilReady(connectionString, REUSE_READY_TIMEOUT_MS))) {
        options.onLog?.('Reusing the embedded PostgreSQL left running by an earlier start.');
        return { connectionString, reused: true, stop };
      }
    }
    // Running but not answering: stop it (at once if it will not stop cleanly), then start afresh.
    options.onLog?.('The embedded PostgreSQL left running does not answer: restarting it.');
    const stopped = await pgCtl(['stop', '-m', 'immediate', '-w', '-t', '30']);
    if (!(await waitForExit(orphan, 5_000))) {
      throw new Error(
        `The embedded PostgreSQL (pid ${orphan}) does not answer and does not stop: stop it, then start again. ${describeToolFailure('pg_ctl stop', stopped)}`,
      );
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
    logFile,
    '-o',
    [`-p ${port}`, ...Object.entries(settings).map(([name, value]) => `-c ${name}='${value}'`)].join(' '),
  ]);
  const endpoint = endpointOf(pgData);
  if (!endpoint || (start.code !== 0 && runningServerPid(pgData) === undefined)) {
    throw new Error(`The embedded PostgreSQL did not start: ${describeToolFailure('pg_ctl start', start, readLogTail(logFile))}`);
  }
  const connectionString = connectionStringFor(options.password, endpoint);
  // pg_ctl -w has waited for it (another process starting the same DATA_DIR at once may still be on its way):
  // this first connection proves the app can reach it.
  const refused = await waitUntilReady(connectionString, start.code === 0 ? 5_000 : REUSE_READY_TIMEOUT_MS);
  if (refused) {
    await pgCtl(['stop', '-m', 'immediate', '-w', '-t', '30']); // a server the app cannot use is not left running
    const where = endpoint.host.startsWith('/') ? `its socket in ${endpoint.host}` : `${endpoint.host}:${endpoint.port}`;
    const log = readLogTail(logFile);
    throw new Error(
      `The embedded PostgreSQL started, but connecting to it through ${where} failed: ${refused.message || (refused as { code?: string }).code || refused.name}` +
        `${start.code === 0 ? '' : `\n${describeToolFailure('pg_ctl start', start)}`}${log ? `\nServer log (last lines):\n${log}` : ''}`,
      { cause: refused },
    );
  }
  return { connectionString, reused: false, stop };
};

/** Whether the data directory's server is running. */
export const embeddedServerRunning = (dataDir: string): boolean => runningServerPid(clusterLayoutOf(dataDir).pgData) !== undefined;
