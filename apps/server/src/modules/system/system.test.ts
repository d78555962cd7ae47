import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { checkReadiness, READINESS_TIMEOUT_MS } from './readiness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@magiim.test' });
});
afterAll(async () => {
  await t?.close();
});

describe('system endpoints', () => {
  it('reports readiness (database and queue) without a platform header', async () => {
    const res = await t.request('GET', '/health', { platform: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
  });

  it('reports liveness without a platform header', async () => {
    const res = await t.request('GET', '/health/live', { platform: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers readiness 503 with the part that is down, quickly, while liveness stays 200', async () => {
    // The API's pool pointed at a port nothing listens on: a real refused connection, not a stub.
    const { database } = t.ctx;
    const original = database.pool;
    const dead = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 1_000 });
    database.pool = dead;
    try {
      const started = Date.now();
      const res = await t.request('GET', '/health', { platform: null });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({ status: 'unavailable', database: 'down', queue: 'ok' });
      expect(Date.now() - started).toBeLessThan(READINESS_TIMEOUT_MS + 1_000);
      expect((await t.request('GET', '/health/live', { platform: null })).statusCode).toBe(200);
    } finally {
      database.pool = original;
      await dead.end();
    }
    expect((await t.request('GET', '/health', { platform: null })).statusCode).toBe(200);
  });

  it('calls the queue down when its connections are closed (a stopped queue answers no rows, not an error)', async () => {
    const down = { status: 'unavailable', database: 'ok', queue: 'down' };
    // Never opened, on a port nothing listens on.
    const neverStarted = new PgBoss({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    expect(await checkReadiness({ database: t.ctx.database, jobs: { ...t.ctx.jobs, boss: neverStarted } }, 1_500)).toEqual(down);
    // Started on this app's database, then stopped (a process shutting down).
    const stopped = new PgBoss({ connectionString: t.ctx.database.connectionString, max: 1, supervise: false, schedule: false, migrate: false });
    await stopped.start();
    const jobs = { ...t.ctx.jobs, boss: stopped };
    expect(await checkReadiness({ database: t.ctx.database, jobs }, 1_500)).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
    await stopped.stop({ graceful: false, wait: true });
    expect(await checkReadiness({ database: t.ctx.database, jobs }, 1_500)).toEqual(down);
  });

  it('calls a hung part down after the readiness timeout', async () => {
    const hung = { ...t.ctx, database: { ...t.ctx.database, pool: { query: () => new Promise(() => {}) } as unknown as pg.Pool } };
    // The live queue must answer within the budget even on a loaded machine (100 ms was not always enough).
    expect(await checkReadiness(hung, 1_500)).toEqual({ status: 'unavailable', database: 'down', queue: 'ok' });
  });

  it('tells the web app what it needs before sign-in', async () => {
    expect((await t.request('GET', '/config')).json()).toEqual({
      googleClientId: null,
      supportEmail: 'help@magiim.test',
      devMailbox: true,
      googleContacts: 'sandbox',
      supportWhatsappNumber: null,
      accessibilityContact: null,
      accessibilityContactName: null,
      accessibilityContactPhone: null,
    });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.request('GET', '/docs', { platform: null });
    expect(res.json().info.title).toBe('Magiim API');
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    const res = await t.request('GET', '/no/such/endpoint');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('sends JSON with the API set of security headers: never sniffed, framed or run', async () => {
    const res = await t.request('GET', '/health');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Policies for documents only (a page's links and features) are not sent with JSON.
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
  });
});
