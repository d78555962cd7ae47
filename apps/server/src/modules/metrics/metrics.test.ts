import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { hostWithEvent } from '../guests/guest-test-kit.js';
import { bearerMatches } from './metrics.routes.js';

const TOKEN = 'metrics-token-0123456789abcdef';

let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  [t, off] = await Promise.all([createTestApp({ METRICS_TOKEN: TOKEN }), createTestApp({}, { worker: false })]);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
});

const scrape = (app: TestApp, authorization?: string) =>
  app.app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });

/** The value of one sample line, e.g. `http_requests_total{method="GET",route="/api/health",status="200"}`. */
const sample = (body: string, name: string, labels: Record<string, string>): number | undefined => {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = body
    .split('\n')
    .find((l) => l.startsWith(`${name}{`) && wanted.every((label) => l.slice(name.length + 1, l.indexOf('}')).split(',').includes(label)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
};

describe('/metrics access', () => {
  it('answers 404 with {code, message} when METRICS_TOKEN is not set', async () => {
    const res = await scrape(off, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it.each([
    ['no header', undefined],
    ['a wrong token', 'Bearer metrics-token-0123456789abcdeX'],
    ['the token as Basic', `Basic ${TOKEN}`],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 to %s', async (_name, authorization) => {
    const res = await scrape(t, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toContain('Bearer');
  });

  it('compares the bearer token exactly', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
  });

  it('serves the Prometheus text format with the token, without a platform header', async () => {
    const res = await scrape(t, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.headers['content-type']).toContain('version=0.0.4');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });
});

describe('/metrics figures', () => {
  it('counts requests by route pattern, never by the raw URL', async () => {
    const eventId = '5b0a6f2e-8d1c-4b1e-9a4f-3c2d1e0f9a8b';
    const before = (await scrape(t, `Bearer ${TOKEN}`)).body;
    const key = { method: 'GET', route: '/api/event/:id', status: '401' };
    const start = sample(before, 'http_requests_total', key) ?? 0;
    for (let i = 0; i < 3; i++) expect((await t.request('GET', `/event/${eventId}`)).statusCode).toBe(401);
    expect((await t.request('GET', '/no/such/secret-token-abc')).statusCode).toBe(404);

    const after = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(after, 'http_requests_total', key)).toBe(start + 3);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/event/:id' })).toBeGreaterThanOrEqual(3);
    expect(after).toContain('route="(unmatched)"');
    expect(after).not.toContain(eventId);
    expect(after).not.toContain('secret-token-abc');
  });

  it('shows the database pool', async () => {
    const body = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(body).toMatch(/^db_pool_clients_total \d+$/m);
    expect(body).toMatch(/^db_pool_clients_idle \d+$/m);
    expect(body).toMatch(/^db_pool_waiting_requests 0$/m);
  });

  it('shows queue depth and age, messages by channel and state, and call attempts by status', async () => {
    const { eventId } = await hostWithEvent(t);
    const { pool } = t.ctx.database;
    // A job waiting since ten minutes ago (no worker in this app), in a queue of its own.
    await t.ctx.jobs.boss.createQueue('metrics.test');
    await t.ctx.jobs.boss.createQueue('metrics.empty');
    await t.ctx.jobs.boss.send('metrics.test', {}, {});
    await t.ctx.jobs.boss.send('metrics.test', {}, {});
    await pool.query(`update pgboss.job set start_after = now() - interval '10 minutes' where name = 'metrics.test'`);
    // Two WhatsApp messages sent and an SMS failed today, one sent two days ago (outside the window).
    const guests = await pool.query<{ id: string }>(
      `insert into guests (event_id, full_name, phone_number, lang) select $1, 'Guest ' || g, '+97250000000' || g, 'he' from generate_series(1, 4) g returning id`,
      [eventId],
    );
    const [g1, g2, g3, g4] = guests.rows.map((row) => row.id);
    await pool.query(
      `insert into outbox_messages (event_id, guest_id, action, type, channel, state, created_at) values
         ($1, $2, 'invitation', 1, 3, 'sent', now()), ($1, $3, 'invitation', 1, 3, 'sent', now()),
         ($1, $4, 'invitation', 1, 1, 'failed', now()), ($1, $5, 'invitation', 1, 3, 'sent', now() - interval '2 days')`,
      [eventId, g1, g2, g3, g4],
    );
    const outbox = await pool.query<{ id: string; guest_id: string }>(`select id, guest_id from outbox_messages where guest_id = $1`, [g1]);
    await pool.query(
      `insert into call_attempts (outbox_id, event_id, guest_id, attempt, lang, provider, status) values ($1, $2, $3, 1, 'he', 'sandbox', 'ringing')`,
      [outbox.rows[0]!.id, eventId, g1],
    );

    const body = (await scrape(t, `Bearer ${TOKEN}`)).body;
    expect(sample(body, 'job_queue_depth', { queue: 'metrics.test', state: 'waiting' })).toBe(2);
    expect(sample(body, 'job_queue_depth', { queue: 'metrics.test', state: 'active' })).toBe(0);
    // A queue with nothing in it shows zeros rather than no series.
    expect(sample(body, 'job_queue_depth', { queue: 'metrics.empty', state: 'waiting' })).toBe(0);
    expect(sample(body, 'job_queue_oldest_ready_seconds', { queue: 'metrics.empty' })).toBe(0);
    const age = sample(body, 'job_queue_oldest_ready_seconds', { queue: 'metrics.test' })!;
    expect(age).toBeGreaterThanOrEqual(600);
    expect(age).toBeLessThan(900);
    expect(sample(body, 'messages_recent', { channel: 'whatsapp', state: 'sent' })).toBe(2);
    expect(sample(body, 'messages_recent', { channel: 'sms', state: 'failed' })).toBe(1);
    expect(sample(body, 'call_attempts_recent', { status: 'ringing' })).toBe(1);
    expect(body).toMatch(/^metrics_database_scrape_errors_total 0$/m);
  });
});
