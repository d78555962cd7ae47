import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFake019, type Fake019 } from '../../../../test/fake-019.js';
import { MessageSendError, type OutgoingMessage, type TextChannelProvider } from '../index.js';
import { readAnswer, readTransactions } from './client.js';
import { createSms019Channel, smsReasonOfSendCode } from './index.js';

const SECRET = 'push-secret-0123456789abcdef';
let fake: Fake019;
let sms: TextChannelProvider;
/** The same adapter cutting calls sooner: the timeout cases only (a loaded machine must not time out the others). */
let impatient: TextChannelProvider;
let verifyPathSecret: (secret: string) => boolean;

const configFor = (apiUrl: string, token = 'fake-019-token') =>
  ({ provider: '019', apiUrl, username: 'magiim', token, webhookSecret: SECRET, sender: 'Magiim', twoWay: false }) as const;

const message = (overrides: Partial<OutgoingMessage> = {}): OutgoingMessage => ({
  outboxId: randomUUID(),
  channel: 1,
  to: '+972501234567',
  text: 'שלום דנה, הוזמנת לחתונה של נועה ואיתי 💍 אשרו הגעה: https://magiim.co.il/i/abc\nלהסרה השיבו הסר',
  lang: 'he',
  template: null,
  ...overrides,
});

const sendError = async (promise: Promise<unknown>): Promise<MessageSendError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MessageSendError);
  return error as MessageSendError;
};

beforeAll(async () => {
  fake = await startFake019({ blocklist: ['0509999999'] });
  ({ channel: sms, controls: { verifyPathSecret } } = createSms019Channel(configFor(fake.url), { timeoutMs: 10_000 }));
  impatient = createSms019Channel(configFor(fake.url), { timeoutMs: 1_000 }).channel;
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.sent.length = 0;
  fake.dlrQueries.length = 0;
});

