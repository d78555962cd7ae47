import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { createAppContext } from '../src/app-context.js';
import { loadConfig } from '../src/platform/env.js';
import { migrateDatabase, openDatabase } from '../src/platform/db.js';
import { clusterLayoutOf, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/embedded-postgres.js';
import { databaseUrlFor } from './database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL superuser URL; each test app creates its own database on it. */
    adminDatabaseUrl: string;
    /** A database on that server, migrated once for the run, which each test app's database is copied from. */
    templateDatabase: string;
  }
}

let server: EmbeddedPostgres | undefined;
let dataDir: string | undefined;

/**
 * Without DATABASE_URL the server suites run on one embedded PostgreSQL (the engine `npm start` uses),
 * started once per run; with it (CI's second pass), on that server.
 */
export default async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL;
  if (!url) {
    // Short path: the server's socket lives inside it.
    dataDir = mkdtempSync(path.join(tmpdir(), 'mgt-'));
    server = await startEmbeddedPostgres({
      dataDir,
      password: 'test-admin',
      // A throwaway server: durability buys nothing here, and every test app creates a database.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 300 },
    });
    url = server.connectionString;
  }
  project.provide('adminDatabaseUrl', url);
  const adminUrl = url;
  const template = await createTemplateDatabase(adminUrl);
  project.provide('templateDatabase', template);
  return async () => {
    await adminQuery(adminUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    await server?.stop();
    if (!dataDir) return;
    // As root with a temporary folder closed to `postgres` (TMPDIR in a 0700 folder), the cluster lived apart.
    const layout = clusterLayoutOf(dataDir);
    if (layout.relocated) rmSync(layout.home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}

const adminQuery = async (adminUrl: string, text: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/**
 * Migrates one database for the run (our migrations, then pg-boss's schema and the app's job queues): each test app's database is a
 * `CREATE DATABASE … TEMPLATE` copy of it, instead of running every migration again. The template is left with
 * no connection open (PostgreSQL refuses to copy a database someone is connected to). Tests about migrations
 * themselves make their own empty databases.
 */
const createTemplateDatabase = async (adminUrl: string): Promise<string> => {
  // Unique per run: several runs may share DATABASE_URL's server.
  const name = `magiim_template_${Date.now()}_${process.pid}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mgt-template-'));
  const database = await openDatabase({ databaseUrl: databaseUrlFor(adminUrl, name), dataDir, poolSize: 1 });
  try {
    await migrateDatabase(database);
    // pg-boss's own tables, as its first start would make them (the default schema, which jobs.ts keeps).
    await database.pool.query(PgBoss.getConstructionPlans('pgboss'));
  } finally {
    await database.close();
  }
  try {
    // The job queues and schedules, as a worker's first start makes them: each copy's app then finds them there
    // instead of creating ~30 queues one after another (0.7 s of every test app's start).
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, APP_URL: 'http://magiim.test', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrlFor(adminUrl, name) });
    const { close } = await createAppContext(config, { logger: pino({ level: 'silent' }), worker: true });
    await close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return name;
};
