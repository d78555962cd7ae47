import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { loadConfig } from './env.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('database connections', () => {
  it('take pool sizes and timeouts from the environment, with defaults', () => {
    const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'mgc-'));
    expect(loadConfig({ DATA_DIR }).database).toEqual({
      poolSize: 10,
      jobPoolSize: 4,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 30_000,
      poolWaitTimeoutMs: 5_000,
    });
    const set = { DB_POOL_SIZE: '20', JOB_POOL_SIZE: '6', DB_STATEMENT_TIMEOUT_MS: '1000', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2000', DB_POOL_WAIT_TIMEOUT_MS: '300' };
    expect(loadConfig({ DATA_DIR, ...set }).database).toEqual({
      poolSize: 20,
      jobPoolSize: 6,
      statementTimeoutMs: 1000,
      idleInTransactionTimeoutMs: 2000,
      poolWaitTimeoutMs: 300,
    });
    expect(() => loadConfig({ DATA_DIR, DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  });

  it('carry the configured statement and idle-in-transaction timeouts', async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '1234', DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '2345' });
    const { rows } = await t.ctx.database.pool.query<{ statement: string; idle: string }>(
      `select current_setting('statement_timeout') as statement, current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    expect(rows[0]).toEqual({ statement: '1234ms', idle: '2345ms' });
    await expect(t.ctx.database.pool.query('select pg_sleep(2)')).rejects.toThrow(/statement timeout/);
  });

  it('answer 503 UNAVAILABLE, not 500, when no connection frees up within DB_POOL_WAIT_TIMEOUT_MS', async () => {
    // node-postgres applies the same timeout to opening a connection: the app's own start opens one, which took
    // over 200 ms on a busy machine (the start failed there once), so the wait is long enough for that.
    t = await createTestApp({ DB_POOL_SIZE: '1', DB_POOL_WAIT_TIMEOUT_MS: '1000' });
    const held = await t.ctx.database.pool.connect();
    try {
      // Readiness says which part is down (issue 22), in its own shape.
      const health = await t.request('GET', '/health');
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('1');
      expect(health.json()).toEqual({ status: 'unavailable', database: 'down', queue: 'ok' });
      // The same through Drizzle, which wraps the driver's error.
      const login = await t.request('POST', '/auth/login', { body: { email: 'someone@example.com', password: 'Chuppah-2026' } });
      expect(login.statusCode).toBe(503);
      expect((login.json() as { code: string }).code).toBe('UNAVAILABLE');
    } finally {
      held.release();
    }
    expect((await t.request('GET', '/health')).statusCode).toBe(200);
  });
});
