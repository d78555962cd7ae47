import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { chmod, copyFile, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../platform/embedded-postgres.js';
import type { Config } from '../../platform/env.js';
import {
  APPLICATION_NAME,
  createBackup,
  describeTarget,
  otherConnections,
  readBackup,
  recreateDatabase,
  RestoreRefused,
  restoreBackup,
  type Counts,
} from './backup.service.js';

type Output = { out: (line: string) => void; err: (line: string) => void };

const USAGE = `Usage:
  npm run admin -- backup <file> [--with-secrets]
  npm run admin -- restore <file> [--force] [--secrets <secrets file>]`;

class UsageError extends Error {}

interface Options {
  file: string;
  withSecrets: boolean;
  force: boolean;
  secretsFile: string | undefined;
}

const parse = (command: 'backup' | 'restore', args: string[]): Options => {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: command === 'backup' ? { 'with-secrets': { type: 'boolean' } } : { force: { type: 'boolean' }, secrets: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed as { values: Record<string, string | boolean | undefined>; positionals: string[] };
  if (positionals.length !== 1) throw new UsageError(positionals.length ? 'Give one file.' : `${command} needs a file.`);
  if (values.secrets === '') throw new UsageError('--secrets needs the path of a secrets file.');
  return {
    file: path.resolve(positionals[0]!),
    withSecrets: values['with-secrets'] === true,
    force: values.force === true,
    secretsFile: typeof values.secrets === 'string' ? values.secrets : undefined,
  };
};

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

const describeCounts = (counts: Counts) => `${counts.users} users, ${counts.events} events, ${counts.guests} guests`;

const withApplicationName = (connectionString: string) =>
  `${connectionString}${connectionString.includes('?') ? '&' : '?'}application_name=${APPLICATION_NAME}`;

/**
 * The database the app uses: DATABASE_URL's, or DATA_DIR's embedded server, started when it is not running (and
 * stopped again afterwards, unless someone else connected meanwhile) or reused when it is.
 */
const openDatabaseOf = async (config: Config): Promise<{ connectionString: string; embedded?: EmbeddedPostgres; close(): Promise<void> }> => {
  if (config.databaseUrl) return { connectionString: config.databaseUrl, close: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, password: config.secrets.databasePassword });
  const connectionString = withApplicationName(embedded.connectionString);
  return {
    connectionString,
    embedded,
    close: async () => {
      if (embedded.reused) return;
      if ((await otherConnections(connectionString).catch(() => 0)) > 0) return;
      await embedded.stop();
    },
  };
};

const secretsFileSchema = z.looseObject({ tokenPepper: z.string().min(32), payloadKey: z.string().min(1) });

const backup = async (options: Options, config: Config, output: Output): Promise<number> => {
  if (existsSync(options.file)) {
    output.err(`${options.file} already exists: choose another name (a backup never overwrites a file).`);
    return 1;
  }
  const secretsCopy = `${options.file}.secrets.json`;
  if (options.withSecrets && existsSync(secretsCopy)) {
    output.err(`${secretsCopy} already exists: choose another name for the backup.`);
    return 1;
  }
  const database = await openDatabaseOf(config);
  let summary;
  try {
    summary = await createBackup({
      connectionString: database.connectionString,
      dataDir: config.dataDir,
      file: options.file,
      source: config.databaseUrl ? 'database-url' : 'embedded',
    });
  } finally {
    await database.close();
  }
  const secretsFile = path.join(config.dataDir, 'secrets.json');
  output.out(`Backup written: ${summary.file} (${sizeOf(summary.bytes)}, mode 0600)`);
  output.out(
    summary.format === 'pg_dump'
      ? `  ${describeCounts(summary.counts)}; the database as pg_dump wrote it; ${summary.mediaFiles} media files (event images)`
      : `  ${describeCounts(summary.counts)}; ${summary.rows} rows in ${summary.tables} tables; ${summary.mediaFiles} media files (event images)`,
  );
  output.out(`  from ${config.databaseUrl ? 'DATABASE_URL' : `the embedded database of ${config.dataDir}`}, as one consistent snapshot`);
  if (options.withSecrets) {
    await copyFile(secretsFile, secretsCopy);
    await chmod(secretsCopy, 0o600);
    output.out(`Secrets written beside it: ${secretsCopy} (mode 0600).`);
    output.out('  Keep the two files together and private: with the secrets, the backup opens every invitation link.');
  } else {
    output.out(`Keep it together with ${secretsFile}: invitation links and sign-ins are derived from those secrets,`);
    output.out('  and a restore without them leaves every guest link dead. (`--with-secrets` writes a copy beside the backup.)');
  }
  return 0;
};

/** DATA_DIR/secrets.json from the backup's secrets, keeping this folder's own database password. */
const adoptSecrets = async (config: Config, secretsFile: string, output: Output) => {
  const target = path.join(config.dataDir, 'secrets.json');
  const current = await readFile(target, 'utf8');
  const given = secretsFileSchema.parse(JSON.parse(await readFile(secretsFile, 'utf8')));
  const merged = { ...given, databasePassword: config.secrets.databasePassword };
  const previous = `${target}.before-restore`;
  await writeFile(previous, current, { mode: 0o600 });
  const partial = `${target}.${process.pid}.partial`;
  await writeFile(partial, JSON.stringify(merged, null, 2), { mode: 0o600 });
  await rename(partial, target);
  output.out(`Secrets taken from ${secretsFile} into ${target} (this folder's database password kept; the old file is ${previous}).`);
};

const restore = async (options: Options, config: Config, output: Output): Promise<number> => {
  if (options.secretsFile) {
    try {
      secretsFileSchema.parse(JSON.parse(await readFile(options.secretsFile, 'utf8')));
    } catch {
      output.err(`${options.secretsFile} is not a Magiim secrets file (it needs tokenPepper and payloadKey).`);
      return 1;
    }
  }
  if (config.databaseUrl && options.force) {
    output.err('--force recreates the embedded database only: with DATABASE_URL, restore into an empty database (create one and point DATABASE_URL at it).');
    return 1;
  }
  const { zip, manifest } = await readBackup(options.file);
  output.out(`Backup of ${manifest.createdAt} (PostgreSQL ${manifest.serverVersion}, ${manifest.migrations.length} migrations, ${manifest.media.length} media files).`);

  const database = await openDatabaseOf(config);
  let summary;
  try {
    // A server found running means the app runs (or crashed and left it): its pools may hold no connection at the
    // very moment we look, so look a few times.
    let others = 0;
    for (let look = 0; look < (database.embedded?.reused ? 5 : 1) && others === 0; look++) {
      if (look) await new Promise((resolve) => setTimeout(resolve, 500));
      others = await otherConnections(database.connectionString);
    }
    if (others > 0) {
      throw new RestoreRefused(
        `${others} other connection${others === 1 ? ' is' : 's are'} open to ${config.databaseUrl ? "DATABASE_URL's database" : `the database of ${config.dataDir}`}: ` +
          'the app (or a worker) is running on it. Stop it, then restore.',
      );
    }
    const target = await describeTarget(database.connectionString);
    if (config.databaseUrl) {
      if (target.state !== 'empty') {
        throw new RestoreRefused("DATABASE_URL's database is not empty: restore into an empty database (create one and point DATABASE_URL at it).");
      }
    } else {
      if (target.state === 'data' && !options.force) {
        throw new RestoreRefused(
          `The database of ${config.dataDir} already holds data (${target.counts ? describeCounts(target.counts) : 'tables that are not Magiim\'s'}): ` +
            'nothing was changed. Run again with --force to replace it with the backup.',
        );
      }
      await recreateDatabase(database.connectionString);
    }
    summary = await restoreBackup({ connectionString: database.connectionString, dataDir: config.dataDir, zip, manifest });
  } finally {
    zip.close();
    await database.close();
  }
  if (options.secretsFile) await adoptSecrets(config, options.secretsFile, output);
  output.out(`Restored into ${config.databaseUrl ? "DATABASE_URL's database" : `the embedded database of ${config.dataDir}`}:`);
  output.out(`  ${describeCounts(summary.counts)}; ${summary.rows} rows; ${summary.mediaFiles} media files`);
  if (summary.mailRequeued) output.out(`  ${summary.mailRequeued} queued e-mail${summary.mailRequeued === 1 ? '' : 's'} queued again for sending`);
  output.out(
    `  ${summary.migrationsInBackup} migrations from the backup, ${summary.migrationsApplied} newer one${summary.migrationsApplied === 1 ? '' : 's'} applied`,
  );
  if (!options.secretsFile) {
    output.out(`Invitation links work only with the secrets of the backup's DATA_DIR: ${path.join(config.dataDir, 'secrets.json')} must be that file`);
    output.out(
      `  (copied here before this restore), or run again with --force --secrets <its secrets.json>${existsSync(`${options.file}.secrets.json`) ? ` (${options.file}.secrets.json is beside the backup)` : ''}.`,
    );
  }
  return 0;
};

/** `npm run admin -- backup <file>` / `restore <file>`: see backup.service.ts (no pg_dump ships with the embedded binaries). */
export const runBackupCli = async (command: 'backup' | 'restore', args: string[], loadConfig: () => Config, output: Output): Promise<number> => {
  let options: Options;
  try {
    options = parse(command, args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(`${error.message}\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  try {
    return command === 'backup' ? await backup(options, config, output) : await restore(options, config, output);
  } catch (error) {
    if (error instanceof RestoreRefused) {
      output.err(error.message);
      return 1;
    }
    output.err(
      `${command === 'backup' ? 'Backup' : 'Restore'} failed (${config.databaseUrl ? 'DATABASE_URL' : `the embedded database of ${config.dataDir}`}): ${(error as Error).message}` +
        (command !== 'restore'
          ? ''
          : config.databaseUrl
            ? "\nDATABASE_URL's database may be left part-restored: empty it before you try again."
            : '\nThe database may be left part-restored: once the cause is fixed, restore again with --force.'),
    );
    return 1;
  }
};
