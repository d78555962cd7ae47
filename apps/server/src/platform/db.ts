import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** An open transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A pooled connection or an open transaction: repository functions run in either. */
export type Conn = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The URL pg-boss and any other `pg` client connect to (the embedded server's when DATABASE_URL is unset). */
  connectionString: string;
  embedded: boolean;
  close(): Promise<void>;
}

const migrationsFolder = (): string => {
  // Bundled: dist/main.js sits beside dist/migrations. From source: src/platform → src/db/migrations.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'platform' ? path.join(here, '..', 'db', 'migrations') : path.join(here, 'migrations');
};

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** Password of the embedded server (from the secrets file); required when databaseUrl is unset. */
  embeddedPassword?: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  idleInTransactionTimeoutMs?: number;
  poolWaitTimeoutMs?: number;
}

export const openDatabase = async (options: DatabaseOptions): Promise<Database> => {
  if (!options.databaseUrl && !options.embeddedPassword) throw new Error('the embedded database needs its password');
  const embedded = options.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: options.dataDir, password: options.embeddedPassword! });
  const connectionString = options.databaseUrl ?? embedded!.connectionString;
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.poolWaitTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    // Server-side limits, set per connection: a runaway query or a forgotten transaction cannot hold the pool.
    options: `-c statement_timeout=${options.statementTimeoutMs ?? 15_000} -c idle_in_transaction_session_timeout=${
      options.idleInTransactionTimeoutMs ?? 30_000
    }`,
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzle(pool, { schema });
  return {
    db,
    pool,
    connectionString,
    embedded: Boolean(embedded),
    close: async () => {
      try {
        await pool.end();
      } finally {
        await embedded?.stop();
      }
    },
  };
};

export const migrateDatabase = async (database: Database): Promise<void> => {
  await migrate(database.db, { migrationsFolder: migrationsFolder() });
};

const pingsInFlight = new WeakMap<Database, Promise<void>>();

/**
 * One round trip to the database. Probes that arrive while a ping is on its way share it: a flood of health
 * checks costs one query at a time, and each answer still reflects a ping that started no earlier than the
 * one before it finished.
 */
export const pingDatabase = (database: Database): Promise<void> => {
  const inFlight = pingsInFlight.get(database);
  if (inFlight) return inFlight;
  const ping = database.pool.query('select 1').then(
    () => {
      pingsInFlight.delete(database);
    },
    (error: unknown) => {
      pingsInFlight.delete(database);
      throw error;
    },
  );
  pingsInFlight.set(database, ping);
  return ping;
};

/** SQLSTATEs of a server that cannot take the query now: shutting down, starting up, out of connections. */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ENOENT', 'ECONNRESET']);

/**
 * Whether an error means the database could not serve the request (no free connection within
 * DB_POOL_WAIT_TIMEOUT_MS, the server unreachable or shutting down) rather than a fault in the request: the
 * API answers 503 for these. Drizzle wraps driver errors, so the causes are followed.
 */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code } = e as { code?: unknown };
    if (e.message === 'timeout exceeded when trying to connect') return true;
    if (e.message === 'Connection terminated due to connection timeout') return true;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code))) return true;
  }
  return false;
};
