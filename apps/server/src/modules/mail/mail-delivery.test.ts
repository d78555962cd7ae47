import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkTokenFrom, PASSWORD, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { openPayload, payloadKeyFrom, sealPayload } from '../../platform/payload-crypto.js';
import type { MailMessage, MailTransport } from '../../providers/mail/index.js';
import { createMailQueue } from './mail.jobs.js';
import { findDelivery } from './mail-deliveries.repository.js';

const register = (t: TestApp, email: string) =>
  t.request('POST', '/auth/register', {
    body: { fullName: 'Mail Host', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'en' },
  });

/** Every stored job row (live and archived) as text. */
const jobTablesText = async (t: TestApp) => {
  const { rows } = await t.ctx.database.pool.query<{ row: string }>(
    `select j::text as row from pgboss.job j union all select a::text from pgboss.archive a`,
  );
  return rows.map((r) => r.row).join('\n');
};

describe('payload sealing', () => {
  const key = payloadKeyFrom('a secret from secrets.json');
  it('opens only with the same key and context', () => {
    const sealed = sealPayload(key, { link: 'https://x/reset-password/abc' }, 'row-1');
    expect(sealed).not.toContain('reset-password');
    expect(openPayload(key, sealed, 'row-1')).toEqual({ link: 'https://x/reset-password/abc' });
    expect(() => openPayload(key, sealed, 'row-2')).toThrow();
    expect(() => openPayload(payloadKeyFrom('another'), sealed, 'row-1')).toThrow();
  });
});

describe('no usable secret in the job tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { worker: false });
  });
  afterAll(async () => t?.close());

  it('queues a registration e-mail with neither its link nor its address in clear', async () => {
    const email = uniqueEmail('sealed');
    expect((await register(t, email)).statusCode).toBe(201);
    const { rows } = await t.ctx.database.pool.query<{ id: string; sealed: string }>(
      `select id, sealed from mail_deliveries order by created_at desc limit 1`,
    );
    const delivery = rows[0]!;
    const message = openPayload<MailMessage>(payloadKeyFrom(t.config.secrets.payloadKey), delivery.sealed, delivery.id);
    expect(message.to).toBe(email);
    const token = linkTokenFrom(message, 'verify-email');
    const stored = `${await jobTablesText(t)}\n${delivery.sealed}`;
    expect(stored).toContain(delivery.id);
    for (const secret of [token, email, 'verify-email']) expect(stored).not.toContain(secret);
  });
});

describe('mail sent through the worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('leaves no link in the job tables or the delivery record once sent', async () => {
    const email = uniqueEmail('sent');
    expect((await register(t, email)).statusCode).toBe(201);
    const token = linkTokenFrom(await t.waitForMail(email), 'verify-email');
    const { rows } = await t.ctx.database.pool.query<{ row: string }>(`select d::text as row from mail_deliveries d`);
    const stored = `${await jobTablesText(t)}\n${rows.map((r) => r.row).join('\n')}`;
    expect(stored).toContain('sent');
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(email);
  });
});

describe('at most once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { worker: false });
  });
  afterAll(async () => t?.close());

  const message: MailMessage = { to: 'guest@example.com', subject: 's', html: '<p>h</p>', text: 't' };

  /** A queue whose transport records each message and behaves as `behave` says for that attempt. */
  const queueWith = (behave: (attempt: number) => 'ok' | 'refuse' | 'hang') => {
    const sent: MailMessage[] = [];
    let attempts = 0;
    const transport: MailTransport = {
      name: 'test',
      send: async (m) => {
        const mode = behave(++attempts);
        if (mode === 'refuse') throw new Error('451 try later');
        sent.push(m);
        // Accepted by the server, but the process dies before it hears so: the promise never settles.
        if (mode === 'hang') return new Promise<void>(() => {});
      },
    };
    let jobData: { deliveryId: string } | undefined;
    const queue = createMailQueue({
      db: t.ctx.db,
      jobs: { send: async (_job, data) => void (jobData = data as { deliveryId: string }) },
      transport,
      payloadSecret: t.config.secrets.payloadKey,
    });
    return { queue, sent, deliveryId: () => jobData!.deliveryId };
  };

  it('does not send again when the attempt that sent it was cut off before it could record so', async () => {
    const { queue, sent, deliveryId } = queueWith((n) => (n === 1 ? 'hang' : 'ok'));
    await queue.enqueueEmail(message);
    void queue.deliver({ deliveryId: deliveryId() }); // the crashed attempt
    while (sent.length === 0) await new Promise((r) => setTimeout(r, 10));
    await queue.deliver({ deliveryId: deliveryId() }); // pg-boss retries after the job expires
    await queue.deliver({ deliveryId: deliveryId() });
    expect(sent).toHaveLength(1);
    expect(await findDelivery(t.ctx.db, deliveryId())).toMatchObject({ status: 'abandoned', sealed: null });
  });

  it('retries a refused message and then sends it exactly once', async () => {
    const { queue, sent, deliveryId } = queueWith((n) => (n === 1 ? 'refuse' : 'ok'));
    await queue.enqueueEmail(message);
    await expect(queue.deliver({ deliveryId: deliveryId() })).rejects.toThrow('451');
    await queue.deliver({ deliveryId: deliveryId() });
    await queue.deliver({ deliveryId: deliveryId() });
    expect(sent).toEqual([message]);
    expect(await findDelivery(t.ctx.db, deliveryId())).toMatchObject({ status: 'sent', sealed: null, attempts: 2 });
  });

  it('sends once when the same job runs in parallel', async () => {
    const { queue, sent, deliveryId } = queueWith(() => 'ok');
    await queue.enqueueEmail(message);
    await Promise.all(Array.from({ length: 5 }, () => queue.deliver({ deliveryId: deliveryId() })));
    expect(sent).toHaveLength(1);
  });

  it('says why when the message was sealed with another key, and keeps it for a retry', async () => {
    const { queue, deliveryId } = queueWith(() => 'ok');
    await queue.enqueueEmail(message);
    const stranger = createMailQueue({ db: t.ctx.db, jobs: { send: async () => {} }, transport: { name: 'x', send: async () => {} }, payloadSecret: 'another key' });
    await expect(stranger.deliver({ deliveryId: deliveryId() })).rejects.toThrow(/secrets\.json/);
    expect(await findDelivery(t.ctx.db, deliveryId())).toMatchObject({ status: 'queued' });
  });

  it('skips a delivery that no longer exists', async () => {
    const { queue, sent } = queueWith(() => 'ok');
    await queue.deliver({ deliveryId: randomUUID() });
    expect(sent).toHaveLength(0);
  });
});
