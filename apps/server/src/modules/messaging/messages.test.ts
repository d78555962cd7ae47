import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, type GuestListResponse, type GuestMessageHistory, type MessageFunnel, type NotificationsResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { applyDeliveryReport } from './inbox.js';
import { pumpOutbox } from './engine/dispatch.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests, setStatus, useRecordingChannels } from './engine/engine-test-kit.js';
import { startAction } from './engine/start-action.js';
import { createMessageRenderer, type RenderGuest } from './templates/render.js';
import { MessageSendError } from '../../providers/messaging/index.js';

let t: TestApp;
let failPhone = '';

beforeAll(async () => {
  t = await createTestApp(MESSAGING_TEST_ENV);
  useRecordingChannels(t, (message) => (message.to === failPhone ? new MessageSendError('bad', { code: 'bad_number', permanent: true }) : 'ok'));
});
afterAll(() => t.close());

const settle = async (eventId: string) => {
  await pumpOutbox(t.ctx, 3_000);
  for (let i = 0; i < 50; i++) {
    const busy = await t.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`);
    if (busy.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe("the host's view of messages", () => {
  it('fills the list and guest screen, the history and the funnel; preview counts SMS parts; resend queues a new wave', async () => {
    const { token, eventId, guests } = await paidEventWithGuests(t, 4, { channel: 1 });
    failPhone = guests[3]!.phoneNumber;
    await t.ctx.db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${guests[2]!.phoneNumber}, 'sms')`);

    const preview = (await t.request('GET', `${API.messages.preview(eventId)}?action=round1`, { token })).json() as { recipients: number; messages: number; smsParts: number };
    expect(preview).toMatchObject({ recipients: 3, messages: 3 });
    expect(preview.smsParts).toBeGreaterThanOrEqual(3);

    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await settle(eventId);
    const rows = await outboxOf(t, eventId);
    const first = rows.find((row) => row.guestId === guests[0]!.id)!;
    await applyDeliveryReport(t.ctx, { channel: 1, providerMessageId: first.providerMessageId!, state: 'read', reason: null, at: new Date() });
    await setStatus(t, guests[1]!.id, 'approved', 1);
    await t.ctx.db.execute(sql`update guests set answered_at = now() where id = ${guests[1]!.id}`);

    const list = (await t.request('GET', `${API.guests.list(eventId)}?page=1&pageSize=50`, { token })).json() as GuestListResponse;
    const item = (id: string) => list.items.find((g) => g.id === id)!;
    // SMS has no read receipts: a gateway's "read" leaves it delivered.
    expect(item(guests[0]!.id).messages).toMatchObject([{ type: 1, channel: 1, state: 'delivered', reason: null }]);
    expect(item(guests[2]!.id)).toMatchObject({ messages: [], optedOut: true });
    expect(item(guests[3]!.id).messages).toMatchObject([{ type: 1, channel: 1, state: 'failed', reason: 'bad_number' }]);
    const one = (await t.request('GET', API.guests.one(eventId, guests[0]!.id), { token })).json() as { messages: unknown[] };
    expect(one.messages).toHaveLength(1);

    const history = (await t.request('GET', API.messages.guest(eventId, guests[0]!.id), { token })).json() as GuestMessageHistory;
    expect(history.optedOut).toBe(false);
    expect(history.items).toHaveLength(1);
    expect(history.items[0]).toMatchObject({ action: 'round1', state: 'delivered', channel: 1 });
    expect(history.items[0]!.text).toBeTruthy();

    const funnel = (await t.request('GET', API.messages.funnel(eventId), { token })).json() as MessageFunnel;
    const round1 = funnel.actions.find((a) => a.action === 'round1')!;
    expect(round1).toMatchObject({ frozen: 3, sent: 2, delivered: 1, read: 0, answered: 1, failed: 1 });
    expect(round1.byChannel['1']).toEqual({ sent: 2, delivered: 1, read: 0, failed: 1 });
    expect(funnel.actions.find((a) => a.action === 'thanks')).toMatchObject({ frozen: 0 });

    // Again to those who did not read: guest 1 answered meanwhile, so nobody; retry the failed: guest 3.
    const unread = await t.request('POST', API.messages.resend(eventId), { token, body: { action: 'round1', only: 'unread' } });
    expect(unread.json()).toEqual({ queued: 0 });
    failPhone = '';
    const retried = await t.request('POST', API.messages.resend(eventId), { token, body: { action: 'round1', only: 'failed' } });
    expect(retried.json()).toEqual({ queued: 1 });
    await settle(eventId);
    const waves = (await outboxOf(t, eventId)).filter((row) => row.guestId === guests[3]!.id).map((row) => [row.wave, row.state]);
    expect(waves).toEqual([
      [0, 'failed'],
      [1, 'sent'],
    ]);
    const again = await t.request('POST', API.messages.resend(eventId), { token, body: { action: 'round1', only: 'failed' } });
    expect(again.json()).toEqual({ queued: 0 });
  });

  it('the start dialog estimates the SMS of a WhatsApp event: guests whose WhatsApp failed or stopped go by SMS; a landline gets nothing', async () => {
    const { token, eventId, guests } = await paidEventWithGuests(t, 4, { channel: 3 });
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, state, reason)
      values (${eventId}, ${guests[0]!.id}, 'round1', 0, 1, 3, 'failed', '131026')`);
    await t.ctx.db.execute(sql`insert into whatsapp_opt_outs (event_id, phone_number) values (${eventId}, ${guests[1]!.phoneNumber})`);
    await t.ctx.db.execute(sql`update guests set phone_number = '+97236401234' where id = ${guests[3]!.id}`);
    const preview = (await t.request('GET', `${API.messages.preview(eventId)}?action=round2`, { token })).json() as {
      recipients: number;
      messages: number;
      smsMessages: number;
      smsParts: number;
    };
    expect(preview).toMatchObject({ recipients: 4, messages: 3, smsMessages: 2 });
    // The sender's own count for those two (today's code said 0 parts for a WhatsApp event).
    const renderer = await createMessageRenderer(t.ctx, eventId);
    const rows = (await t.ctx.db.execute<RenderGuest & Record<string, unknown>>(sql`
      select id, full_name as "fullName", lang, invite_salt as "inviteSalt" from guests where id in (${guests[0]!.id}, ${guests[1]!.id})`)).rows;
    const expected = rows.reduce((sum, guest) => sum + renderer.render({ guest, action: 'round2', channel: 1 }).smsParts, 0);
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(preview.smsParts).toBe(expected);
  });

  it('after a round with failures the list filters "not reached" with its count: a failed SMS and a landline, not the sent', async () => {
    const { token, eventId, guests } = await paidEventWithGuests(t, 4, { channel: 1 });
    failPhone = guests[0]!.phoneNumber;
    await t.ctx.db.execute(sql`update guests set phone_number = '+97246401231' where id = ${guests[1]!.id}`);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await settle(eventId);
    failPhone = '';
    const all = (await t.request('GET', `${API.guests.list(eventId)}?page=1&pageSize=50`, { token })).json() as GuestListResponse;
    expect(all.counts.notReached).toBe(2);
    const filtered = (await t.request('GET', `${API.guests.list(eventId)}?page=1&pageSize=50&status=notReached`, { token })).json() as GuestListResponse;
    expect(filtered.total).toBe(2);
    expect(filtered.items.map((guest) => guest.id).sort()).toEqual([guests[0]!.id, guests[1]!.id].sort());
    expect(filtered.items.find((guest) => guest.id === guests[1]!.id)?.messages).toMatchObject([{ state: 'skipped', reason: 'landline' }]);
    // The bell after the round says how many were reached and how many not (the list's filter).
    let bell: NotificationsResponse | undefined;
    await expect
      .poll(
        async () => {
          bell = (await t.request('GET', API.notifications.list, { token })).json() as NotificationsResponse;
          return bell.items.some((item) => item.eventId === eventId && item.type === 'actionFinished');
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    const finished = bell!.items.filter((item) => item.eventId === eventId);
    expect(finished.map((item) => item.type).sort()).toEqual(['actionFinished', 'messagesFailed']);
    for (const item of finished) expect(item.reach).toEqual({ reached: 2, notReached: 2 });
    // A retry that gets through takes the guest off the filter.
    await t.request('POST', API.messages.resend(eventId), { token, body: { action: 'round1', only: 'failed' } });
    await settle(eventId);
    const after = (await t.request('GET', `${API.guests.list(eventId)}?page=1&pageSize=50&status=notReached`, { token })).json() as GuestListResponse;
    expect(after.items.map((guest) => guest.id)).toEqual([guests[1]!.id]);
  });

  it('refuses another host on every endpoint', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 1);
    const { token: other } = await signUpHost(t);
    const calls = [
      t.request('GET', API.messages.guest(eventId, guests[0]!.id), { token: other }),
      t.request('GET', API.messages.funnel(eventId), { token: other }),
      t.request('GET', `${API.messages.preview(eventId)}?action=round1`, { token: other }),
      t.request('POST', API.messages.resend(eventId), { token: other, body: { action: 'round1', only: 'failed' } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect(await outboxOf(t, eventId)).toEqual([]);
  });

  it('on Shabbat: refuses a resend with the next allowed moment, and the dispatcher holds every ready row until Sunday 09:00', async () => {
    const { token, eventId } = await paidEventWithGuests(t, 2);
    t.ctx.config.messaging.sendingHours = 'israel';
    // Only Date is faked (timers stay real): Saturday 12 January 2030, 12:00 in Jerusalem (far ahead: a moment in the
    // past would put the opening behind the database's own clock).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-12T10:00:00Z'));
    try {
      await startAction(t.ctx, eventId, 'round1', { by: 'host' });
      const res = await t.request('POST', API.messages.resend(eventId), { token, body: { action: 'round1', only: 'failed' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'OUTSIDE_SENDING_HOURS', nextAllowed: '2030-01-13T09:00' });
      await pumpOutbox(t.ctx, 1_000);
      const rows = (await t.ctx.db.execute<{ state: string; notBefore: string }>(
        sql`select state, not_before as "notBefore" from outbox_messages where event_id = ${eventId}`,
      )).rows;
      expect(rows.map((row) => [row.state, new Date(row.notBefore).toISOString()])).toEqual([
        ['queued', '2030-01-13T07:00:00.000Z'],
        ['queued', '2030-01-13T07:00:00.000Z'],
      ]);
    } finally {
      vi.useRealTimers();
      t.ctx.config.messaging.sendingHours = 'always';
    }
  });
});
