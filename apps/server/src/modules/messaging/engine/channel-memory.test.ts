import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { MessageSendError } from '../../../providers/messaging/index.js';
import { isWhatsAppUnreachableCode } from '../../../providers/messaging/whatsapp-cloud/channel.js';
import { sweepDeliveryTimeouts } from '../delivery/delivery.jobs.js';
import { applyDeliveryReport } from '../inbox.js';
import { applyTemplateReview } from '../templates/templates.service.js';
import { processWebhookRows } from '../webhooks/webhook-processing.js';
import { pumpOutbox, TEMPLATE_WAIT_MS } from './dispatch.js';
import { engineSettings } from './engine-settings.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests, setStatus, useRecordingChannels, type Behaviour } from './engine-test-kit.js';
import { TEMPLATE_WAIT_REASON } from './outbox.repository.js';
import { startAction } from './start-action.js';

// Issue 27 §3: a guest WhatsApp cannot reach gets the event's later messages by SMS; an approval wakes the rows
// waiting for a template; a WhatsApp send of unknown outcome is settled by its status or, without one, by SMS.
let t: TestApp;
let behaviour: Behaviour = () => 'ok';
let recording: ReturnType<typeof useRecordingChannels>;
let lookupSupported = true;

beforeAll(async () => {
  t = await createTestApp(MESSAGING_TEST_ENV);
  recording = useRecordingChannels(t, (message, attempt) => behaviour(message, attempt));
  const { lookup } = t.ctx.messaging.whatsapp;
  t.ctx.messaging.whatsapp.lookup = (id) => (lookupSupported ? lookup(id) : Promise.resolve('unsupported'));
});
afterAll(() => t.close());

const queuedLeft = async (eventId: string) =>
  (await t.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`)).rows.length > 0;
/** Sends until none of the event's rows is queued (the app's own worker may send some of them). */
const drain = async (eventId: string) => {
  await expect
    .poll(
      async () => {
        await pumpOutbox(t.ctx, 1_000);
        return queuedLeft(eventId);
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(false);
};
const messagesTo = (phone: string, channel: number) => recording.sent.filter((m) => m.to === phone && m.channel === channel);

describe('a guest WhatsApp cannot reach', () => {
  it("classifies 131026 and the other permanent recipient codes, not Meta's marketing cap, retries, our setup or the opt-out", () => {
    expect(['131026', '131030', '131021'].map(isWhatsAppUnreachableCode)).toEqual([true, true, true]);
    expect(['131049', '100', '131000', '130429', '190', '132001', '131050', 'http_500', 'uncertain', null].map(isWhatsAppUnreachableCode)).toEqual(
      Array.from({ length: 10 }, () => false),
    );
  });

  it('131026 answered to the send: round 2, the reminder and the thanks go by SMS only, with exactly one failed WhatsApp', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 2);
    const unreachable = guests[0]!;
    behaviour = (message) => (message.to === unreachable.phoneNumber && message.channel === 3 ? new MessageSendError('undeliverable', { code: '131026', permanent: true }) : 'ok');
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await drain(eventId);
    const remembered = await t.ctx.db.execute(sql`select guest_id, code from whatsapp_unreachable where event_id = ${eventId}`);
    expect(remembered.rows).toEqual([{ guest_id: unreachable.id, code: '131026' }]);

    await startAction(t.ctx, eventId, 'round2', { by: 'host' });
    await startAction(t.ctx, eventId, 'round3', { by: 'host' });
    await drain(eventId);
    await setStatus(t, unreachable.id, 'approved', 1);
    await startAction(t.ctx, eventId, 'thanks', { by: 'host' });
    await drain(eventId);

    const rows = (await outboxOf(t, eventId)).filter((row) => row.guestId === unreachable.id);
    expect(rows.filter((row) => row.channel === 3).map((row) => [row.action, row.state, row.reason])).toEqual([['round1', 'failed', '131026']]);
    expect(rows.filter((row) => row.channel === 1).map((row) => [row.action, row.state]).sort()).toEqual([
      ['round1', 'sent'],
      ['round2', 'sent'],
      ['round3', 'sent'],
      ['thanks', 'sent'],
    ]);
    // The provider saw one WhatsApp attempt (refused) and nothing more on WhatsApp; the other guest stays on WhatsApp.
    expect(messagesTo(unreachable.phoneNumber, 3)).toHaveLength(0);
    expect(messagesTo(unreachable.phoneNumber, 1)).toHaveLength(4);
    expect(messagesTo(guests[1]!.phoneNumber, 3)).toHaveLength(3);
    expect(messagesTo(guests[1]!.phoneNumber, 1)).toHaveLength(0);
    behaviour = () => 'ok';
  });

  it("131026 by status webhook while round 2 is already frozen on WhatsApp: round 2's row goes by SMS, not WhatsApp", async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 1);
    const guest = guests[0]!;
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await drain(eventId);
    // Round 2 is frozen on WhatsApp (due a little later) before Meta's failed status for round 1 comes.
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, not_before)
      values (${eventId}, ${guest.id}, 'round2', 0, 1, 3, now() + interval '1 hour')`);
    const round1 = (await outboxOf(t, eventId)).find((row) => row.action === 'round1')!;
    await applyDeliveryReport(t.ctx, { channel: 3, providerMessageId: round1.providerMessageId!, state: 'failed', reason: '131026', at: new Date() });
    await t.ctx.db.execute(sql`update outbox_messages set not_before = now() where event_id = ${eventId} and action = 'round2'`);
    await drain(eventId);

    const rows = await outboxOf(t, eventId);
    expect(rows.filter((row) => row.channel === 3 && row.state === 'failed')).toHaveLength(1);
    expect(rows.find((row) => row.action === 'round2' && row.channel === 3)).toMatchObject({ state: 'skipped', reason: 'whatsappUnreachable' });
    expect(rows.find((row) => row.action === 'round2' && row.channel === 1)).toMatchObject({ state: 'sent' });
    // Only round 1 ever went to WhatsApp.
    expect(messagesTo(guest.phoneNumber, 3)).toHaveLength(1);
  });
});

