import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GuestDto, MessageState } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../../../test/fake-whatsapp.js';
import { startFake019, type Fake019 } from '../../../../test/fake-019.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import { setEventDate } from '../../invitations/invite-test-kit.js';
import type { TextChannel } from '../../../providers/messaging/index.js';
import { checkStaleSmsRows } from './webhooks.jobs.js';
import {
  drainWebhooks,
  inboundBody,
  postSms,
  postWhatsApp,
  realChannelsEnv,
  statusBody,
  WA_APP_SECRET,
  WA_PHONE_NUMBER_ID,
  WA_VERIFY_TOKEN,
  webhookRows,
} from './webhook-test-kit.js';

let t: TestApp;
let wa: FakeWhatsApp;
let sms: Fake019;
beforeAll(async () => {
  [wa, sms] = await Promise.all([startFakeWhatsApp({ appSecret: WA_APP_SECRET, verifyToken: WA_VERIFY_TOKEN, webhookUrl: null, phoneNumberId: WA_PHONE_NUMBER_ID }), startFake019()]);
  // Each test also applies the stored webhooks itself (drainWebhooks, beside the worker), so what it checks is settled.
  t = await createTestApp(
    realChannelsEnv({ ...wa.env, WHATSAPP_APP_SECRET: WA_APP_SECRET, WHATSAPP_VERIFY_TOKEN: WA_VERIFY_TOKEN, SMS019_API_URL: sms.url, SMS019_TOKEN: sms.token, SMS019_USERNAME: sms.username }),
  );
});
afterAll(async () => {
  await t?.close();
  await Promise.all([wa?.close(), sms?.close()]);
});

let rowCount = 0;
/** An outbox row as the engine leaves it (a queued one not due for a day: the worker's dispatcher leaves it alone). */
const outboxRow = async (
  guest: GuestDto,
  eventId: string,
  values: { action?: 'round1' | 'round2' | 'round3' | 'direction'; channel: TextChannel; state: MessageState; wamid?: string | null; sentAt?: Date },
) => {
  rowCount += 1;
  const sent = values.state !== 'queued' && values.state !== 'skipped';
  const id = randomUUID();
  const action = values.action ?? 'round1';
  const providerMessageId = values.wamid === undefined ? (sent ? (values.channel === 1 ? id : `wamid.T${rowCount}${Date.now()}`) : null) : values.wamid;
  await t.ctx.db.execute(sql`
    insert into outbox_messages (id, event_id, guest_id, action, type, channel, state, provider_message_id, sent_at, not_before)
    values (${id}::uuid, ${eventId}::uuid, ${guest.id}::uuid, ${action}, ${action === 'direction' ? 2 : 1}, ${values.channel}, ${values.state},
      ${providerMessageId}, ${sent ? (values.sentAt ?? new Date()).toISOString() : null}::timestamptz, now() + interval '1 day')`);
  return { id, wamid: providerMessageId };
};

type RowView = { state: MessageState; reason: string | null; providerMessageId: string | null; sentAt: string | null; deliveredAt: string | null; readAt: string | null; checkedAt: string | null };
const rowOf = async (id: string) =>
  (
    await t.ctx.db.execute<RowView>(sql`
      select state, reason, provider_message_id as "providerMessageId", sent_at as "sentAt", delivered_at as "deliveredAt", read_at as "readAt", checked_at as "checkedAt"
      from outbox_messages where id = ${id}::uuid`)
  ).rows[0]!;

type GuestView = { status: string; attending: number | null; answerMeals: Record<string, number>; answerComments: string; changedDecision: boolean };
const guestOf = async (id: string) =>
  (
    await t.ctx.db.execute<GuestView>(sql`
      select status, attending, answer_meals as "answerMeals", answer_comments as "answerComments", changed_decision as "changedDecision" from guests where id = ${id}::uuid`)
  ).rows[0]!;

const transportOf = async (id: string) =>
  (
    await t.ctx.db.execute<{ transport: { option: string } | null; transportOpen: boolean; mealsOpen: boolean }>(sql`
      select answer_transport as transport, answer_transport_open as "transportOpen", answer_meals_open as "mealsOpen" from guests where id = ${id}::uuid`)
  ).rows[0]!;