describe('019 send', () => {
  it('posts the documented body: sender, local destination with our outbox id, the Hebrew text intact', async () => {
    const out = message();
    const accepted = await sms.send(out);
    expect(accepted).toEqual({ providerMessageId: out.outboxId });
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]!.body).toEqual({
      sms: { user: { username: 'magiim' }, source: 'Magiim', destinations: { phone: [{ $: { id: out.outboxId }, _: '0501234567' }] }, message: out.text },
    });
    expect(fake.sent[0]!.message).toBe(out.text);
  });

  it.each([
    [8, true],
    [9, true],
    [1, true],
    [3, false],
    [4, false],
    [5, false],
    [6, false],
    [12, false],
  ])('status %i → sms019:%i, permanent %s', async (status, permanent) => {
    fake.failNext(1, status);
    const error = await sendError(sms.send(message()));
    expect(error).toMatchObject({ code: `sms019:${status}`, permanent, outcomeUnknown: false });
  });

  it('a numeric sender (two-way) goes in the local form', async () => {
    const { channel } = createSms019Channel({ ...configFor(fake.url), sender: '+972559990000', twoWay: true }, { timeoutMs: 10_000 });
    await channel.send(message());
    expect(fake.sent[0]!.source).toBe('0559990000');
    const { channel: withoutPlus } = createSms019Channel({ ...configFor(fake.url), sender: '972559990000', twoWay: true }, { timeoutMs: 10_000 });
    await withoutPlus.send(message());
    expect(fake.sent[1]!.source).toBe('0559990000');
  });

  it('the codes it throws read as our reasons for the host', () => {
    expect(smsReasonOfSendCode('sms019:9')).toBe('invalidNumber');
    expect(smsReasonOfSendCode('sms019:invalidNumber')).toBe('invalidNumber');
    expect(smsReasonOfSendCode('sms019:8')).toBe('optedOut');
    expect(smsReasonOfSendCode('sms019:4')).toBe('noCredit');
    expect(smsReasonOfSendCode('sms019:http500')).toBeNull();
    expect(smsReasonOfSendCode('131026')).toBeNull();
  });

  it('a blocklisted number is refused for good (8), as the real gateway would answer', async () => {
    const error = await sendError(sms.send(message({ to: '+972509999999' })));
    expect(error).toMatchObject({ code: 'sms019:8', permanent: true, outcomeUnknown: false });
    expect(fake.sent).toHaveLength(0);
  });

  it('a number that cannot be written locally is refused without a call', async () => {
    const before = fake.requests;
    const error = await sendError(sms.send(message({ to: 'not-a-number' })));
    expect(error).toMatchObject({ code: 'sms019:invalidNumber', permanent: true });
    expect(fake.requests).toBe(before);
  });

  it('a wrong token is status 3, retried later (the account, not the message)', async () => {
    const { channel } = createSms019Channel(configFor(fake.url, 'wrong-token'), { timeoutMs: 10_000 });
    const error = await sendError(channel.send(message()));
    expect(error).toMatchObject({ code: 'sms019:3', permanent: false, outcomeUnknown: false, accountWide: true });
    expect(error.message).not.toContain('wrong-token');
  });

  it.each(['http500', 'http502', 'http503', 'http504'] as const)('%s (a proxy or 019 failing) may come after the message was taken: an unknown outcome', async (fault) => {
    fake.failNext(1, fault);
    const out = message();
    expect(await sendError(sms.send(out))).toMatchObject({ code: `sms019:${fault}`, permanent: false, outcomeUnknown: true, accountWide: false });
    // Not taken this time: the lookup the engine makes before any resend says it is safe to send.
    expect(await sms.lookup(out.outboxId)).toEqual({ known: false });
  });

  it('a 502 after 019 took the message is an unknown outcome, and the lookup finds it (no second SMS)', async () => {
    fake.failNext(1, 'taken-http502');
    const out = message();
    expect(await sendError(sms.send(out))).toMatchObject({ code: 'sms019:http502', outcomeUnknown: true });
    expect(fake.sent.map((s) => s.outboxId)).toEqual([out.outboxId]);
    expect(await sms.lookup(out.outboxId)).toEqual({ known: true, providerMessageId: out.outboxId });
  });

  it.each(['http401', 'http403'] as const)('%s is our token or account: retried, account-wide, never an unknown outcome', async (fault) => {
    fake.failNext(1, fault);
    expect(await sendError(sms.send(message()))).toMatchObject({ code: `sms019:${fault}`, permanent: false, outcomeUnknown: false, accountWide: true });
  });

  it.each([3, 10, 11])('credential status %i is account-wide (retried, the guest not at fault)', async (status) => {
    fake.failNext(1, status);
    expect(await sendError(sms.send(message()))).toMatchObject({ code: `sms019:${status}`, permanent: false, accountWide: true });
  });

  it.each([4, 5, 8, 9])('status %i is not account-wide', async (status) => {
    fake.failNext(1, status);
    expect(await sendError(sms.send(message()))).toMatchObject({ accountWide: false });
  });

  it('a DLR query refused for the token is account-wide', async () => {
    fake.failNext(1, 10, 'dlr');
    await expect(sms.lookup(randomUUID())).rejects.toMatchObject({ code: 'sms019:10', accountWide: true });
  });

  it.each(['+447700900123', '+12025550123', '+33612345678'])('a number outside Israel (%s) is refused for good without a call: internationalNumber', async (to) => {
    const before = fake.requests;
    const error = await sendError(sms.send(message({ to })));
    expect(error).toMatchObject({ code: 'internationalNumber', permanent: true, outcomeUnknown: false, accountWide: false });
    expect(fake.requests).toBe(before);
    expect(smsReasonOfSendCode(error.code)).toBe('internationalNumber');
  });

  it('Israeli numbers still go: mobiles and landlines, with or without the plus', async () => {
    for (const to of ['+972521112233', '+97239001122']) await sms.send(message({ to }));
    expect(fake.sent.map((s) => s.to)).toEqual(['0521112233', '039001122']);
  });

  it('the fake refuses an international destination too (status 9), as 019 documents Israeli numbers only', async () => {
    const response = await fetch(fake.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${fake.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sms: { user: { username: 'magiim' }, source: 'Magiim', destinations: { phone: [{ $: { id: 'x' }, _: '00447700900123' }] }, message: 'hi' } }),
    });
    expect(await response.json()).toMatchObject({ status: 9 });
    expect(fake.sent).toHaveLength(0);
  });

  it('a text of 1,005 characters goes; one more is refused for good before calling: tooLong', async () => {
    await sms.send(message({ text: 'א'.repeat(1005) }));
    expect(fake.sent).toHaveLength(1);
    const before = fake.requests;
    const error = await sendError(sms.send(message({ text: 'א'.repeat(1006) })));
    expect(error).toMatchObject({ code: 'tooLong', permanent: true, outcomeUnknown: false });
    expect(fake.requests).toBe(before);
    expect(smsReasonOfSendCode('tooLong')).toBe('tooLong');
    // Characters, not UTF-16 units: 1,005 emoji still go.
    await sms.send(message({ text: '💍'.repeat(1005) }));
    expect(fake.sent).toHaveLength(2);
  });

  it('019 status 9 means a destination too short or too long (its documented meaning): a wrong number, for good', async () => {
    fake.failNext(1, 9);
    const error = await sendError(sms.send(message()));
    expect(error).toMatchObject({ code: 'sms019:9', permanent: true });
    expect(smsReasonOfSendCode(error.code)).toBe('invalidNumber');
  });

  it('a timeout after the gateway took the message is an unknown outcome, and the lookup finds it', async () => {
    fake.failNext(1, 'timeout');
    const out = message();
    expect(await sendError(impatient.send(out))).toMatchObject({ code: 'sms019:timeout', outcomeUnknown: true });
    expect(await sms.lookup(out.outboxId)).toEqual({ known: true, providerMessageId: out.outboxId });
  });

  it('a timeout before anything was taken is unknown too; the lookup then says unknown (safe to send)', async () => {
    fake.failNext(1, 'hang');
    const out = message();
    expect(await sendError(impatient.send(out))).toMatchObject({ outcomeUnknown: true });
    expect(await sms.lookup(out.outboxId)).toEqual({ known: false });
  });

  it('an answer that is not JSON is an unknown outcome', async () => {
    fake.failNext(1, 'notJson');
    expect(await sendError(sms.send(message()))).toMatchObject({ code: 'sms019:badAnswer', outcomeUnknown: true });
  });

  it('a refused connection is retried (nothing was written)', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const { channel } = createSms019Channel(configFor(`http://127.0.0.1:${port}/api`), { timeoutMs: 10_000 });
    expect(await sendError(channel.send(message()))).toMatchObject({ code: 'sms019:unreachable', permanent: false, outcomeUnknown: false });
  });
});