describe('an approved template wakes the rows waiting for it', () => {
  /** A WhatsApp row as the dispatcher leaves it when its template is not approved yet: waiting 10 minutes. */
  const waitingRow = async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 1);
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, not_before, reason)
      values (${eventId}, ${guests[0]!.id}, 'round1', 0, 1, 3, now() + ${TEMPLATE_WAIT_MS} * interval '1 millisecond', ${TEMPLATE_WAIT_REASON})`);
    await t.ctx.db.execute(sql`
      insert into action_timings (event_id, action, send_at, state, started_at) values (${eventId}, 'round1', now(), 'running', now())
      on conflict (event_id, action) do update set state = 'running', started_at = now()`);
    return { eventId, phone: guests[0]!.phoneNumber };
  };
  const sentWithin30s = async (eventId: string, phone: string) => {
    const started = Date.now();
    // The app's own worker sends it (the dispatcher is kicked): nothing pumps here. The row, not the provider's
    // record: the provider has the message a moment before the dispatcher stores its answer (read in between once).
    await expect.poll(async () => (await outboxOf(t, eventId))[0]?.state, { timeout: 30_000, interval: 100 }).toBe('sent');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'sent', reason: null });
    expect(messagesTo(phone, 3)).toHaveLength(1);
  };

  it('the sandbox reviewer approving a template of the event', async () => {
    const { eventId, phone } = await waitingRow();
    const template = (
      await t.ctx.db.execute<{ id: string }>(sql`
        insert into message_templates (event_id, purpose, round, lang, text, status, revision, submitted_at)
        values (${eventId}, 'invitation', 1, 'he', '{guestName} הוזמנת {link}', 'pendingApproval', 1, now()) returning id`)
    ).rows[0]!;
    expect(messagesTo(phone, 3)).toHaveLength(0);
    expect(await applyTemplateReview(t.ctx, { templateId: template.id, revision: 1, status: 'approved', reason: null })).toBe(true);
    await sentWithin30s(eventId, phone);
  });

  it("Meta's template status webhook (APPROVED)", async () => {
    const { eventId, phone } = await waitingRow();
    const name = `m_wake_${eventId.slice(0, 8)}_invitation1_he`;
    await t.ctx.db.execute(sql`
      insert into whatsapp_templates (event_id, purpose, round, lang, source, text, with_image, name, provider_id, status, category, submitted_at)
      values (${eventId}::uuid, 'invitation', 1, 'he', 'default', 'x', false, ${name}, ${`meta-${eventId}`}, 'pending', 'MARKETING', now())`);
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              field: 'message_template_status_update',
              value: { event: 'APPROVED', message_template_id: `meta-${eventId}`, message_template_name: name, message_template_language: 'he', reason: 'NONE' },
            },
          ],
        },
      ],
    });
    await processWebhookRows(t.ctx, [{ id: -1, source: 'whatsapp', body, attempts: 0 }]);
    expect((await t.ctx.db.execute(sql`select status from whatsapp_templates where name = ${name}`)).rows).toEqual([{ status: 'approved' }]);
    await sentWithin30s(eventId, phone);
  });

  it('does not wake rows waiting for anything else (the daily tier)', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 1);
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, not_before, reason)
      values (${eventId}, ${guests[0]!.id}, 'round1', 0, 1, 3, now() + interval '1 hour', 'dailyLimit')`);
    const { wakeTemplateWaiters } = await import('./dispatch-job.js');
    expect(await wakeTemplateWaiters(t.ctx, eventId)).toBe(0);
  });
});

