import path from 'node:path';
import type { AddressInfo, Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index.js';

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** The URL pg-boss and any other `pg` client connect to (the embedded server's when DATABASE_URL is unset). */
  connectionString: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** Embedded PGlite allows one statement at a time; the socket server multiplexes our connections onto it. */
const EMBEDDED_MAX_CONNECTIONS = 16;

const migrationsFolder = (): string => {
  // Bundled: dist/main.js sits beside dist/migrations. From source: src/platform → src/db/migrations.
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.basename(here) === 'platform' ? path.join(here, '..', 'db', 'migrations') : path.join(here, 'migrations');
};

interface EmbeddedServer {
  url: string;
  stop(): Promise<void>;
}

/** `dataDir` 'memory://' keeps the database in memory (tests). */
export const startEmbeddedPostgres = async (dataDir: string): Promise<EmbeddedServer> => {
  const pglite = await PGlite.create(dataDir === 'memory://' ? undefined : path.join(dataDir, 'pglite'));
  const server = new PGLiteSocketServer({
    db: pglite,
    host: '127.0.0.1',
    port: 0,
    maxConnections: EMBEDDED_MAX_CONNECTIONS,
  });
  await server.start();
  // The socket server does not report the port the OS chose for port 0; read it from its net.Server.
  const netServer = (server as unknown as { server: Server }).server;
  const { port } = netServer.address() as AddressInfo;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      await server.stop();
      await pglite.close();
    },
  };
};

export const openDatabase = async (options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> => {
  const embedded = options.databaseUrl ? undefined : await startEmbeddedPostgres(options.dataDir);
  const connectionString = options.databaseUrl ?? embedded!.url;
  const pool = new pg.Pool({ connectionString, max: options.poolSize ?? (embedded ? 4 : 10) });
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
      await pool.end();
      await embedded?.stop();
    },
  };
};

export const migrateDatabase = async (database: Database): Promise<void> => {
  await migrate(database.db, { migrationsFolder: migrationsFolder() });
};

export const pingDatabase = async (database: Database): Promise<void> => {
  await database.pool.query('select 1');
};