describe('019 DLR query', () => {
  it('answers reports for the messages with an outcome, mapped to our states and reasons', async () => {
    const delivered = message();
    const kosher = message({ to: '+972521112233' });
    const blocked = message({ to: '+972531112233' });
    const pending = message({ to: '+972541112233' });
    for (const m of [delivered, kosher, blocked, pending]) await sms.send(m);
    const at = new Date('2026-11-24T08:15:30Z');
    fake.setStatus(delivered.outboxId, 102, at);
    fake.setStatus(kosher.outboxId, 15, at);
    fake.setStatus(blocked.outboxId, 17, at);
    const reports = await sms.queryStatus!([delivered, kosher, blocked, pending].map((m) => ({ outboxId: m.outboxId, providerMessageId: m.outboxId })));
    expect(reports.sort((a, b) => a.reason?.localeCompare(b.reason ?? '') ?? -1)).toEqual(
      [
        { channel: 1, providerMessageId: delivered.outboxId, outboxId: delivered.outboxId, state: 'delivered', reason: null, at },
        { channel: 1, providerMessageId: kosher.outboxId, outboxId: kosher.outboxId, state: 'failed', reason: 'kosherNoSms', at },
        { channel: 1, providerMessageId: blocked.outboxId, outboxId: blocked.outboxId, state: 'failed', reason: 'optedOut', at },
      ].sort((a, b) => a.reason?.localeCompare(b.reason ?? '') ?? -1),
    );
    expect(fake.dlrQueries).toHaveLength(1);
    expect(fake.dlrQueries[0]!.externalIds.sort()).toEqual([delivered, kosher, blocked, pending].map((m) => m.outboxId).sort());
  });

  it('asks at most 1,000 ids per query', async () => {
    const ids = Array.from({ length: 1001 }, () => ({ outboxId: randomUUID(), providerMessageId: 'x' }));
    expect(await sms.queryStatus!(ids)).toEqual([]);
    expect(fake.dlrQueries.map((q) => q.externalIds.length)).toEqual([1000, 1]);
  });

  it('a refused query throws (the rows stay as they are)', async () => {
    fake.failNext(1, 3, 'dlr');
    await expect(sms.queryStatus!([{ outboxId: randomUUID(), providerMessageId: 'x' }])).rejects.toMatchObject({ code: 'sms019:3' });
  });

  it('lookup: unknown for an id 019 never saw', async () => {
    expect(await sms.lookup(randomUUID())).toEqual({ known: false });
  });
});

describe('019 answers in either JSON shape', () => {
  it('reads the status flat or under the operation key, and transactions as array or {transaction}', () => {
    expect(readAnswer({ status: 0, message: 'SMS will be sent', shipment_id: 12 }, 'sms')).toEqual({ status: 0, message: 'SMS will be sent', shipmentId: '12' });
    expect(readAnswer({ sms: { status: ['4'], message: ['Not enough credit'] } }, 'sms')).toMatchObject({ status: 4 });
    expect(readAnswer('<xml/>', 'sms').status).toBeNull();
    const one = { external_id: 'a', status: '102', date: '24/11/2026 10:15:30' };
    expect(readTransactions({ dlr: { status: 0, transactions: { transaction: [one] } } })).toEqual([{ externalId: 'a', status: 102, at: new Date('2026-11-24T08:15:30Z'), shipmentId: null }]);
    expect(readTransactions({ status: 0, transactions: { transaction: one } })).toHaveLength(1);
    expect(readTransactions({ status: 0, transactions: [] })).toEqual([]);
  });
});

describe('019 push secret', () => {
  it('accepts only the configured secret', () => {
    expect(verifyPathSecret(SECRET)).toBe(true);
    expect(verifyPathSecret(`${SECRET}x`)).toBe(false);
    expect(verifyPathSecret(SECRET.slice(0, -1))).toBe(false);
    expect(verifyPathSecret('')).toBe(false);
  });
});

describe('fake 019 push forms', () => {
  it('its DLR and inbound forms parse through the adapter', async () => {
    const { parse019Dlr, parse019Inbound } = await import('./index.js');
    const out = message();
    await sms.send(out);
    fake.setStatus(out.outboxId, 16);
    expect(parse019Dlr(fake.dlrForm(out.outboxId))[0]).toMatchObject({ outboxId: out.outboxId, report: { state: 'failed', reason: 'notAllowedNow' } });
    expect(parse019Inbound(fake.inboundForm('+972501234567', 'stop'))[0]!.reply).toMatchObject({ from: '+972501234567', text: 'stop', channel: 1 });
  });
});
