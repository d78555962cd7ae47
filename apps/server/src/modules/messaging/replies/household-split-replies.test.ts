import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GuestDto, HouseholdSplitMode } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { outboxMessages } from '../../../db/schema/messaging.js';
import type { TextChannel } from '../../../providers/messaging/index.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { handleInboundReplyIn } from './handle-reply.js';

/** Issue 32: after "coming" and the count, the WhatsApp and SMS conversations ask the split in the guest's language. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // The invitation SMS asks for a numbered reply (a numeric sender), as with a two-way SMS provider.
  t.ctx.config.sms = { ...t.ctx.config.sms, twoWay: true };
});
afterAll(async () => {
  await t?.close();
});

const messagedGuest = async (mode: HouseholdSplitMode, channel: TextChannel, lang: 'he' | 'en') => {
  const { token, eventId } = await hostWithEvent(t);
  await t.request('POST', `/event/editEvent/${eventId}`, { token, body: { householdSplit: mode } });
  const guest: GuestDto = await addGuest(t, token, eventId, { countOfInvites: 4, lang });
  const [row] = await t.ctx.db
    .insert(outboxMessages)
    .values({ eventId, guestId: guest.id, action: 'round1', type: 1, channel, state: 'delivered', claimedAt: new Date(), providerMessageId: `split-${guest.id}`, sentAt: new Date() })
    .returning({ id: outboxMessages.id });
  return { eventId, guest, outboxId: row!.id };
};

/** One reply in its own transaction; the SMS texts it would send. */
const reply = async (channel: TextChannel, from: string, text: string, payload?: string) => {
  const out = await t.ctx.db.transaction((tx) => handleInboundReplyIn(t.ctx, tx, { channel, from, text, at: new Date(), ...(payload ? { payload } : {}) }));
  return out.flatMap((message) => ('sms' in message ? [message.sms.text] : ['(whatsapp)']));
};

const answerOf = async (guestId: string) =>
  (await t.ctx.db.execute<{ status: string; attending: number | null; split: unknown }>(sql`select status, attending, answer_split as split from guests where id = ${guestId}::uuid`)).rows[0];
const stepOf = async (guestId: string) =>
  (await t.ctx.db.execute<{ step: string | null }>(sql`select step from whatsapp_conversations where guest_id = ${guestId}::uuid`)).rows[0]?.step;

describe('the conversation asks the split', () => {
  it('by SMS: coming, the count, then how many children; a number above the count is asked again', async () => {
    const { guest } = await messagedGuest('adultsChildren', 1, 'en');
    expect((await reply(1, guest.phoneNumber, '1')).join()).toContain('How many of you are coming');
    expect(await reply(1, guest.phoneNumber, '3')).toEqual(['Of the 3 coming, how many are children? Please send a number (0 if none).']);
    expect(await answerOf(guest.id)).toMatchObject({ status: 'approved', attending: 3, split: null });
    expect(await reply(1, guest.phoneNumber, '5')).toEqual(['Please send a number from 0 to 3.']);
    expect((await answerOf(guest.id))?.split).toBeNull();
    const done = await reply(1, guest.phoneNumber, '2');
    expect(done.join()).toContain('http://magiim.test/invite/');
    expect(await answerOf(guest.id)).toEqual({ status: 'approved', attending: 3, split: { adults: 1, children: 2 } });
    const history = await t.ctx.db.execute<{ split: unknown; source: string }>(sql`select split, source from guest_answers where guest_id = ${guest.id}::uuid order by seq desc limit 1`);
    expect(history.rows[0]).toEqual({ split: { adults: 1, children: 2 }, source: 'sms' });
  });

  it('by WhatsApp in Hebrew: after the count list, the women count is typed', async () => {
    const { guest, outboxId } = await messagedGuest('menWomen', 3, 'he');
    await reply(3, guest.phoneNumber, '', `rsvp:approved:${outboxId}`);
    expect(await stepOf(guest.id)).toBe('count');
    await reply(3, guest.phoneNumber, '4', `count:4:${outboxId}`);
    expect(await stepOf(guest.id)).toBe('split');
    await reply(3, guest.phoneNumber, '١');
    expect(await answerOf(guest.id)).toEqual({ status: 'approved', attending: 4, split: { men: 3, women: 1 } });
    expect(await stepOf(guest.id)).toBeNull();
  });

  it('does not ask when the event asks no split', async () => {
    const { guest } = await messagedGuest('none', 1, 'en');
    await reply(1, guest.phoneNumber, '1');
    const next = await reply(1, guest.phoneNumber, '2');
    expect(next.join()).not.toContain('children');
    expect(await answerOf(guest.id)).toEqual({ status: 'approved', attending: 2, split: null });
  });
});
