import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { GuestDto, MessageState } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { startFakeWhatsApp, type FakeWhatsApp } from '../../../../test/fake-whatsapp.js';
import { startFake019, type Fake019 } from '../../../../test/fake-019.js';
import { addGuest, hostWithEvent } from '../../guests/guest-test-kit.js';
import type { TextChannel } from '../../../providers/messaging/index.js';
import type { WebhookSource } from '../../../db/schema/webhooks.js';
import type { ClaimedWebhook } from './webhook-inbox.repository.js';
import { confirmSmsStatuses, processWebhookRows } from './webhook-processing.js';
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
} from './webhook-test-kit.js';

/** The review's fixes of issue 19 (webhook processing and replies), each shown failing without its fix. */

let t: TestApp;
let wa: FakeWhatsApp;
let sms: Fake019;
beforeAll(async () => {
  [wa, sms] = await Promise.all([
    startFakeWhatsApp({ appSecret: WA_APP_SECRET, verifyToken: WA_VERIFY_TOKEN, webhookUrl: null, phoneNumberId: WA_PHONE_NUMBER_ID }),
    startFake019(),
  ]);
  t = await createTestApp(
    realChannelsEnv({ ...wa.env, WHATSAPP_APP_SECRET: WA_APP_SECRET, WHATSAPP_VERIFY_TOKEN: WA_VERIFY_TOKEN, SMS019_API_URL: sms.url, SMS019_TOKEN: sms.token, SMS019_USERNAME: sms.username }),
  );
});
afterAll(async () => {
  await t?.close();
  await Promise.all([wa?.close(), sms?.close()]);
});

let rowCount = 0;
const outboxRow = async (
  guest: GuestDto,
  eventId: string,
  values: { action?: 'round1' | 'round2' | 'round3'; channel: TextChannel; state: MessageState },
) => {
  rowCount += 1;
  const sent = values.state !== 'queued' && values.state !== 'skipped';
  const id = randomUUID();
  const providerMessageId = sent ? (values.channel === 1 ? id : `wamid.F${rowCount}${Date.now()}`) : null;
  await t.ctx.db.execute(sql`
    insert into outbox_messages (id, event_id, guest_id, action, type, channel, state, provider_message_id, sent_at, not_before)
    values (${id}::uuid, ${eventId}::uuid, ${guest.id}::uuid, ${values.action ?? 'round1'}, 1, ${values.channel}, ${values.state},
      ${providerMessageId}, ${sent ? new Date().toISOString() : null}::timestamptz, now() + interval '1 day')`);
  return { id, wamid: providerMessageId };
};

const rowOf = async (id: string) =>
  (await t.ctx.db.execute<{ state: string; reason: string | null }>(sql`select state, reason from outbox_messages where id = ${id}::uuid`)).rows[0]!;
const fallbacksOf = async (id: string) => (await t.ctx.db.execute(sql`select id from outbox_messages where fallback_of = ${id}::uuid`)).rows.length;
const guestOf = async (id: string) =>
  (
    await t.ctx.db.execute<{ status: string; attending: number | null; answerMeals: Record<string, number>; answerComments: string }>(sql`
      select status, attending, answer_meals as "answerMeals", answer_comments as "answerComments" from guests where id = ${id}::uuid`)
  ).rows[0]!;
const historyOf = async (guestId: string) => (await t.ctx.db.execute(sql`select status from guest_answers where guest_id = ${guestId}::uuid`)).rows;
const optOutsOf = async (eventId: string) => (await t.ctx.db.execute<{ via: string }>(sql`select via from message_opt_outs where event_id = ${eventId}::uuid`)).rows;
const sessionTo = (phone: string) => wa.session.filter((m) => m.to === phone.replace('+', ''));

const guestWith = async (input: { countOfInvites?: number; meals?: string[]; phoneNumber?: string } = {}) => {
  const { token, eventId } = await hostWithEvent(t);
  if (input.meals) await t.ctx.db.execute(sql`update events set meals = ${JSON.stringify({ ask: 'all_guests', options: input.meals })}::jsonb where id = ${eventId}::uuid`);
  const guest = await addGuest(t, token, eventId, { countOfInvites: input.countOfInvites ?? 1, ...(input.phoneNumber ? { phoneNumber: input.phoneNumber } : {}) });
  return { token, eventId, guest };
};

