import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake019, type Fake019 } from '../../../../test/fake-019.js';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { applyDeliveryReport } from '../../../modules/messaging/inbox.js';
import { pumpOutbox } from '../../../modules/messaging/engine/dispatch.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests } from '../../../modules/messaging/engine/engine-test-kit.js';
import { startAction } from '../../../modules/messaging/engine/start-action.js';
import { processWebhookRows, recheckSmsRows, SMS_RECHECK_JOB } from '../../../modules/messaging/webhooks/webhook-processing.js';
import { rememberedWebhookEvents } from '../../../modules/messaging/webhooks/webhook-inbox.repository.js';

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

  it('a pushed report the status query does not confirm yet is not taken as applied: re-checked later (1, 5, 15 min), and the same report again is looked at again', async () => {
    const { eventId } = await paidEventWithGuests(t, 2, { channel: 1, phonePrefix: '291' });
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await sendAll(eventId);
    const [first, second] = await outboxOf(t, eventId);
    const push = (id: string) => processWebhookRows(t.ctx, [{ id: -1, source: 'sms-dlr', body: `external_id=${id}&status=102`, attempts: 0 }]);
    const stateOf = async (id: string) => (await outboxOf(t, eventId)).find((row) => row.id === id)?.state;
    const rechecksOf = async (id: string) =>
      (
        await t.ctx.db.execute<{ step: number; inSeconds: number }>(sql`
          select (data->>'step')::int as step, round(extract(epoch from start_after - now()))::int as "inSeconds" from pgboss.job
          where name = ${SMS_RECHECK_JOB} and data->'ids' ? ${id} and state = 'created' order by start_after`)
      ).rows;

    // 019 pushes "delivered" for both, but its status query still says -1 (no confirmation): nothing is applied.
    await push(first!.id);
    await push(second!.id);
    expect([await stateOf(first!.id), await stateOf(second!.id)]).toEqual(['sent', 'sent']);
    expect(await rememberedWebhookEvents(t.ctx.db, 'sms-dlr', [`${first!.id}:102`, `${second!.id}:102`])).toEqual(new Set());
    // A re-check about a minute later is queued for each.
    for (const id of [first!.id, second!.id]) {
      const [recheck] = await rechecksOf(id);
      expect(recheck?.step).toBe(0);
      expect(recheck!.inSeconds).toBeGreaterThan(45);
      expect(recheck!.inSeconds).toBeLessThanOrEqual(60);
    }

    // The first: the same report arrives again once 019 confirms it — not ignored as a replay.
    fake.setStatus(first!.id, 102);
    await push(first!.id);
    expect(await stateOf(first!.id)).toBe('delivered');
    expect(await rememberedWebhookEvents(t.ctx.db, 'sms-dlr', [`${first!.id}:102`])).toEqual(new Set([`${first!.id}:102`]));

    // The second: its first re-check finds it unconfirmed still and queues the next (5 minutes after the push)…
    expect(await recheckSmsRows(t.ctx, { ids: [second!.id], step: 0 })).toEqual({ confirmed: 0, unsettled: 1 });
    const next = (await rechecksOf(second!.id)).find((recheck) => recheck.step === 1);
    expect(next!.inSeconds).toBeGreaterThan(200);
    expect(next!.inSeconds).toBeLessThanOrEqual(240);
    // …where 019 confirms it.
    fake.setStatus(second!.id, 102);
    expect(await recheckSmsRows(t.ctx, { ids: [second!.id], step: 1 })).toEqual({ confirmed: 1, unsettled: 0 });
    expect(await stateOf(second!.id)).toBe('delivered');
    expect((await rechecksOf(second!.id)).filter((recheck) => recheck.step === 2)).toEqual([]);
  });
});
