import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { postSms, postWhatsApp, realChannelsEnv, signatureOf, SMS_SECRET, statusBody, WA_VERIFY_TOKEN, webhookRows } from './webhook-test-kit.js';
import { processWebhooks, WEBHOOK_MAX_ATTEMPTS } from './webhook-processing.js';
import { pruneWebhooks } from './webhook-inbox.repository.js';
import { webhookKicksSettled } from './webhooks.jobs.js';

let t: TestApp;
let sandbox: TestApp;
let logged: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  // The worker stays off: these tests look at what the routes store, before any processing.
  [t, sandbox, logged] = await Promise.all([
    createTestApp(realChannelsEnv(), { worker: false }),
    createTestApp({}, { worker: false }),
    createTestApp(realChannelsEnv({ LOG_LEVEL: 'debug', SMS_WEBHOOK_SECRET: 'short-secret-1234' }), {
      worker: false,
      logger: true,
      logStream: { write: (line) => void lines.push(line) },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), sandbox?.close(), logged?.close()]);
});

const clear = async (app: TestApp) => {
  await app.ctx.db.execute(sql`delete from webhook_inbox`);
};

describe('the WhatsApp webhook', () => {
  it('answers Meta\'s handshake with the challenge as text, and refuses a wrong token', async () => {
    const good = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.headers['content-type']).toMatch(/^text\/plain/);
    expect(good.body).toBe('1158201444');

    for (const query of [`hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1`, `hub.mode=unsubscribe&hub.verify_token=${WA_VERIFY_TOKEN}&hub.challenge=1`, '']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?${query}` });
      expect(bad.statusCode).toBe(403);
      expect(bad.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    }
  });

  it('refuses an unsigned, a forged and a one-byte-changed body with 401 and stores nothing', async () => {
    await clear(t);
    const body = statusBody('wamid.A1', 'delivered');
    const changed = body.replace('delivered', 'delivereD');
    const answers = await Promise.all([
      postWhatsApp(t, body, null),
      postWhatsApp(t, body, signatureOf(body, 'someone-else')),
      postWhatsApp(t, changed, signatureOf(body)),
      postWhatsApp(t, body, 'sha256=zz'),
      postWhatsApp(t, body, signatureOf(body).replace('sha256=', 'sha1=')),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await webhookRows(t)).toEqual([]);
  });

  it('stores a signed body once, however often it comes, and answers 200 each time', async () => {
    await clear(t);
    const body = statusBody('wamid.A2', 'read');
    for (let i = 0; i < 3; i++) {
      const answer = await postWhatsApp(t, body);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ ok: true });
    }
    const other = statusBody('wamid.A2', 'delivered');
    expect((await postWhatsApp(t, other)).statusCode).toBe(200);
    const rows = await webhookRows(t);
    expect(rows.map((row) => [row.source, row.processed])).toEqual([
      ['whatsapp', false],
      ['whatsapp', false],
    ]);
    const stored = (await t.ctx.db.execute<{ body: string }>(sql`select body from webhook_inbox order by id limit 1`)).rows[0]!.body;
    expect(stored).toBe(body);
  });

  it('stores a body once when its copies arrive together (one INSERT may hold several)', async () => {
    await clear(t);
    const body = statusBody('wamid.A4', 'delivered');
    const others = Array.from({ length: 10 }, (_, i) => statusBody(`wamid.A4-${i}`, 'delivered'));
    const answers = await Promise.all([...Array.from({ length: 20 }, () => postWhatsApp(t, body)), ...others.map((other) => postWhatsApp(t, other))]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(await webhookRows(t)).toHaveLength(11);
  });

  it('checks the signature on the exact bytes, whatever the content type says', async () => {
    await clear(t);
    const body = '{"object":"whatsapp_business_account","entry":[]}';
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/whatsapp',
      headers: { 'content-type': 'text/plain', 'x-hub-signature-256': signatureOf(body) },
      payload: body,
    });
    expect(answer.statusCode).toBe(200);
    expect(await webhookRows(t)).toHaveLength(1);
  });

  it('does not exist in the sandbox', async () => {
    const body = statusBody('wamid.A3', 'sent');
    expect((await postWhatsApp(sandbox, body)).statusCode).toBe(404);
    expect((await sandbox.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1` })).statusCode).toBe(404);
    expect(await webhookRows(sandbox)).toEqual([]);
  });
});

