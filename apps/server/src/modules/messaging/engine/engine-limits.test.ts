import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { MessageSendError, type WhatsAppTemplateApi } from '../../../providers/messaging/index.js';
import { sweepDeliveryTimeouts } from '../delivery/delivery.jobs.js';
import { applyDeliveryReport } from '../inbox.js';
import { localMoment } from '../local-time.js';
import { DEFAULT_TEXTS } from '../templates/default-texts.js';
import { TEMPLATE_SYNC_JOB } from '../whatsapp-templates/template-sync.js';
import { reserveWhatsAppRecipient } from './daily-tier.repository.js';
import { pumpOutbox } from './dispatch.js';
import { finishActions } from './finish-actions.js';
import { actionStateOf, MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests, useRecordingChannels, type Behaviour } from './engine-test-kit.js';
import { startAction } from './start-action.js';

/** WhatsApp's daily tier, Meta's template approval, unsure sends, the delivery timeout and 131050. */

const TIER = 5;
let t: TestApp;
let behaviour: Behaviour = () => 'ok';
let recording: ReturnType<typeof useRecordingChannels>;
let smsLookup = true;

beforeAll(async () => {
  // The reservation burst below (60 at once, each waiting its turn on the day's row) waits for a pool connection
  // rather than answering 'busy' after the 5 s default on a loaded machine.
  t = await createTestApp({ ...MESSAGING_TEST_ENV, WHATSAPP_DAILY_RECIPIENTS: String(TIER), DB_POOL_WAIT_TIMEOUT_MS: '30000' });
  recording = useRecordingChannels(t, (message, attempt) => behaviour(message, attempt));
  const { lookup } = t.ctx.messaging.sms;
  t.ctx.messaging.sms.lookup = (id) => (smsLookup ? lookup(id) : Promise.resolve('unsupported'));
});
afterAll(() => t.close());
beforeEach(async () => {
  // The tier counts every event of the day: each test starts with an unspent one.
  await t.ctx.db.execute(sql`delete from whatsapp_daily_recipients`);
  await t.ctx.db.execute(sql`delete from whatsapp_recipient_days`);
  t.ctx.config.messaging.whatsappDailyRecipients = TIER;
  behaviour = () => 'ok';
});

