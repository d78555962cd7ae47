import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OsUser } from './embedded-postgres-tools.js';

/**
 * Root's own place for what the `postgres` user must reach: the shared copy of the binaries and the clusters of
 * data directories it cannot reach. Under /var/lib (kept across reboots, unlike /tmp, which may be cleaned while
 * a server runs from it), and apart from /var/lib/magiim, which an earlier version advised as a DATA_DIR.
 */
export const DEFAULT_SYSTEM_DIR = '/var/lib/magiim-postgres';
/** The file in DATA_DIR naming the folder that holds its cluster, when that is not DATA_DIR itself. */
export const LOCATION_FILE = 'postgres-location';

export interface ClusterLayout {
  /** Holds the cluster (`postgres/`) and its socket folder (`run/`): DATA_DIR, or, as root, a folder of its own. */
  home: string;
  pgData: string;
  socketDir: string;
  /** True when the cluster lives apart from DATA_DIR (as root, where `postgres` cannot reach DATA_DIR). */
  relocated: boolean;
}

const layoutIn = (home: string, relocated: boolean): ClusterLayout => ({
  home,
  pgData: path.join(home, 'postgres'),
  socketDir: path.join(home, 'run'),
  relocated,
});

const recordedHome = (dataDir: string): string | undefined => {
  const file = path.join(dataDir, LOCATION_FILE);
  if (!existsSync(file)) return undefined;
  const home = readFileSync(file, 'utf8').trim();
  if (!path.isAbsolute(home)) throw new Error(`${file} should hold the absolute path of the embedded database's folder.`);
  return home;
};

/** Where DATA_DIR's cluster is, creating nothing. */
export const clusterLayoutOf = (dataDir: string): ClusterLayout => {
  const dir = path.resolve(dataDir);
  const home = recordedHome(dir);
  return home ? layoutIn(home, true) : layoutIn(dir, false);
};

export const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** PostgreSQL refuses to run as root: as root we run it as the `postgres` user, created when missing. */
export const postgresUser = (): OsUser => {
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

export const ownBy = (target: string, user: OsUser) => {
  if (user) chownSync(target, user.uid, user.gid);
};

/** Whether `user` can pass through every directory down to `dir`. */
const canReach = (user: NonNullable<OsUser>, dir: string): boolean =>
  spawnSync('sh', ['-c', 'test -x "$1"', 'sh', dir], { uid: user.uid, gid: user.gid, cwd: '/' }).status === 0;

/**
 * The system folder holds programs `postgres` runs: it must be root's alone (anyone who could write there could
 * run code as `postgres`), and passable by `postgres`.
 */
export const prepareSystemDir = (systemDir: string): void => {
  mkdirSync(path.join(systemDir, 'clusters'), { recursive: true });
  const { uid, mode } = statSync(systemDir);
  if (uid !== 0 || mode & 0o022) {
    throw new Error(`${systemDir} holds the PostgreSQL binaries the "postgres" user runs: it must belong to root and be writable by root only.`);
  }
  if ((mode & 0o011) !== 0o011) chmodSync(systemDir, (mode & 0o777) | 0o011);
  // Passable, not listable: the folder names are hashes of data directories.
  chmodSync(path.join(systemDir, 'clusters'), 0o711);
};

const refuseSharedDir = (dataDir: string) => {
  const mode = statSync(dataDir).mode;
  if (mode & 0o1000 || mode & 0o002) {
    throw new Error(`DATA_DIR (${dataDir}) is a shared directory (like /tmp): point DATA_DIR at a directory of its own.`);
  }
};

const prepareFolder = (dir: string, user: OsUser) => {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  ownBy(dir, user);
};

const writeAtomically = (file: string, text: string) => {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, file);
};

/** A cluster folder of root's for this DATA_DIR, owned by `postgres` and closed to everyone else. */
const prepareRelocatedHome = (home: string, dataDir: string, user: NonNullable<OsUser>): ClusterLayout => {
  prepareFolder(home, user);
  if (!canReach(user, home)) {
    throw new Error(`Running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot reach ${home}: open its parent directories to other users (chmod o+x).`);
  }
  // Says, to someone looking at root's folder, which DATA_DIR this cluster belongs to.
  writeAtomically(path.join(home, 'data-dir'), `${dataDir}\n`);
  const layout = layoutIn(home, true);
  prepareFolder(layout.socketDir, user);
  return layout;
};

/**
 * DATA_DIR holds the secrets and, normally, the database: private to its owner (0700). As root the server runs as
 * `postgres`: where that user can pass through DATA_DIR (0711: no listing; every file in it is private) the cluster
 * stays inside; where a parent directory is closed to it (a clone under /root or in a 0700 folder), the cluster lives
 * in `systemDir/clusters/<hash of DATA_DIR's real path>`, and DATA_DIR's LOCATION_FILE records where.
 */
export const prepareCluster = (dataDir: string, user: OsUser, systemDir: string): ClusterLayout => {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  refuseSharedDir(dataDir);
  if (!user) {
    chmodSync(dataDir, 0o700);
    const layout = layoutIn(dataDir, false);
    prepareFolder(layout.socketDir, user);
    return layout;
  }
  const recorded = recordedHome(dataDir);
  if (recorded) {
    chmodSync(dataDir, 0o700);
    return prepareRelocatedHome(recorded, dataDir, user);
  }
  chmodSync(dataDir, 0o711);
  if (canReach(user, dataDir)) {
    const layout = layoutIn(dataDir, false);
    prepareFolder(layout.socketDir, user);
    return layout;
  }
  chmodSync(dataDir, 0o700);
  if (existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
    throw new Error(
      `Running as root, the embedded PostgreSQL runs as the "postgres" user, which cannot reach the database in ${dataDir}/postgres ` +
        '(a parent directory is closed to other users): open the parent directories to other users (chmod o+x), or move DATA_DIR.',
    );
  }
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const layout = prepareRelocatedHome(path.join(systemDir, 'clusters', key), dataDir, user);
  writeAtomically(path.join(dataDir, LOCATION_FILE), `${layout.home}\n`);
  return layout;
};
