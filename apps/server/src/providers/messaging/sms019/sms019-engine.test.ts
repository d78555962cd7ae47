import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake019, type Fake019 } from '../../../../test/fake-019.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { applyDeliveryReport } from '../../../modules/messaging/inbox.js';
import { pumpOutbox } from '../../../modules/messaging/engine/dispatch.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests } from '../../../modules/messaging/engine/engine-test-kit.js';
import { startAction } from '../../../modules/messaging/engine/start-action.js';

// The engine on SMS_PROVIDER=019 against the fake: what it sends, and what the DLR query then tells the rows.
let fake: Fake019;
let t: TestApp;

beforeAll(async () => {
  fake = await startFake019({ token: 'engine-019-token', username: 'magiim-engine', blocklist: ['0529000003'] });
  t = await createTestApp({
    ...MESSAGING_TEST_ENV,
    SMS_PROVIDER: '019',
    SMS019_API_URL: fake.url,
    SMS019_USERNAME: 'magiim-engine',
    SMS019_TOKEN: 'engine-019-token',
    SMS_SENDER: 'Magiim',
    SMS_WEBHOOK_SECRET: 'engine-test-secret-0123456789',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Sends what is ready until no SMS row of the event is queued (the app's own worker may send some of them). */
const sendAll = async (eventId: string) => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    await pumpOutbox(t.ctx, 3_000);
    const queued = await t.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`);
    if (queued.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('rows still queued');
};

describe('the engine on 019', () => {
  it('sends each guest one SMS with the rendered Hebrew text, and the DLR query moves the rows', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 3, { channel: 1, phonePrefix: '290' });
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await sendAll(eventId);
    const rows = await outboxOf(t, eventId);
    expect(rows).toHaveLength(3);
    const byPhone = new Map(guests.map((g) => [g.phoneNumber, g.id]));
    const rowOf = (phone: string) => rows.find((r) => r.guestId === byPhone.get(phone))!;
    const [first, second, blocked] = ['+972529000001', '+972529000002', '+972529000003'].map(rowOf);

    // The blocklisted number was refused for good (status 8); the two others went once each, as the outbox wrote them.
    expect(blocked).toMatchObject({ state: 'failed', reason: 'sms019:8' });
    expect(fake.sent.map((s) => s.outboxId).sort()).toEqual([first!.id, second!.id].sort());
    const texts = new Map((await t.ctx.db.execute<{ id: string; text: string }>(sql`select id, text from outbox_messages where event_id = ${eventId}`)).rows.map((r) => [r.id, r.text]));
    for (const sms of fake.sent) {
      expect(sms.message).toBe(texts.get(sms.outboxId));
      expect(sms.message).toMatch(/[\u0590-\u05FF]/);
      expect(sms.source).toBe('Magiim');
    }
    expect(first).toMatchObject({ state: 'sent', providerMessageId: first!.id });

    fake.setStatus(first!.id, 102);
    fake.setStatus(second!.id, 15);
    const reports = await t.ctx.messaging.sms.queryStatus!([first!, second!].map((r) => ({ outboxId: r.id, providerMessageId: r.providerMessageId! })));
    for (const report of reports) await applyDeliveryReport(t.ctx, report);
    const after = await outboxOf(t, eventId);
    expect(after.find((r) => r.id === first!.id)).toMatchObject({ state: 'delivered' });
    expect(after.find((r) => r.id === second!.id)).toMatchObject({ state: 'failed', reason: 'kosherNoSms' });
  });
});