/** Sends what is ready, then waits for every other dispatcher (the app's worker runs them too) to settle. */
const pump = async () => {
  await pumpOutbox(t.ctx, 3_000);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const busy = await t.ctx.db.execute(sql`
      select 1 from outbox_messages o where o.state = 'queued' and not exists (select 1 from messaging_pauses p where p.event_id = o.event_id)
        and (o.claimed_at is not null or o.not_before <= now() + interval '2 seconds') limit 1`);
    if (busy.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
};

const bellOf = async (eventId: string) =>
  (await t.ctx.db.execute<{ type: string; count: number }>(sql`select type, count from notifications where event_id = ${eventId} and type like 'whatsappOverflow%'`)).rows;

describe("WhatsApp's daily tier of unique recipients", () => {
  it("'sms': past the tier the rest goes by SMS at once, the host is told once; a phone already counted today passes again", async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 8);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const rows = await outboxOf(t, eventId);
    const whatsapp = rows.filter((row) => row.channel === 3);
    expect(whatsapp.filter((row) => row.state === 'sent')).toHaveLength(TIER);
    const overflowed = whatsapp.filter((row) => row.state === 'skipped');
    expect(overflowed).toHaveLength(8 - TIER);
    expect(overflowed.every((row) => row.reason === 'dailyLimit')).toBe(true);
    const sms = rows.filter((row) => row.channel === 1);
    expect(sms.map((row) => row.fallbackOf).sort()).toEqual(overflowed.map((row) => row.id).sort());
    expect(sms.every((row) => row.state === 'sent')).toBe(true);
    expect(await bellOf(eventId)).toEqual([{ type: 'whatsappOverflowSms', count: 1 }]);
    // (The worker's own pump may have sent the last SMS: whichever closes drained actions, it is done.)
    await finishActions(t.ctx);
    expect(await actionStateOf(t, eventId, 'round1')).toBe('done');
    // Each guest got exactly one message of the round.
    expect(new Set(rows.filter((row) => row.state === 'sent').map((row) => row.guestId)).size).toBe(8);

    // Later the same day: the five counted phones still pass, nobody else does (and the host is not told twice).
    await t.ctx.db.execute(sql`update guests set status = 'approved', attending = 1 where event_id = ${eventId}`);
    await startAction(t.ctx, eventId, 'direction', { by: 'host' });
    await pump();
    const direction = (await outboxOf(t, eventId)).filter((row) => row.action === 'direction');
    const countedGuests = new Set(whatsapp.filter((row) => row.state === 'sent').map((row) => row.guestId));
    expect(direction.filter((row) => row.channel === 3 && row.state === 'sent').map((row) => row.guestId).sort()).toEqual([...countedGuests].sort());
    expect(direction.filter((row) => row.channel === 1 && row.state === 'sent')).toHaveLength(8 - TIER);
    expect(await bellOf(eventId)).toEqual([{ type: 'whatsappOverflowSms', count: 1 }]);
    expect(guests).toHaveLength(8);
  });

  it("'wait': past the tier the rest waits for tomorrow's first sending moment, by WhatsApp; the host is told once", async () => {
    const { token, eventId } = await paidEventWithGuests(t, 8);
    expect((await t.request('POST', `/event/editEvent/${eventId}`, { token, body: { whatsappOverflow: 'wait' } })).statusCode).toBe(200);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const rows = await outboxOf(t, eventId);
    expect(rows.every((row) => row.channel === 3)).toBe(true);
    expect(rows.filter((row) => row.state === 'sent')).toHaveLength(TIER);
    const waiting = rows.filter((row) => row.state === 'queued');
    expect(waiting).toHaveLength(8 - TIER);
    expect(waiting.every((row) => row.reason === 'dailyLimit' && row.attempts === 0)).toBe(true);
    const tomorrow = localMoment(addDays(todayInBusinessZone(), 1), 0);
    const notBefore = (
      await t.ctx.db.execute<{ at: string }>(sql`select not_before::text as at from outbox_messages where event_id = ${eventId} and state = 'queued'`)
    ).rows.map((row) => new Date(row.at).getTime());
    expect(notBefore).toEqual(waiting.map(() => tomorrow.getTime()));
    expect(await bellOf(eventId)).toEqual([{ type: 'whatsappOverflowWait', count: 1 }]);
    expect(await actionStateOf(t, eventId, 'round1')).toBe('running');

    // Tomorrow (a new day's tier): they go by WhatsApp, and the waiting reason is gone.
    await t.ctx.db.execute(sql`delete from whatsapp_daily_recipients`);
    await t.ctx.db.execute(sql`delete from whatsapp_recipient_days`);
    await t.ctx.db.execute(sql`update outbox_messages set not_before = now() where event_id = ${eventId} and state = 'queued'`);
    await pump();
    const after = await outboxOf(t, eventId);
    expect(after.every((row) => row.channel === 3 && row.state === 'sent')).toBe(true);
    expect(after.filter((row) => waiting.some((w) => w.id === row.id)).every((row) => row.reason === null)).toBe(true);
  });

  it('never lets parallel reservations pass more than the tier, and a phone counted once passes on every call', async () => {
    const day = '2099-06-01';
    const phones = Array.from({ length: 30 }, (_, i) => `+97250${String(9_000_000 + i)}`);
    // Each phone asked twice, all at once.
    const calls = [...phones, ...phones].sort(() => Math.random() - 0.5);
    const results = await Promise.all(calls.map(async (phone) => ({ phone, passed: await reserveWhatsAppRecipient(t.ctx.db, day, phone, 10) })));
    const passedPhones = new Set(results.filter((r) => r.passed).map((r) => r.phone));
    expect(passedPhones.size).toBe(10);
    for (const phone of phones) expect(results.filter((r) => r.phone === phone && r.passed)).toHaveLength(passedPhones.has(phone) ? 2 : 0);
    const stored = (await t.ctx.db.execute<{ used: number }>(sql`select used from whatsapp_recipient_days where day = ${day}`)).rows[0];
    expect(stored).toEqual({ used: 10 });
    const counted = (await t.ctx.db.execute(sql`select phone_number from whatsapp_daily_recipients where day = ${day}`)).rows;
    expect(counted).toHaveLength(10);
    // Another day has its own tier.
    expect(await reserveWhatsAppRecipient(t.ctx.db, addDays(day, 1), phones[29]!, 10)).toBe(true);
  });
});

