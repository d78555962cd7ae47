import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageFunnel, Order, OrdersResponse } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { claimReadyRows, renewClaim } from '../messaging/engine/outbox.repository.js';
import { pumpOutbox } from '../messaging/engine/dispatch.js';
import { startAction } from '../messaging/engine/start-action.js';
import { MESSAGING_TEST_ENV, useRecordingChannels } from '../messaging/engine/engine-test-kit.js';
import { buyPackage } from './billing-test-kit.js';

/** Issue 26 §6: self-service cancellation only before the RSVP start and before anything reached a provider; it stops everything. */

let t: TestApp;
let recording: ReturnType<typeof useRecordingChannels>;
beforeAll(async () => {
  t = await createTestApp(MESSAGING_TEST_ENV);
  recording = useRecordingChannels(t);
});
afterAll(async () => {
  await t?.close();
});

const cancel = (token: string, orderId: string) => t.request('POST', `/orders/${orderId}/cancel`, { token, body: { reason: 'Plans changed' } });
const orderOf = async (token: string, orderId: string) => (await t.request('GET', `/orders/${orderId}`, { token })).json() as Order;

/** A paid event with `guests` guests and round 1 frozen but waiting (not before `wait`), as a started round leaves it. */
const paidEventWithWaitingRound = async (guests = 3, wait = "interval '1 hour'") => {
  const { token, eventId } = await hostWithEvent(t);
  for (let i = 0; i < guests; i++) await addGuest(t, token, eventId);
  const order = await buyPackage(t, token, eventId, { packageId: 2, inviteeCount: 100 });
  await t.ctx.db.execute(sql`
    insert into outbox_messages (event_id, guest_id, action, type, channel, not_before)
    select event_id, id, 'round1', 1, 3, now() + ${sql.raw(wait)} from guests where event_id = ${eventId}`);
  // a call of the call round waiting too
  await t.ctx.db.execute(sql`
    insert into outbox_messages (event_id, guest_id, action, type, channel, not_before)
    select event_id, id, 'calls', 4, 2, now() + interval '1 hour' from guests where event_id = ${eventId} limit 1`);
  return { token, eventId, order };
};

const rowsOf = async (eventId: string) =>
  (await t.ctx.db.execute<{ id: string; state: string; reason: string | null }>(sql`select id, state, reason from outbox_messages where event_id = ${eventId}`)).rows;

describe('cancellation rule', () => {
  it('open before the RSVP start and before any send: every waiting message and call is skipped as cancelled, and never sent', async () => {
    const { token, eventId, order } = await paidEventWithWaitingRound();
    expect((await orderOf(token, order.id)).cancellable).toBe(true);
    const funnel = async () => ((await t.request('GET', `/messages/funnel/${eventId}`, { token })).json() as MessageFunnel).stopped;
    expect(await funnel()).toBe(false);
    const res = await cancel(token, order.id);
    expect([res.statusCode, res.json().status]).toEqual([200, 'refunded']);
    const rows = await rowsOf(eventId);
    expect(rows).toHaveLength(4);
    expect(rows.every((row) => row.state === 'skipped' && row.reason === 'cancelled')).toBe(true);
    // The guest list, the funnel and the call report read this: sending stopped, the package cancelled.
    expect(await funnel()).toBe(true);

    // Even made ready, nothing of the event goes, and no round starts again.
    await t.ctx.db.execute(sql`update outbox_messages set state = 'queued', not_before = now() where event_id = ${eventId} and channel = 3`);
    await pumpOutbox(t.ctx, 500);
    expect(recording.sent.filter((message) => rows.some((row) => row.id === message.outboxId))).toEqual([]);
    await expect(startAction(t.ctx, eventId, 'round1', { by: 'host' })).rejects.toMatchObject({ code: 'EVENT_NOT_PAID' });
  });

  it('closed once a message of the event reached a provider: CANCELLATION_CLOSED, nothing refunded or stopped', async () => {
    const { token, eventId, order } = await paidEventWithWaitingRound();
    await t.ctx.db.execute(sql`
      update outbox_messages set state = 'sent', sent_at = now(), provider_message_id = 'wamid.' || id
      where id = (select id from outbox_messages where event_id = ${eventId} and channel = 3 limit 1)`);
    expect((await orderOf(token, order.id)).cancellable).toBe(false);
    const listed = (await t.request('GET', '/orders', { token })).json() as OrdersResponse;
    expect(listed.active.find((o) => o.id === order.id)?.cancellable).toBe(false);

    const res = await cancel(token, order.id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'CANCELLATION_CLOSED']);
    expect((await orderOf(token, order.id)).status).toBe('paid');
    expect((await rowsOf(eventId)).filter((row) => row.state === 'queued')).toHaveLength(3);
  });

  it('closed once a send was started at the provider (its outcome not yet known)', async () => {
    const { token, eventId, order } = await paidEventWithWaitingRound();
    await t.ctx.db.execute(sql`
      update outbox_messages set claimed_at = now(), call_started_at = now()
      where id = (select id from outbox_messages where event_id = ${eventId} and channel = 3 limit 1)`);
    expect((await cancel(token, order.id)).json().code).toBe('CANCELLATION_CLOSED');
  });

  it('closed once a call of the event was placed', async () => {
    const { token, eventId, order } = await paidEventWithWaitingRound();
    await t.ctx.db.execute(sql`
      insert into call_attempts (outbox_id, event_id, guest_id, attempt, lang, provider)
      select id, event_id, guest_id, 1, 'he', 'sandbox' from outbox_messages where event_id = ${eventId} and channel = 2`);
    expect((await cancel(token, order.id)).json().code).toBe('CANCELLATION_CLOSED');
  });

  it('closed from the RSVP start date on', async () => {
    const { token, eventId, order } = await paidEventWithWaitingRound();
    await t.ctx.db.execute(sql`update events set rsvp_start_date = (now() at time zone 'Asia/Jerusalem')::date where id = ${eventId}`);
    expect((await cancel(token, order.id)).json().code).toBe('CANCELLATION_CLOSED');
    expect((await rowsOf(eventId)).filter((row) => row.state === 'queued')).toHaveLength(4);
  });

  it('a dispatcher that claimed a row before the cancellation never sends it', async () => {
    const { token, eventId, order } = await paidEventWithWaitingRound(2);
    // The dispatcher's own claim, made ready and claimed in one transaction (no other worker sees it unclaimed).
    const claimed = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`update outbox_messages set not_before = now() where event_id = ${eventId} and channel = 3`);
      return claimReadyRows(tx, 3, 10, 60_000);
    });
    const mine = claimed.filter((row) => row.eventId === eventId);
    expect(mine).toHaveLength(2);

    expect((await cancel(token, order.id)).statusCode).toBe(200);
    // The dispatcher goes on: its renewal just before the provider call finds the row no longer queued.
    for (const row of mine) expect(await renewClaim(t.ctx.db, row.id, row.claimToken)).toBeNull();
    await pumpOutbox(t.ctx, 500);
    expect(recording.sent.filter((message) => mine.some((row) => row.id === message.outboxId))).toEqual([]);
    expect((await rowsOf(eventId)).every((row) => row.state === 'skipped' && row.reason === 'cancelled')).toBe(true);
  });
});