const historyOf = async (guestId: string) =>
  (await t.ctx.db.execute<{ status: string; attending: number | null; source: string; changed: boolean }>(sql`
    select status, attending, source, changed from guest_answers where guest_id = ${guestId}::uuid order by created_at, id`)).rows;

const bellOf = async (eventId: string) =>
  Object.fromEntries(
    (await t.ctx.db.execute<{ type: string; count: number }>(sql`select type, count from notifications where event_id = ${eventId}::uuid`)).rows.map((r) => [r.type, r.count]),
  );

const sessionTo = (phone: string) => wa.session.filter((m) => m.to === phone.replace('+', ''));
const textOf = (message: { body: Record<string, unknown> }) => JSON.stringify(message.body);

const deliver = async (...bodies: string[]) => {
  for (const body of bodies) expect((await postWhatsApp(t, body)).statusCode).toBe(200);
  await drainWebhooks(t);
};

const guestWith = async (input: { countOfInvites?: number; meals?: string[]; transport?: string[] } = {}) => {
  const { token, eventId } = await hostWithEvent(t);
  if (input.transport) await t.ctx.db.execute(sql`update events set transport = ${JSON.stringify({ ask: 'all_guests', options: input.transport })}::jsonb where id = ${eventId}::uuid`);
  if (input.meals) await t.ctx.db.execute(sql`update events set meals = ${JSON.stringify({ ask: 'all_guests', options: input.meals })}::jsonb where id = ${eventId}::uuid`);
  const guest = await addGuest(t, token, eventId, { countOfInvites: input.countOfInvites ?? 1 });
  return { token, eventId, guest };
};

describe('WhatsApp statuses', () => {
  it('a failed status replayed 10 times (and re-wrapped) changes the row once and gives one SMS', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'sent' });
    const body = statusBody(row.wamid!, 'failed', { outboxId: row.id, errorCode: 131026, timestamp: '1790000000' });
    for (let i = 0; i < 10; i++) expect((await postWhatsApp(t, body)).statusCode).toBe(200);
    // The same event in bodies that differ (Meta re-batches): stored apart, applied once by its key.
    const rewrapped = [1, 2, 3].map((n) => body.replace('"entry":[{', `"entry":[{"time":${n},`));
    await deliver(...rewrapped);

    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', reason: '131026' });
    const fallbacks = (await t.ctx.db.execute(sql`select id from outbox_messages where fallback_of = ${row.id}::uuid`)).rows;
    expect(fallbacks).toHaveLength(1);
    const stored = (await webhookRows(t)).filter((r) => r.processed);
    expect(stored.length).toBeGreaterThanOrEqual(4);
    const keys = (await t.ctx.db.execute(sql`select 1 from processed_webhook_events where source = 'whatsapp-status' and event_key = ${`${row.wamid}:failed`}`)).rows;
    expect(keys).toHaveLength(1);
  });

  it('out of order (read, delivered, sent) ends read and never goes back', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'sent' });
    await deliver(statusBody(row.wamid!, 'read', { outboxId: row.id }));
    const afterRead = await rowOf(row.id);
    expect(afterRead).toMatchObject({ state: 'read' });
    expect(afterRead.deliveredAt).not.toBeNull();
    await deliver(statusBody(row.wamid!, 'delivered', { outboxId: row.id }), statusBody(row.wamid!, 'sent', { outboxId: row.id }));
    expect(await rowOf(row.id)).toEqual(afterRead);
    await deliver(statusBody(row.wamid!, 'failed', { outboxId: row.id, errorCode: 131026 }));
    expect((await rowOf(row.id)).state).toBe('read');
  });

  it('a status for a wamid never stored is matched by biz_opaque_callback_data', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'queued' });
    await deliver(statusBody('wamid.NEVERSTORED1', 'delivered', { outboxId: row.id }));
    expect(await rowOf(row.id)).toMatchObject({ state: 'delivered', providerMessageId: 'wamid.NEVERSTORED1' });
  });

  it('the worker applies a webhook on its own (the route kicks it)', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'sent' });
    expect((await postWhatsApp(t, statusBody(row.wamid!, 'delivered', { outboxId: row.id }))).statusCode).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await rowOf(row.id)).state !== 'delivered' && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await rowOf(row.id)).state).toBe('delivered');
  });

  it('a status for a message that is no outbox row (a follow-up) is dropped without error', async () => {
    await deliver(statusBody('wamid.SESSION1', 'read'));
    expect((await webhookRows(t)).every((r) => r.processed && r.error === null)).toBe(true);
  });
});