describe("WhatsApp rows waiting for Meta's template approval", () => {
  const syncKicks: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    t.ctx.messaging.whatsappCloud = null;
  });
  const metaMode = () => {
    syncKicks.length = 0;
    const templates: WhatsAppTemplateApi = {
      create: () => Promise.reject(new Error('not in this test')),
      get: () => Promise.resolve(null),
      findByName: () => Promise.resolve(null),
      delete: () => Promise.resolve(),
    };
    t.ctx.messaging.whatsappCloud = { templates, verifySignature: () => false, verifySubscription: () => null };
    const send = t.ctx.jobs.send.bind(t.ctx.jobs);
    vi.spyOn(t.ctx.jobs, 'send').mockImplementation(async (job, data, options) => {
      // The sync itself is helper D's: here only that it was asked for.
      if (job.name === TEMPLATE_SYNC_JOB.name) {
        syncKicks.push((data as { eventId: string }).eventId);
        return;
      }
      await send(job, data, options);
    });
  };

  it('wait (attempt given back, the sync asked once per event and batch) and go by WhatsApp once the template is approved', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = null;
    metaMode();
    const { eventId } = await paidEventWithGuests(t, 3);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pumpOutbox(t.ctx, 1_000);
    const waiting = await outboxOf(t, eventId);
    expect(waiting.map((row) => [row.channel, row.state, row.attempts])).toEqual([
      [3, 'queued', 0],
      [3, 'queued', 0],
      [3, 'queued', 0],
    ]);
    const notBefore = (await t.ctx.db.execute<{ ahead: number }>(sql`
      select min(extract(epoch from not_before - now()))::float8 as ahead from outbox_messages where event_id = ${eventId}`)).rows[0]!.ahead;
    expect(notBefore).toBeGreaterThan(8 * 60);
    // Once per batch, not once per row: this pump's batch, and the app's own worker may claim a part of the rows
    // meanwhile (a job due now wakes it at once) and ask in its batch too; the sync job is one per event anyway.
    const kicks = syncKicks.filter((id) => id === eventId).length;
    expect(kicks).toBeGreaterThanOrEqual(1);
    expect(kicks).toBeLessThanOrEqual(2);
    expect(recording.sent.filter((m) => waiting.some((row) => row.id === m.outboxId))).toHaveLength(0);

    // Meta approves the default invitation; the rows' ten minutes pass.
    await t.ctx.db.execute(sql`
      insert into whatsapp_templates (event_id, purpose, round, lang, source, text, name, provider_id, status, category)
      values (${eventId}, 'invitation', 1, 'he', 'default', ${DEFAULT_TEXTS.invitation.he}, ${`inv_${randomUUID().replace(/-/g, '')}`}, ${randomUUID()}, 'approved', 'MARKETING')`);
    await t.ctx.db.execute(sql`update outbox_messages set not_before = now() where event_id = ${eventId}`);
    await pump();
    const sent = await outboxOf(t, eventId);
    expect(sent.every((row) => row.channel === 3 && row.state === 'sent')).toBe(true);
    const messages = recording.sent.filter((m) => sent.some((row) => row.id === m.outboxId));
    expect(messages).toHaveLength(3);
    expect(messages.every((m) => m.template?.providerTemplateId?.startsWith('inv_'))).toBe(true);
  });

  it('go by SMS (templateNotApproved) once a row has waited 12 hours', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = null;
    metaMode();
    const { eventId } = await paidEventWithGuests(t, 2);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pumpOutbox(t.ctx, 1_000);
    await t.ctx.db.execute(sql`update outbox_messages set created_at = now() - interval '12 hours 1 minute', not_before = now() where event_id = ${eventId}`);
    await pump();
    const rows = await outboxOf(t, eventId);
    expect(rows.filter((row) => row.channel === 3).map((row) => [row.state, row.reason])).toEqual([
      ['skipped', 'templateNotApproved'],
      ['skipped', 'templateNotApproved'],
    ]);
    expect(rows.filter((row) => row.channel === 1 && row.state === 'sent' && row.fallbackOf)).toHaveLength(2);
  });
});