describe("019's push URLs", () => {
  it('store a report and an inbound SMS under the right secret', async () => {
    await clear(t);
    const dlr = await postSms(t, 'dlr', { external_id: '9b2d4c1e-8f3a-4b5c-9d6e-7f8a9b0c1d2e', status: '0' });
    const inbound = await postSms(t, 'inbound', { phone: '0501234567', message: 'הסר' });
    expect([dlr.statusCode, inbound.statusCode]).toEqual([200, 200]);
    expect((await webhookRows(t)).map((row) => row.source)).toEqual(['sms-dlr', 'sms-inbound']);
  });

  it('answer 404 to a wrong secret and store nothing; so does the sandbox', async () => {
    await clear(t);
    for (const secret of ['wrong-secret-abcdef123456', SMS_SECRET.slice(0, -1), `${SMS_SECRET}x`]) {
      const answer = await postSms(t, 'dlr', { external_id: 'x', status: '0' }, secret);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await postSms(sandbox, 'inbound', { phone: '0501234567', message: 'stop' })).statusCode).toBe(404);
    expect(await webhookRows(t)).toEqual([]);
    expect(await webhookRows(sandbox)).toEqual([]);
  });

  it('never write the secret into a log line, even a short one', async () => {
    const secret = 'short-secret-1234';
    await postSms(logged, 'dlr', { external_id: 'x', status: '0' }, secret);
    await postSms(logged, 'inbound', { phone: '0501234567', message: 'stop' }, secret);
    await postSms(logged, 'dlr', { external_id: 'x', status: '0' }, 'wrong-one');
    await logged.app.inject({ method: 'POST', url: `/api/webhooks/%73ms/${secret}/dlr`, payload: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const text = lines.join('');
    expect(text).toContain('/api/webhooks/sms/[redacted]/dlr');
    expect(text).toContain('/api/webhooks/sms/[redacted]/inbound');
    expect(text).not.toContain(secret);
    expect(text).not.toContain('wrong-one');
    expect(text).not.toContain('0501234567');
  });
});

describe('the processor', () => {
  it('a burst of webhooks queues a few processor jobs, not one per webhook', async () => {
    await clear(t);
    await t.ctx.db.execute(sql`delete from pgboss.job where name = 'messaging.webhooks.process'`);
    await Promise.all(Array.from({ length: 60 }, (_, i) => postWhatsApp(t, statusBody(`wamid.BURST${i}`, 'sent'))));
    // Every request answered has kicked; the trailing kick of the burst is waited for, then its job counted.
    await webhookKicksSettled(t.ctx);
    const jobs = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = 'messaging.webhooks.process'`)).rows[0]!.n;
    expect(await webhookRows(t)).toHaveLength(60);
    expect(jobs).toBeGreaterThanOrEqual(1);
    expect(jobs).toBeLessThanOrEqual(6);
  });

  it('a body that is not JSON is given up at once, its error free of numbers', async () => {
    await clear(t);
    expect((await postWhatsApp(t, 'not json at all +972501234567')).statusCode).toBe(200);
    await processWebhooks(t.ctx);
    const [failed] = await webhookRows(t);
    expect(failed).toMatchObject({ processed: true, attempts: 1, error: expect.stringMatching(/^UnreadableBody/) });
    expect(failed!.error).not.toContain('501234567');
    // Given up: its body is kept for support (processed rows are blanked), and it is not tried again.
    expect((await t.ctx.db.execute<{ body: string }>(sql`select body from webhook_inbox`)).rows[0]!.body).toContain('not json');
    await processWebhooks(t.ctx);
    expect((await webhookRows(t))[0]!.attempts).toBe(1);
  });

  it('a row that fails is counted and tried again, then closed with its error after the limit', async () => {
    await clear(t);
    const body = statusBody('wamid.RETRY1', 'delivered', { outboxId: '0b6f1d2e-3c4a-4b5c-8d9e-0f1a2b3c4d5e' });
    expect((await postWhatsApp(t, body)).statusCode).toBe(200);
    // The keys' table missing for a moment: the statuses' transaction fails (a passing fault, unlike an unreadable body).
    const processWithoutKeys = async () => {
      await t.ctx.db.execute(sql`alter table processed_webhook_events rename to processed_webhook_events_away`);
      try {
        await processWebhooks(t.ctx);
      } finally {
        await t.ctx.db.execute(sql`alter table processed_webhook_events_away rename to processed_webhook_events`);
      }
    };
    await processWithoutKeys();
    expect(await webhookRows(t)).toEqual([expect.objectContaining({ processed: false, attempts: 1 })]);
    await t.ctx.db.execute(sql`update webhook_inbox set claimed_at = null, attempts = ${WEBHOOK_MAX_ATTEMPTS - 1}`);
    await processWithoutKeys();
    expect(await webhookRows(t)).toEqual([expect.objectContaining({ processed: true, attempts: WEBHOOK_MAX_ATTEMPTS })]);
  });

  it('prunes processed webhooks after 7 days and event keys after 30', async () => {
    await clear(t);
    await t.ctx.db.execute(sql`
      insert into webhook_inbox (source, body_hash, body, received_at, processed_at) values
        ('whatsapp', 'old', '{}', now() - interval '8 days', now() - interval '8 days'),
        ('whatsapp', 'recent', '{}', now() - interval '6 days', now() - interval '6 days'),
        ('whatsapp', 'waiting', '{}', now() - interval '9 days', null)`);
    await t.ctx.db.execute(sql`
      insert into processed_webhook_events (source, event_key, processed_at) values
        ('prune-test', 'old', now() - interval '31 days'), ('prune-test', 'recent', now() - interval '29 days')`);
    expect(await pruneWebhooks(t.ctx.db, 7, 30)).toEqual({ rows: 1, keys: 1 });
    expect((await t.ctx.db.execute(sql`select body_hash from webhook_inbox order by body_hash`)).rows).toEqual([{ body_hash: 'recent' }, { body_hash: 'waiting' }]);
    expect((await t.ctx.db.execute(sql`select event_key from processed_webhook_events where source = 'prune-test'`)).rows).toEqual([{ event_key: 'recent' }]);
  });
});