describe('answers from inside WhatsApp', () => {
  it('a quick-reply tap answers through the page rules: history, bell, changed decision; a replay changes nothing', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    const tap = inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }, { context: row.wamid! });
    for (let i = 0; i < 10; i++) expect((await postWhatsApp(t, tap)).statusCode).toBe(200);
    // The same message in other bodies (stored apart): applied once by its wamid, so one confirmation only.
    await deliver(...[1, 2].map((n) => tap.replace('"entry":[{', `"entry":[{"time":${n},`)));

    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 1, changedDecision: false });
    expect(await historyOf(guest.id)).toEqual([{ status: 'approved', attending: 1, source: 'whatsapp', changed: false }]);
    expect(await bellOf(eventId)).toEqual({ approved: 1 });
    const confirmations = sessionTo(guest.phoneNumber);
    expect(confirmations).toHaveLength(1);
    expect(textOf(confirmations[0]!)).toContain('http://magiim.test/invite/');

    await deliver(inboundBody(guest.phoneNumber, { button: `rsvp:declined:${row.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ status: 'declined', attending: 0, changedDecision: true });
    expect((await historyOf(guest.id)).map((h) => [h.status, h.changed])).toEqual([
      ['approved', false],
      ['declined', true],
    ]);
    expect(await bellOf(eventId)).toEqual({ approved: 1, changedDecision: 1 });
  });

  it('after the event\'s day a tap is refused as the page refuses it, and the guest is told', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    await setEventDate(t, eventId, '2020-01-01');
    await deliver(inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }));
    expect((await guestOf(guest.id)).status).toBe('pending');
    expect(await historyOf(guest.id)).toEqual([]);
    expect(sessionTo(guest.phoneNumber)).toHaveLength(1);
    expect(textOf(sessionTo(guest.phoneNumber)[0]!)).toContain('נסגרו');
  });

  it('a tap naming a message of another number is ignored', async () => {
    const { eventId, guest } = await guestWith();
    const other = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    await deliver(inboundBody(other.guest.phoneNumber, { button: `rsvp:declined:${row.id}` }));
    expect((await guestOf(guest.id)).status).toBe('pending');
    expect(await historyOf(guest.id)).toEqual([]);
  });

  it('the follow-up asks how many are coming, then the meals, and ends with the page link', async () => {
    const { eventId, guest } = await guestWith({ countOfInvites: 4, meals: ['vegan', 'glatt'] });
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    await deliver(inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 4 });
    const countList = sessionTo(guest.phoneNumber).at(-1)!;
    expect(countList.type).toBe('interactive');
    for (let n = 1; n <= 4; n++) expect(textOf(countList)).toContain(`count:${n}:${row.id}`);
    expect(textOf(countList)).not.toContain(`count:5:`);

    await deliver(inboundBody(guest.phoneNumber, { listId: `count:2:${row.id}`, title: '2' }));
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 2, changedDecision: true });
    const mealList = sessionTo(guest.phoneNumber).at(-1)!;
    expect(textOf(mealList)).toContain(`meal:vegan:${row.id}`);
    expect(textOf(mealList)).toContain(`meal:none:${row.id}`);

    await deliver(inboundBody(guest.phoneNumber, { listId: `meal:vegan:${row.id}`, title: 'Vegan' }));
    expect(await guestOf(guest.id)).toMatchObject({ attending: 2, answerMeals: { vegan: 1 } });
    const last = sessionTo(guest.phoneNumber).at(-1)!;
    expect(last.type).toBe('text');
    expect(textOf(last)).toContain('http://magiim.test/invite/');
    const conversation = (await t.ctx.db.execute<{ step: string | null; outboxId: string }>(sql`select step, outbox_id as "outboxId" from whatsapp_conversations where guest_id = ${guest.id}::uuid`)).rows[0];
    expect(conversation).toEqual({ step: null, outboxId: row.id });
  });

  it('after the count, asks transport when the event asks it: a ride, then the pickup point by list or by number; until then it stays open', async () => {
    const points = ['Tel Aviv, Arlozorov terminal', 'Jerusalem, Binyanei HaUma', 'Haifa'];
    const { eventId, guest } = await guestWith({ countOfInvites: 2, transport: points });
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    await deliver(inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }));
    // Coming, transport not asked yet: open, not "no ride needed".
    expect(await transportOf(guest.id)).toEqual({ transport: null, transportOpen: true, mealsOpen: false });
    await deliver(inboundBody(guest.phoneNumber, { listId: `count:2:${row.id}`, title: '2' }));
    const rideList = sessionTo(guest.phoneNumber).at(-1)!;
    expect(textOf(rideList)).toContain(`ride:yes:${row.id}`);
    expect(textOf(rideList)).toContain(`ride:no:${row.id}`);
    expect(textOf(rideList)).toContain('הסעה');

    await deliver(inboundBody(guest.phoneNumber, { listId: `ride:yes:${row.id}`, title: 'כן' }));
    const pickupList = sessionTo(guest.phoneNumber).at(-1)!;
    for (let n = 1; n <= 3; n++) expect(textOf(pickupList)).toContain(`pickup:${n}:${row.id}`);
    expect(textOf(pickupList)).toContain('2. Jerusalem, Binyanei HaUma');
    expect((await transportOf(guest.id)).transportOpen).toBe(true);

    // A number that is no point is asked again; the point's number typed answers.
    await deliver(inboundBody(guest.phoneNumber, { text: '7' }));
    expect((await transportOf(guest.id)).transportOpen).toBe(true);
    expect(textOf(sessionTo(guest.phoneNumber).at(-1)!)).toContain('בין 1 ל-3');
    await deliver(inboundBody(guest.phoneNumber, { text: '2' }));
    expect(await transportOf(guest.id)).toEqual({ transport: { option: points[1] }, transportOpen: false, mealsOpen: false });
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 2, answerComments: '' });
    const last = sessionTo(guest.phoneNumber).at(-1)!;
    expect(last.type).toBe('text');
    expect(textOf(last)).toContain('http://magiim.test/invite/');

    // Another guest needs no ride: recorded as answered, no pickup asked.
    const other = await guestWith({ transport: points });
    const otherRow = await outboxRow(other.guest, other.eventId, { channel: 3, state: 'read' });
    await deliver(inboundBody(other.guest.phoneNumber, { button: `rsvp:approved:${otherRow.id}` }));
    expect(textOf(sessionTo(other.guest.phoneNumber).at(-1)!)).toContain(`ride:no:${otherRow.id}`);
    await deliver(inboundBody(other.guest.phoneNumber, { listId: `ride:no:${otherRow.id}`, title: 'לא' }));
    expect(await transportOf(other.guest.id)).toEqual({ transport: null, transportOpen: false, mealsOpen: false });
    expect(sessionTo(other.guest.phoneNumber).at(-1)!.type).toBe('text');
  });

  it('more than ten invited type their number; a number out of range is asked again', async () => {
    const { eventId, guest } = await guestWith({ countOfInvites: 12 });
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    await deliver(inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }));
    expect(sessionTo(guest.phoneNumber).at(-1)!.type).toBe('text');
    await deliver(inboundBody(guest.phoneNumber, { text: '40' }));
    expect((await guestOf(guest.id)).attending).toBe(12);
    expect(sessionTo(guest.phoneNumber)).toHaveLength(2);
    await deliver(inboundBody(guest.phoneNumber, { text: ' 7 ' }));
    expect(await guestOf(guest.id)).toMatchObject({ attending: 7, answerComments: '' });
  });

  it('other text is kept for the host as the comment, the status unchanged', async () => {
    const { eventId, guest } = await guestWith();
    await outboxRow(guest, eventId, { channel: 3, state: 'delivered' });
    await deliver(inboundBody(guest.phoneNumber, { text: 'נגיע באיחור קטן' }), inboundBody(guest.phoneNumber, { text: 'מזל טוב!\u202e' }));
    expect(await guestOf(guest.id)).toMatchObject({ status: 'pending', answerComments: 'נגיע באיחור קטן\nמזל טוב!' });
  });
});

describe('opting out from inside a channel', () => {
  const queuedOnBoth = async (guest: GuestDto, eventId: string) => [
    await outboxRow(guest, eventId, { action: 'round2', channel: 3, state: 'queued' }),
    await outboxRow(guest, eventId, { action: 'round2', channel: 1, state: 'queued' }),
  ];

  it("'הסר' on WhatsApp stops both channels and is confirmed once", async () => {
    const { eventId, guest } = await guestWith();
    await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    const later = await queuedOnBoth(guest, eventId);
    await deliver(inboundBody(guest.phoneNumber, { text: 'הסר' }));
    for (const row of later) expect(await rowOf(row.id)).toMatchObject({ state: 'skipped', reason: 'optedOut' });
    expect(sessionTo(guest.phoneNumber)).toHaveLength(1);
    await deliver(inboundBody(guest.phoneNumber, { text: 'STOP' }));
    expect(sessionTo(guest.phoneNumber)).toHaveLength(1);
    expect(await bellOf(eventId)).toEqual({ guestOptedOut: 1 });
  });

  it("'הסר' by SMS stops both channels", async () => {
    const { eventId, guest } = await guestWith();
    await outboxRow(guest, eventId, { channel: 1, state: 'delivered' });
    const later = await queuedOnBoth(guest, eventId);
    expect((await postSms(t, 'inbound', sms.inboundForm(guest.phoneNumber, 'הסר'))).statusCode).toBe(200);
    await drainWebhooks(t);
    for (const row of later) expect(await rowOf(row.id)).toMatchObject({ state: 'skipped', reason: 'optedOut' });
    const optOut = (await t.ctx.db.execute(sql`select via from message_opt_outs where event_id = ${eventId}::uuid`)).rows;
    expect(optOut).toEqual([{ via: 'sms' }]);
  });
});

describe('SMS reports and replies', () => {
  /** An SMS the fake 019 took for this guest, its row `sent`. */
  const sentSms = async (guest: GuestDto, eventId: string, action: 'round1' | 'round2' | 'round3' = 'round1') => {
    const row = await outboxRow(guest, eventId, { action, channel: 1, state: 'sent' });
    await t.ctx.messaging.sms.send({ outboxId: row.id, channel: 1, to: guest.phoneNumber, text: 'invitation', lang: 'he', template: null });
    return row;
  };

  it('a pushed report is a hint: the row follows what the status query says', async () => {
    const { eventId, guest } = await guestWith();
    const row = await sentSms(guest, eventId);
    // 019 claims delivered, but its own query still says sent: nothing changes (the check is stamped).
    await postSms(t, 'dlr', sms.dlrForm(row.id, 0));
    await drainWebhooks(t);
    const checked = await rowOf(row.id);
    expect(checked).toMatchObject({ state: 'sent' });
    expect(checked.checkedAt).not.toBeNull();

    sms.setStatus(row.id, 0);
    await postSms(t, 'dlr', sms.dlrForm(row.id, 102));
    await drainWebhooks(t);
    expect(await rowOf(row.id)).toMatchObject({ state: 'delivered' });
  });

  it('SMS rows still sent after 10 minutes are asked about; rows older than 3 days are not', async () => {
    const { eventId, guest } = await guestWith();
    const stale = await sentSms(guest, eventId);
    const old = await sentSms(guest, eventId, 'round2');
    const fresh = await sentSms(guest, eventId, 'round3');
    await t.ctx.db.execute(sql`update outbox_messages set sent_at = now() - interval '20 minutes' where id = ${stale.id}::uuid`);
    await t.ctx.db.execute(sql`update outbox_messages set sent_at = now() - interval '4 days' where id = ${old.id}::uuid`);
    for (const row of [stale, old, fresh]) sms.setStatus(row.id, 0);
    await checkStaleSmsRows(t.ctx);
    expect(await rowOf(stale.id)).toMatchObject({ state: 'delivered', checkedAt: expect.anything() });
    expect(await rowOf(old.id)).toMatchObject({ state: 'sent', checkedAt: null });
    expect(await rowOf(fresh.id)).toMatchObject({ state: 'sent', checkedAt: null });
  });

  it('a report of a blocked recipient, once the query confirms it, opts the number out of the event', async () => {
    const { eventId, guest } = await guestWith();
    const row = await sentSms(guest, eventId);
    sms.setStatus(row.id, 17);
    await postSms(t, 'dlr', sms.dlrForm(row.id));
    await drainWebhooks(t);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', reason: 'optedOut' });
    expect((await t.ctx.db.execute(sql`select via from message_opt_outs where event_id = ${eventId}::uuid`)).rows).toEqual([{ via: 'sms' }]);
  });

  it('1 / 2 / 3 answer the latest invitation SMS (after 1, the count is asked by SMS); a number never invited by SMS is ignored', async () => {
    const { eventId, guest } = await guestWith({ countOfInvites: 3 });
    await sentSms(guest, eventId);
    const reply = async (from: string, text: string) => {
      expect((await postSms(t, 'inbound', sms.inboundForm(from, text, { id: randomUUID() }))).statusCode).toBe(200);
      await drainWebhooks(t);
    };
    const local = guest.phoneNumber.replace('+972', '0');
    const smsTo = () => sms.sent.filter((m) => m.to === local && m.message !== 'invitation').map((m) => m.message);
    await reply(guest.phoneNumber, '1');
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 3 });
    await vi.waitFor(() => expect(smsTo()).toEqual([expect.stringContaining('בין 1 ל-3')]), { timeout: 5_000 });
    // The count the SMS asked for; then nothing more is asked (the event asks no meals or transport): the confirmation.
    await reply(guest.phoneNumber, '2');
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 2 });
    await vi.waitFor(() => expect(smsTo()).toHaveLength(2), { timeout: 5_000 });
    expect(smsTo()[1]).toContain('http://magiim.test/invite/');
    await reply(guest.phoneNumber, '2');
    expect(await guestOf(guest.id)).toMatchObject({ status: 'declined', attending: 0, changedDecision: true });
    await reply(guest.phoneNumber, ' 3 ');
    expect((await guestOf(guest.id)).status).toBe('maybe');
    await reply(guest.phoneNumber, 'thanks');
    expect((await historyOf(guest.id)).map((h) => [h.status, h.source])).toEqual([
      ['approved', 'sms'],
      ['approved', 'sms'],
      ['declined', 'sms'],
      ['maybe', 'sms'],
    ]);

    const other = await guestWith();
    await outboxRow(other.guest, other.eventId, { channel: 3, state: 'read' });
    await reply(other.guest.phoneNumber, '1');
    expect((await guestOf(other.guest.id)).status).toBe('pending');
  });

  it('an SMS conversation after 1 asks the count, the meal and transport (a ride, then the pickup point by number), and records them', async () => {
    const points = ['Tel Aviv, Arlozorov', 'Haifa'];
    const { eventId, guest } = await guestWith({ countOfInvites: 2, meals: ['vegan', 'glatt'], transport: points });
    await sentSms(guest, eventId);
    const reply = async (text: string) => {
      expect((await postSms(t, 'inbound', sms.inboundForm(guest.phoneNumber, text, { id: randomUUID() }))).statusCode).toBe(200);
      await drainWebhooks(t);
    };
    const local = guest.phoneNumber.replace('+972', '0');
    const smsTo = () => sms.sent.filter((m) => m.to === local && m.message !== 'invitation').map((m) => m.message);
    const nextSms = async (n: number) => {
      await vi.waitFor(() => expect(smsTo()).toHaveLength(n), { timeout: 5_000 });
      return smsTo()[n - 1]!;
    };
    await reply('1');
    expect(await transportOf(guest.id)).toEqual({ transport: null, transportOpen: true, mealsOpen: true });
    expect(await nextSms(1)).toContain('בין 1 ל-2');
    await reply('5');
    expect(await nextSms(2)).toContain('בין 1 ל-2');
    await reply('2');
    const meals = await nextSms(3);
    expect(meals).toContain('1. ');
    expect(meals).toContain('0. ');
    await reply('1');
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 2, answerMeals: { vegan: 1 } });
    expect(await nextSms(4)).toContain('הסעה');
    await reply('1');
    const pickup = await nextSms(5);
    expect(pickup).toContain('1. Tel Aviv, Arlozorov');
    expect(pickup).toContain('2. Haifa');
    expect((await transportOf(guest.id)).transportOpen).toBe(true);
    await reply('2');
    expect(await transportOf(guest.id)).toEqual({ transport: { option: 'Haifa' }, transportOpen: false, mealsOpen: false });
    expect(await nextSms(6)).toContain('http://magiim.test/invite/');
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 2, answerComments: '' });
  });

});