describe('unsure sends', () => {
  it('an unsure WhatsApp send, counted sent, is completed by a status webhook echoing the row id; an unsure SMS fails as before', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = null;
    const { eventId } = await paidEventWithGuests(t, 1);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    const [row] = await outboxOf(t, eventId);
    // As left by a worker that died in the call (Meta has no lookup).
    await t.ctx.db.execute(sql`update outbox_messages set state = 'sent', reason = 'uncertain', sent_at = now() where id = ${row!.id}`);
    const wamid = `wamid.${randomUUID()}`;
    await applyDeliveryReport(t.ctx, { channel: 3, providerMessageId: wamid, state: 'sent', reason: null, at: new Date(), outboxId: row!.id }, { waitForUnknown: false });
    expect(await outboxOf(t, eventId)).toMatchObject([{ state: 'sent', providerMessageId: wamid, reason: 'uncertain' }]);
    await applyDeliveryReport(t.ctx, { channel: 3, providerMessageId: wamid, state: 'delivered', reason: null, at: new Date(), outboxId: row!.id }, { waitForUnknown: false });
    expect(await outboxOf(t, eventId)).toMatchObject([{ state: 'delivered', providerMessageId: wamid, reason: null }]);

    smsLookup = false;
    const sms = await paidEventWithGuests(t, 1, { channel: 1 });
    await startAction(t.ctx, sms.eventId, 'round1', { by: 'host' });
    // A claim that outlived its lease after its call started; the provider cannot say whether it took it.
    await t.ctx.db.execute(sql`
      update outbox_messages set claimed_at = now() - interval '10 minutes', call_started_at = now() - interval '10 minutes', attempts = 1
      where event_id = ${sms.eventId}`);
    await pump();
    smsLookup = true;
    const [unsure] = await outboxOf(t, sms.eventId);
    expect(unsure).toMatchObject({ channel: 1, state: 'failed', reason: 'uncertain' });
    // Not sent again blindly.
    expect(recording.sent.filter((m) => m.outboxId === unsure!.id)).toHaveLength(0);
  });
});