/** A webhook row stored and claimed by this test (the worker leaves a fresh claim alone), to process by hand. */
const claimedRow = async (source: WebhookSource, body: string): Promise<ClaimedWebhook> => {
  const hash = createHash('sha256').update(body).digest('hex');
  const id = (
    await t.ctx.db.execute<{ id: string }>(sql`
      insert into webhook_inbox (source, body_hash, body, claimed_at) values (${source}, ${hash}, ${body}, now()) returning id`)
  ).rows[0]!.id;
  return { id: Number(id), source, body, attempts: 0 };
};
const inboxRowOf = async (id: number) =>
  (
    await t.ctx.db.execute<{ processed: boolean; claimed: boolean; body: string; bodyHash: string; attempts: number }>(sql`
      select processed_at is not null as processed, claimed_at is not null as claimed, body, body_hash as "bodyHash", attempts from webhook_inbox where id = ${id}`)
  ).rows[0]!;

/** Makes inserts into `table` fail while `when` (a condition on NEW) holds, until the returned function is called. */
const failInserts = async (table: string, when: string) => {
  const name = `fail_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await t.ctx.db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin if ${when} then raise exception 'refused by test'; end if; return new; end $$`),
  );
  await t.ctx.db.execute(sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`));
  return async () => {
    await t.ctx.db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await t.ctx.db.execute(sql.raw(`drop function ${name}()`));
  };
};

describe('status follow-ups inside the status transaction', () => {
  it("a fallback that cannot be written leaves its status unapplied (tried again), and the batch's other statuses still apply", async () => {
    const a = await guestWith();
    const b = await guestWith();
    const failing = await outboxRow(a.guest, a.eventId, { channel: 3, state: 'sent' });
    const other = await outboxRow(b.guest, b.eventId, { channel: 3, state: 'sent' });
    const rows = [
      await claimedRow('whatsapp', statusBody(failing.wamid!, 'failed', { outboxId: failing.id, errorCode: 131026 })),
      await claimedRow('whatsapp', statusBody(other.wamid!, 'delivered', { outboxId: other.id })),
    ];
    const allow = await failInserts('outbox_messages', `new.fallback_of = '${failing.id}'::uuid`);
    try {
      await processWebhookRows(t.ctx, rows);
    } finally {
      await allow();
    }
    // Not failed without its SMS: the move and its fallback go together or not at all.
    expect(await rowOf(failing.id)).toMatchObject({ state: 'sent' });
    expect(await fallbacksOf(failing.id)).toBe(0);
    expect(await inboxRowOf(rows[0]!.id)).toMatchObject({ processed: false, attempts: 1 });
    expect(await rowOf(other.id)).toMatchObject({ state: 'delivered' });
    expect(await inboxRowOf(rows[1]!.id)).toMatchObject({ processed: true });

    await processWebhookRows(t.ctx, [rows[0]!]);
    expect(await rowOf(failing.id)).toMatchObject({ state: 'failed', reason: '131026' });
    expect(await fallbacksOf(failing.id)).toBe(1);
  });

  it('an SMS blocked-recipient report and its opt-out are written together', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 1, state: 'sent' });
    await t.ctx.messaging.sms.send({ outboxId: row.id, channel: 1, to: guest.phoneNumber, text: 'invitation', lang: 'he', template: null });
    sms.setStatus(row.id, 17);
    // A second row in the same query, delivered: it moves though the first one's opt-out fails.
    const other = await guestWith();
    const otherRow = await outboxRow(other.guest, other.eventId, { channel: 1, state: 'sent' });
    await t.ctx.messaging.sms.send({ outboxId: otherRow.id, channel: 1, to: other.guest.phoneNumber, text: 'invitation', lang: 'he', template: null });
    sms.setStatus(otherRow.id, 0);
    const check = [
      { id: row.id, providerMessageId: row.wamid! },
      { id: otherRow.id, providerMessageId: otherRow.wamid! },
    ];
    const allow = await failInserts('message_opt_outs', 'true');
    try {
      await expect(confirmSmsStatuses(t.ctx, check)).rejects.toThrow();
    } finally {
      await allow();
    }
    expect(await rowOf(row.id)).toMatchObject({ state: 'sent' });
    expect(await rowOf(otherRow.id)).toMatchObject({ state: 'delivered' });
    await confirmSmsStatuses(t.ctx, check);
    expect(await rowOf(row.id)).toMatchObject({ state: 'failed', reason: 'optedOut' });
    expect(await optOutsOf(eventId)).toEqual([{ via: 'sms' }]);
  });
});

describe('replies applied once', () => {
  it('a tap whose writes fail changes nothing and sends nothing; tried again, it answers once and confirms once', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    const webhook = await claimedRow('whatsapp', inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }));
    const allow = await failInserts('whatsapp_conversations', 'true');
    try {
      await processWebhookRows(t.ctx, [webhook]);
    } finally {
      await allow();
    }
    expect((await guestOf(guest.id)).status).toBe('pending');
    expect(await historyOf(guest.id)).toEqual([]);
    expect(sessionTo(guest.phoneNumber)).toHaveLength(0);

    await processWebhookRows(t.ctx, [webhook]);
    expect((await guestOf(guest.id)).status).toBe('approved');
    expect(await historyOf(guest.id)).toHaveLength(1);
    expect(sessionTo(guest.phoneNumber)).toHaveLength(1);
    await processWebhookRows(t.ctx, [webhook]);
    expect(sessionTo(guest.phoneNumber)).toHaveLength(1);
  });
});

describe("019's blacklist push", () => {
  it('opts the number out of every event that messaged it, once, and of no other', async () => {
    const a = await guestWith();
    const b = await guestWith({ phoneNumber: a.guest.phoneNumber });
    const c = await guestWith({ phoneNumber: a.guest.phoneNumber });
    await outboxRow(a.guest, a.eventId, { channel: 1, state: 'delivered' });
    await outboxRow(b.guest, b.eventId, { channel: 3, state: 'read' });
    const waiting = await outboxRow(a.guest, a.eventId, { action: 'round2', channel: 1, state: 'queued' });
    const form = { phone: `0${a.guest.phoneNumber.slice(4)}`, date: '24/11/2026 10:15:30' };
    expect((await postSms(t, 'blacklist', form)).statusCode).toBe(200);
    expect((await postSms(t, 'blacklist', form, 'wrong-secret')).statusCode).toBe(404);
    await drainWebhooks(t);
    expect(await optOutsOf(a.eventId)).toEqual([{ via: 'sms' }]);
    expect(await optOutsOf(b.eventId)).toEqual([{ via: 'sms' }]);
    expect(await optOutsOf(c.eventId)).toEqual([]);
    expect(await rowOf(waiting.id)).toMatchObject({ state: 'skipped', reason: 'optedOut' });
    const source = (await t.ctx.db.execute(sql`select source from webhook_inbox where source = 'sms-blacklist'`)).rows;
    expect(source.length).toBeGreaterThan(0);
  });
});

describe('whose answer a message is', () => {
  it('free WhatsApp text goes to the guest of the message it answers; with several events and no context, to nobody', async () => {
    const a = await guestWith();
    const b = await guestWith({ phoneNumber: a.guest.phoneNumber });
    const rowA = await outboxRow(a.guest, a.eventId, { channel: 3, state: 'read' });
    await outboxRow(b.guest, b.eventId, { channel: 3, state: 'read' });
    for (const body of [inboundBody(a.guest.phoneNumber, { text: 'which of you?' }), inboundBody(a.guest.phoneNumber, { text: 'running late' }, { context: rowA.wamid! })]) {
      expect((await postWhatsApp(t, body)).statusCode).toBe(200);
      await drainWebhooks(t);
    }
    expect((await guestOf(a.guest.id)).answerComments).toBe('running late');
    expect((await guestOf(b.guest.id)).answerComments).toBe('');
  });

  it('an SMS 1 from a number two events invited by SMS records nothing', async () => {
    const a = await guestWith();
    const b = await guestWith({ phoneNumber: a.guest.phoneNumber });
    await outboxRow(a.guest, a.eventId, { channel: 1, state: 'delivered' });
    await outboxRow(b.guest, b.eventId, { channel: 1, state: 'delivered' });
    expect((await postSms(t, 'inbound', sms.inboundForm(a.guest.phoneNumber, '1', { id: randomUUID() }))).statusCode).toBe(200);
    await drainWebhooks(t);
    expect((await guestOf(a.guest.id)).status).toBe('pending');
    expect((await guestOf(b.guest.id)).status).toBe('pending');
  });

  it('a count or meal choice applies only while the conversation waits for that step of that message', async () => {
    const { eventId, guest } = await guestWith({ countOfInvites: 4, meals: ['vegan', 'glatt'] });
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'read' });
    const earlier = await outboxRow(guest, eventId, { action: 'round2', channel: 3, state: 'read' });
    const deliver = async (body: string) => {
      expect((await postWhatsApp(t, body)).statusCode).toBe(200);
      await drainWebhooks(t);
    };
    await deliver(inboundBody(guest.phoneNumber, { button: `rsvp:approved:${row.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ status: 'approved', attending: 4 });
    // The count is asked: a meal choice (an old list) and a count for another message are ignored.
    await deliver(inboundBody(guest.phoneNumber, { listId: `meal:vegan:${row.id}` }));
    await deliver(inboundBody(guest.phoneNumber, { listId: `count:2:${earlier.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ attending: 4, answerMeals: {} });
    await deliver(inboundBody(guest.phoneNumber, { listId: `count:2:${row.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ attending: 2 });
    // Now the meals wait: the same count choice again is ignored.
    await deliver(inboundBody(guest.phoneNumber, { listId: `count:3:${row.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ attending: 2 });
    await deliver(inboundBody(guest.phoneNumber, { listId: `meal:vegan:${row.id}` }));
    expect(await guestOf(guest.id)).toMatchObject({ attending: 2, answerMeals: { vegan: 1 } });
  });
});

describe('the inbox and the budget', () => {
  it('a processed row keeps its hash but not its body, and a replay is still stored once', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'sent' });
    const body = statusBody(row.wamid!, 'delivered', { outboxId: row.id });
    const webhook = await claimedRow('whatsapp', body);
    await processWebhookRows(t.ctx, [webhook]);
    expect(await inboxRowOf(webhook.id)).toMatchObject({ processed: true, body: '', bodyHash: createHash('sha256').update(body).digest('hex') });
    expect((await postWhatsApp(t, body)).statusCode).toBe(200);
    const copies = (await t.ctx.db.execute(sql`select id from webhook_inbox where body_hash = ${createHash('sha256').update(body).digest('hex')}`)).rows;
    expect(copies).toHaveLength(1);
  });

  it('with the budget spent, rows whose tasks did not start are released for the next batch, not marked processed', async () => {
    // The app's own processor (kicked by the minute sweep) would take the released rows at once: this test is the
    // file's last, so it stops that worker and reads the rows as the batch left them.
    await t.ctx.jobs.boss.offWork('messaging.webhooks.process');
    const rows = [];
    for (let i = 0; i < 3; i++) rows.push(await claimedRow('sms-inbound', new URLSearchParams(sms.inboundForm('+972509990001', 'hello', { id: randomUUID() })).toString()));
    const { deferred } = await processWebhookRows(t.ctx, rows, Date.now() - 1);
    expect(deferred).toBe(2);
    expect(await inboxRowOf(rows[0]!.id)).toMatchObject({ processed: true });
    for (const row of rows.slice(1)) expect(await inboxRowOf(row.id)).toMatchObject({ processed: false, claimed: false, attempts: 0 });
  });
});

describe("Meta's phone number", () => {
  it('a change addressed to another phone_number_id of the account is dropped; ours applies', async () => {
    const { eventId, guest } = await guestWith();
    const row = await outboxRow(guest, eventId, { channel: 3, state: 'sent' });
    const ours = statusBody(row.wamid!, 'delivered', { outboxId: row.id });
    await processWebhookRows(t.ctx, [await claimedRow('whatsapp', ours.replace(`"phone_number_id":"${WA_PHONE_NUMBER_ID}"`, '"phone_number_id":"999000999"'))]);
    expect(await rowOf(row.id)).toMatchObject({ state: 'sent' });
    await processWebhookRows(t.ctx, [await claimedRow('whatsapp', ours)]);
    expect(await rowOf(row.id)).toMatchObject({ state: 'delivered' });
  });
});

describe('the route', () => {
  it('a body with a NUL byte is refused with 400 and never fails the bodies stored with it', async () => {
    const bad = '{"object":"whatsapp_business_account","x":"\u0000"}';
    const good = statusBody('wamid.NEIGHBOUR1', 'read');
    const [badAnswer, goodAnswer] = await Promise.all([postWhatsApp(t, bad), postWhatsApp(t, good)]);
    expect(badAnswer.statusCode).toBe(400);
    expect(badAnswer.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(goodAnswer.statusCode).toBe(200);
    const hash = createHash('sha256').update(good).digest('hex');
    expect((await t.ctx.db.execute(sql`select id from webhook_inbox where body_hash = ${hash}`)).rows).toHaveLength(1);
  });
});
