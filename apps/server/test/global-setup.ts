import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { clusterLayoutOf, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/platform/embedded-postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL superuser URL; each test app creates its own database on it. */
    adminDatabaseUrl: string;
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
  return async () => {
    await server?.stop();
    if (!dataDir) return;
    // As root with a temporary folder closed to `postgres` (TMPDIR in a 0700 folder), the cluster lived apart.
    const layout = clusterLayoutOf(dataDir);
    if (layout.relocated) rmSync(layout.home, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  };
}
