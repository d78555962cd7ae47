import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { GuestDto, MessageState } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { messageOptOuts, outboxMessages } from '../../../db/schema/messaging.js';
import { guests } from '../../../db/schema/events.js';
import type { TextChannel } from '../../../providers/messaging/index.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { handleInboundReply } from './handle-reply.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let rows = 0;
/** An outbox row as the engine leaves it: sent (the provider took it) or still waiting. */
const outboxRow = async (
  guest: GuestDto,
  eventId: string,
  values: { action: 'round1' | 'round2' | 'round3' | 'direction'; channel: TextChannel; state: MessageState; claimed?: boolean },
) => {
  rows += 1;
  const sent = values.state !== 'queued' && values.state !== 'skipped';
  const [row] = await t.ctx.db
    .insert(outboxMessages)
    .values({
      eventId,
      guestId: guest.id,
      action: values.action,
      type: values.action === 'direction' ? 2 : 1,
      channel: values.channel,
      state: values.state,
      claimedAt: values.claimed || sent ? new Date() : null,
      providerMessageId: sent ? `test-${rows}` : null,
      sentAt: sent ? new Date() : null,
    })
    .returning({ id: outboxMessages.id });
  return row!.id;
};

const stateOf = async (id: string) => {
  const [row] = await t.ctx.db.select({ state: outboxMessages.state, reason: outboxMessages.reason }).from(outboxMessages).where(eq(outboxMessages.id, id));
  return row;
};

const optOutOf = async (eventId: string, phoneNumber: string) =>
  (await t.ctx.db.select().from(messageOptOuts).where(and(eq(messageOptOuts.eventId, eventId), eq(messageOptOuts.phoneNumber, phoneNumber))))[0];

const optedOutBell = async (eventId: string) =>
  (
    await t.ctx.db.execute<{ count: number }>(sql`select count from notifications where event_id = ${eventId}::uuid and type = 'guestOptedOut'`)
  ).rows.map((r) => r.count);

/** A guest messaged round 1 on `channel`, with round 2 waiting on both channels and round 3 claimed by a worker. */
const messagedGuest = async (channel: TextChannel) => {
  const { token, eventId } = await hostWithEvent(t);
  const guest = await addGuest(t, token, eventId);
  const other: TextChannel = channel === 3 ? 1 : 3;
  const ids = {
    sent: await outboxRow(guest, eventId, { action: 'round1', channel, state: 'delivered' }),
    waiting: await outboxRow(guest, eventId, { action: 'round2', channel, state: 'queued' }),
    waitingOther: await outboxRow(guest, eventId, { action: 'round2', channel: other, state: 'queued' }),
    claimed: await outboxRow(guest, eventId, { action: 'round3', channel, state: 'queued', claimed: true }),
  };
  return { token, eventId, guest, ids };
};

const reply = (channel: TextChannel, from: string, text: string) => handleInboundReply(t.ctx, { channel, from, text, at: new Date() });

describe('guest replies inside a channel', () => {
  const cases: [string, TextChannel][] = [
    ['הסר', 3],
    ['ה ס ר', 1],
    ['stop', 3],
    ['STOP', 1],
    ['стоп', 3],
    ['Стоп', 1],
    ['توقف', 3],
    ['توقف', 1],
  ];
  it.each(cases)('%j on channel %i opts the guest out of the event on every channel', async (text, channel) => {
    const { eventId, guest, ids } = await messagedGuest(channel);
    await reply(channel, guest.phoneNumber, text);

    expect(await optOutOf(eventId, guest.phoneNumber)).toMatchObject({ via: channel === 3 ? 'whatsapp' : 'sms' });
    expect(await stateOf(ids.waiting)).toEqual({ state: 'skipped', reason: 'optedOut' });
    expect(await stateOf(ids.waitingOther)).toEqual({ state: 'skipped', reason: 'optedOut' });
    // Sent stays sent; a row in a worker's hands is left to the engine's check before its call.
    expect(await stateOf(ids.sent)).toEqual({ state: 'delivered', reason: null });
    expect(await stateOf(ids.claimed)).toEqual({ state: 'queued', reason: null });
    expect(await optedOutBell(eventId)).toEqual([1]);
  });

  it('reads the number in any form the provider sends it', async () => {
    const { eventId, guest } = await messagedGuest(3);
    await reply(3, guest.phoneNumber.replace('+', ''), 'הסר');
    expect(await optOutOf(eventId, guest.phoneNumber)).toBeDefined();
  });

  it('does not opt out on any other text', async () => {
    const { eventId, guest, ids } = await messagedGuest(3);
    for (const text of ['כן, מגיעים!', 'please stop the music', 'stopped']) await reply(3, guest.phoneNumber, text);
    expect(await optOutOf(eventId, guest.phoneNumber)).toBeUndefined();
    expect(await stateOf(ids.waiting)).toEqual({ state: 'queued', reason: null });
    expect(await optedOutBell(eventId)).toEqual([]);
  });

  it('opts out of every event that messaged the number, not of one that never did; a second "stop" rings no second bell', async () => {
    const first = await messagedGuest(3);
    const phoneNumber = first.guest.phoneNumber;
    const second = await hostWithEvent(t);
    const secondGuest = await addGuest(t, second.token, second.eventId, { phoneNumber });
    await outboxRow(secondGuest, second.eventId, { action: 'round1', channel: 3, state: 'read' });
    const untouched = await hostWithEvent(t);
    const notMessaged = await addGuest(t, untouched.token, untouched.eventId, { phoneNumber });
    const waitingThere = await outboxRow(notMessaged, untouched.eventId, { action: 'round1', channel: 3, state: 'queued' });

    await reply(3, phoneNumber, 'stop');
    await reply(3, phoneNumber, 'STOP');

    expect(await optOutOf(first.eventId, phoneNumber)).toBeDefined();
    expect(await optOutOf(second.eventId, phoneNumber)).toBeDefined();
    expect(await optOutOf(untouched.eventId, phoneNumber)).toBeUndefined();
    expect(await stateOf(waitingThere)).toEqual({ state: 'queued', reason: null });
    expect(await optedOutBell(first.eventId)).toEqual([1]);
    expect(await optedOutBell(second.eventId)).toEqual([1]);
  });

  it('takes an SMS "stop" to a guest messaged only on WhatsApp', async () => {
    const { eventId, guest, ids } = await messagedGuest(3);
    await reply(1, guest.phoneNumber, 'stop');
    expect(await optOutOf(eventId, guest.phoneNumber)).toMatchObject({ via: 'sms' });
    expect(await stateOf(ids.waiting)).toEqual({ state: 'skipped', reason: 'optedOut' });
  });

  it('does nothing for a number nobody messaged', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId);
    await reply(3, guest.phoneNumber, 'הסר');
    expect(await optOutOf(eventId, guest.phoneNumber)).toBeUndefined();
  });

  it('reads an SMS 1 / 2 / 3 as no answer when the invitation could not ask for one (a sender name, not a number)', async () => {
    const { eventId, guest } = await messagedGuest(1);
    expect(t.ctx.config.sms.twoWay).toBe(false);
    await reply(1, guest.phoneNumber, '1');
    const [row] = await t.ctx.db.select({ status: guests.status }).from(guests).where(eq(guests.id, guest.id));
    expect(row?.status).toBe('pending');
    expect(await optOutOf(eventId, guest.phoneNumber)).toBeUndefined();
  });
});