describe('a WhatsApp send whose outcome is unknown', () => {
  it("is settled by Meta's status when it comes, else after the delivery timeout by SMS, the host reading 'outcome unknown, sent by SMS'", async () => {
    const saved = { ...engineSettings };
    const savedTimeout = t.ctx.config.messaging.whatsappDeliveryTimeoutMinutes;
    engineSettings.claimLeaseMs = 300;
    lookupSupported = false;
    const { eventId, guests } = await paidEventWithGuests(t, 2);
    // Both sends are cut off after Meta may have taken them (a timeout): nobody knows their outcome.
    behaviour = (message) => (message.channel === 3 ? 'hang' : 'ok');
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    // Both attempts hang before the provider answers normally again: the app's own worker may take a row after one
    // pump of ours, and once took both after the switch below (two plain sends, nothing left to settle).
    const phones = new Set(guests.map((guest) => guest.phoneNumber));
    await expect
      .poll(
        async () => {
          await pumpOutbox(t.ctx, 100);
          return recording.sent.filter((message) => message.channel === 3 && phones.has(message.to)).length;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe(2);
    behaviour = () => 'ok';
    // After the lease, the row is taken over: Meta has no lookup, so it counts sent, unsure — never sent twice on WhatsApp.
    await expect
      .poll(
        async () => {
          await pumpOutbox(t.ctx, 500);
          return (await outboxOf(t, eventId)).map((row) => [row.state, row.reason]);
        },
        { timeout: 20_000, interval: 100 },
      )
      .toEqual([
        ['sent', 'uncertain'],
        ['sent', 'uncertain'],
      ]);
    const [first, second] = await outboxOf(t, eventId);
    // Meta's status for the first comes, echoing our row id: it is settled (delivered), no SMS.
    await applyDeliveryReport(t.ctx, { channel: 3, providerMessageId: 'wamid.late-1', state: 'delivered', reason: null, at: new Date(), outboxId: first!.id });
    t.ctx.config.messaging.whatsappDeliveryTimeoutMinutes = 0;
    await sweepDeliveryTimeouts(t.ctx);
    await drain(eventId);
    const rows = await outboxOf(t, eventId);
    expect(rows.find((row) => row.id === first!.id)).toMatchObject({ state: 'delivered', reason: null });
    expect(rows.find((row) => row.id === second!.id)).toMatchObject({ state: 'sent', reason: 'uncertainSms' });
    expect(rows.filter((row) => row.channel === 1).map((row) => [row.fallbackOf, row.state])).toEqual([[second!.id, 'sent']]);
    expect(messagesTo(guests[0]!.phoneNumber, 1).length + messagesTo(guests[1]!.phoneNumber, 1).length).toBe(1);
    // Swept again: nothing more (the row left the sweep's index).
    expect(await sweepDeliveryTimeouts(t.ctx)).toBe(0);
    Object.assign(engineSettings, saved);
    t.ctx.config.messaging.whatsappDeliveryTimeoutMinutes = savedTimeout;
    lookupSupported = true;
  });
});