describe('the delivery timeout', () => {
  it('gives each WhatsApp message with no delivered in time one SMS (unsure ones too), never a second on a rerun', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = null;
    const saved = t.ctx.config.messaging.whatsappDeliveryTimeoutMinutes;
    t.ctx.config.messaging.whatsappDeliveryTimeoutMinutes = 0.5;
    const { eventId, guests } = await paidEventWithGuests(t, 4);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const rows = await outboxOf(t, eventId);
    const rowOf = (i: number) => rows.find((row) => row.guestId === guests[i]!.id)!;
    // 0: sent long ago; 1: unsure, long ago; 2: delivered; 3: sent just now.
    await t.ctx.db.execute(sql`update outbox_messages set sent_at = now() - interval '40 seconds' where id in (${rowOf(0).id}, ${rowOf(1).id}, ${rowOf(2).id})`);
    await t.ctx.db.execute(sql`update outbox_messages set reason = 'uncertain', provider_message_id = null where id = ${rowOf(1).id}`);
    await applyDeliveryReport(t.ctx, { channel: 3, providerMessageId: rowOf(2).providerMessageId!, state: 'delivered', reason: null, at: new Date() });

    await Promise.all([sweepDeliveryTimeouts(t.ctx), sweepDeliveryTimeouts(t.ctx)]);
    expect(await sweepDeliveryTimeouts(t.ctx)).toBe(0);
    await pump();
    t.ctx.config.messaging.whatsappDeliveryTimeoutMinutes = saved;
    const after = await outboxOf(t, eventId);
    const sms = after.filter((row) => row.channel === 1);
    expect(sms.map((row) => row.fallbackOf).sort()).toEqual([rowOf(0).id, rowOf(1).id].sort());
    expect(sms.every((row) => row.state === 'sent')).toBe(true);
    expect(after.filter((row) => row.channel === 3).map((row) => [row.guestId, row.state, row.reason])).toEqual(
      expect.arrayContaining([
        [guests[0]!.id, 'sent', 'noDelivery'],
        // An unsure send settled by SMS: the host reads "outcome unknown, sent by SMS".
        [guests[1]!.id, 'sent', 'uncertainSms'],
        [guests[2]!.id, 'delivered', null],
        [guests[3]!.id, 'sent', null],
      ]),
    );
    // The SMS went out once per guest.
    expect(recording.sent.filter((m) => m.channel === 1 && sms.some((row) => row.id === m.outboxId))).toHaveLength(2);
  });
});

describe('131050: the guest stopped WhatsApp marketing messages', () => {
  it('sends this message by SMS and every later action of the event to that guest by SMS; the guest-wide opt-out is untouched', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = null;
    const { eventId, guests } = await paidEventWithGuests(t, 2);
    const stopped = guests[0]!;
    behaviour = (message) => (message.channel === 3 && message.to === stopped.phoneNumber ? new MessageSendError('stopped', { code: '131050', permanent: true }) : 'ok');
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    let rows = (await outboxOf(t, eventId)).filter((row) => row.guestId === stopped.id);
    expect(rows.map((row) => [row.channel, row.state, row.reason])).toEqual([
      [3, 'failed', '131050'],
      [1, 'sent', null],
    ]);
    const optOuts = (await t.ctx.db.execute(sql`select phone_number from whatsapp_opt_outs where event_id = ${eventId}`)).rows;
    expect(optOuts).toEqual([{ phone_number: stopped.phoneNumber }]);
    expect((await t.ctx.db.execute(sql`select 1 from message_opt_outs where event_id = ${eventId}`)).rows).toHaveLength(0);

    // At freeze: the next round goes to that guest by SMS only, to the other by WhatsApp.
    await startAction(t.ctx, eventId, 'round2', { by: 'host' });
    await pump();
    rows = (await outboxOf(t, eventId)).filter((row) => row.action === 'round2');
    expect(rows.map((row) => [row.guestId === stopped.id, row.channel, row.state]).sort()).toEqual([
      [false, 3, 'sent'],
      [true, 1, 'sent'],
    ]);

    // At dispatch: a WhatsApp row frozen before the opt-out became known becomes its SMS row.
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel) values (${eventId}, ${stopped.id}, 'round3', 0, 1, 3)`);
    await pump();
    rows = (await outboxOf(t, eventId)).filter((row) => row.action === 'round3');
    expect(rows.map((row) => [row.channel, row.state, row.reason])).toEqual([
      [3, 'skipped', '131050'],
      [1, 'sent', null],
    ]);
    // WhatsApp never took a message for that guest (the one try was refused).
    expect(recording.sent.filter((m) => m.channel === 3 && m.to === stopped.phoneNumber)).toHaveLength(0);
    expect(recording.sent.filter((m) => m.channel === 1 && m.to === stopped.phoneNumber)).toHaveLength(3);
  });
});
