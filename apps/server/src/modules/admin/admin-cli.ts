import type { CouponRow } from '../../db/schema/billing.js';
import { migrateDatabase, openDatabase, type Database } from '../../platform/db.js';
import { startEmbeddedPostgres } from '../../platform/embedded-postgres.js';
import type { Config } from '../../platform/env.js';
import { COUPON_CREATE_USAGE, parseCouponCreate, UsageError } from './coupon-options.js';
import { insertCoupon, listCoupons } from './coupons-admin.repository.js';

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = `Usage:
  ${COUPON_CREATE_USAGE}
  npm run admin -- coupon list`;

const PACKAGE_NAMES: Record<number, string> = { 1: '1 (basic)', 2: '2 (premium)' };

const shekels = (agorot: number) => `₪${Math.trunc(agorot / 100)}.${String(agorot % 100).padStart(2, '0')}`;

export const describeCoupon = (coupon: CouponRow): string[] => [
  `  code:     ${coupon.code}`,
  coupon.percent !== null ? `  kind:     percent` : `  kind:     amount`,
  coupon.percent !== null ? `  value:    ${coupon.percent}%` : `  value:    ${coupon.amount} agorot (${shekels(coupon.amount ?? 0)})`,
  `  uses:     ${coupon.uses} of ${coupon.maxUses ?? 'unlimited'} (once per host)`,
  `  expires:  ${coupon.expiresOn ? `${coupon.expiresOn} (last valid day, Asia/Jerusalem)` : 'never'}`,
  `  package:  ${coupon.packageId !== null ? (PACKAGE_NAMES[coupon.packageId] ?? String(coupon.packageId)) : 'any'}`,
];

/**
 * The configured database, as the app uses it: DATABASE_URL, or the embedded server under DATA_DIR. An embedded
 * server already running (`npm start`, or one a killed app left) is reused and left running; one this command
 * had to start is stopped again when it ends, unless someone else (an `npm start` begun meanwhile) is connected.
 */
export const openConfiguredDatabase = async (config: Config): Promise<{ database: Database; close(): Promise<void> }> => {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
    return { database, close: () => database.close() };
  }
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, password: config.secrets.databasePassword });
  const database = await openDatabase({ databaseUrl: named(embedded.connectionString), dataDir: config.dataDir, poolSize: 2 }).catch(async (error: unknown) => {
    if (!embedded.reused) await embedded.stop();
    throw error;
  });
  return {
    database,
    close: async () => {
      const keepRunning = embedded.reused || (await countOtherConnections(database).catch(() => 0)) > 0;
      await database.close();
      if (!keepRunning) await embedded.stop();
    },
  };
};

/**
 * Opens the configured database, brings its schema up to date, runs `run` and closes it: every admin command's
 * frame. Answers `run`'s exit code, or 1 when the database cannot be opened (with how to fix it).
 */
export const runOnConfiguredDatabase = async (loadConfig: () => Config, output: CliOutput, run: (database: Database) => Promise<number>): Promise<number> => {
  const config = loadConfig();
  let opened;
  try {
    opened = await openConfiguredDatabase(config);
  } catch (error) {
    output.err(
      `Cannot open the database (${config.databaseUrl ? 'DATABASE_URL' : `the embedded one under ${config.dataDir}`}): ${(error as Error).message}` +
        (config.databaseUrl ? '' : '\nRun this from the folder `npm start` runs in (or set DATA_DIR to its data folder), as the same user.'),
    );
    return 1;
  }
  try {
    await migrateDatabase(opened.database);
    return await run(opened.database);
  } finally {
    await opened.close();
  }
};

const APPLICATION_NAME = 'magiim-admin';
/** Our own connections carry a name, so the count of others leaves them out. */
const named = (connectionString: string) => `${connectionString}${connectionString.includes('?') ? '&' : '?'}application_name=${APPLICATION_NAME}`;

const countOtherConnections = async (database: Database): Promise<number> => {
  const { rows } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where backend_type = 'client backend' and application_name <> $1`,
    [APPLICATION_NAME],
  );
  return rows[0]?.n ?? 0;
};

/** `npm run admin -- <command>`: answers the process exit code (0 done, 1 refused, 2 bad command line). */
export const runAdminCli = async (args: string[], loadConfig: () => Config, output: CliOutput): Promise<number> => {
  const [area, command, ...rest] = args;
  let run: (database: Database) => Promise<number>;
  try {
    if (area === 'coupon' && command === 'create') {
      const coupon = parseCouponCreate(rest);
      run = async (database) => {
        const created = await insertCoupon(database.db, coupon);
        if (!created) {
          output.err(`A coupon with the code ${coupon.code} already exists; nothing was changed.`);
          return 1;
        }
        output.out('Coupon created:');
        describeCoupon(created).forEach((line) => output.out(line));
        return 0;
      };
    } else if (area === 'coupon' && command === 'list' && rest.length === 0) {
      run = async (database) => {
        const coupons = await listCoupons(database.db);
        if (!coupons.length) output.out('No coupons.');
        coupons.forEach((coupon, index) => {
          if (index) output.out('');
          describeCoupon(coupon).forEach((line) => output.out(line));
        });
        return 0;
      };
    } else {
      throw new UsageError(area === undefined || area === 'help' || area === '--help' ? USAGE : `Unknown command "${args.join(' ')}".\n${USAGE}`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    output.err(error.message);
    return 2;
  }

  return runOnConfiguredDatabase(loadConfig, output, run);
};
