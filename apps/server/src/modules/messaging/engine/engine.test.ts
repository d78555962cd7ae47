import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { MessageSendError } from '../../../providers/messaging/index.js';
import { applyDeliveryReport } from '../inbox.js';
import { pumpOutbox } from './dispatch.js';
import { engineSettings } from './engine-settings.js';
import { renewClaim } from './outbox.repository.js';
import { actionStateOf, holdingClaims, MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests, setStatus, useRecordingChannels, type Behaviour } from './engine-test-kit.js';
import { runSchedulerTick, schedulerTickJob } from './scheduler.js';
import { startAction } from './start-action.js';

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

const sentTo = (eventId: string, outbox: { id: string }[]) => {
  const ids = new Set(outbox.map((row) => row.id));
  return recording.sent.filter((record) => ids.has(record.outboxId));
};
/** Sends what is ready, then waits for every other dispatcher (the app's worker runs them too) to settle. */
/** The claims of this event's rows older than the claim lease, as if their worker had died: the next claim re-checks them. */
const claimsOutlived = (eventId: string) =>
  t.ctx.db.execute(sql`
    update outbox_messages set claimed_at = claimed_at - ${engineSettings.claimLeaseMs + 60_000} * interval '1 millisecond',
      call_started_at = call_started_at - ${engineSettings.claimLeaseMs + 60_000} * interval '1 millisecond'
    where event_id = ${eventId} and claimed_at is not null`);

const pump = async () => {
  await pumpOutbox(t.ctx, 3_000);
  for (let i = 0; i < 100; i++) {
    const busy = await t.ctx.db.execute(sql`
      select 1 from outbox_messages o where o.state = 'queued' and not exists (select 1 from messaging_pauses p where p.event_id = o.event_id)
        and (o.claimed_at is not null or o.not_before <= now() + interval '2 seconds') limit 1`);
    if (busy.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('starting an action', () => {
  it('refuses an unpaid event and a paused one', async () => {
    const { eventId } = await paidEventWithGuests(t, 2);
    await t.ctx.db.execute(sql`update events set progress_status = 0 where id = ${eventId}`);
    await expect(startAction(t.ctx, eventId, 'round1', { by: 'host' })).rejects.toMatchObject({ code: 'EVENT_NOT_PAID' });
    await t.ctx.db.execute(sql`update events set progress_status = 1 where id = ${eventId}`);
    await t.ctx.db.execute(sql`insert into messaging_pauses (event_id) values (${eventId})`);
    await expect(startAction(t.ctx, eventId, 'round1', { by: 'host' })).rejects.toMatchObject({ code: 'SENDING_PAUSED' });
    expect(await outboxOf(t, eventId)).toEqual([]);
  });

  it('freezes each guest in process once, skipping answered, wrong numbers and opted-out phones; a second start adds nothing', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 6);
    await setStatus(t, guests[0]!.id, 'approved', 2);
    await setStatus(t, guests[1]!.id, 'wrongNumber');
    await t.ctx.db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${guests[2]!.phoneNumber}, 'sms')`);
    expect(await startAction(t.ctx, eventId, 'round1', { by: 'host' })).toEqual({ frozen: 3 });
    expect(await startAction(t.ctx, eventId, 'round1', { by: 'schedule' })).toEqual({ frozen: 0 });
    const rows = await outboxOf(t, eventId);
    expect(rows.map((row) => row.guestId).sort()).toEqual(guests.slice(3).map((g) => g.id).sort());
    expect(rows.every((row) => row.channel === 3 && row.wave === 0 && row.state === 'queued')).toBe(true);
    expect(await actionStateOf(t, eventId, 'round1')).toBe('running');
  });

  it('does not freeze a guest again when the host switches channels and starts the action once more', async () => {
    const { eventId } = await paidEventWithGuests(t, 3);
    expect(await startAction(t.ctx, eventId, 'round1', { by: 'host' })).toEqual({ frozen: 3 });
    await t.ctx.db.execute(sql`update events set message_system_preference = 1 where id = ${eventId}`);
    expect(await startAction(t.ctx, eventId, 'round1', { by: 'host' })).toEqual({ frozen: 0 });
    expect((await outboxOf(t, eventId)).every((row) => row.channel === 3)).toBe(true);
  });

  it('sends the direction message to guests coming (partly too) and the thanks to those who came, by SMS when preferred', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 4, { channel: 1 });
    await setStatus(t, guests[0]!.id, 'approved', 2);
    await setStatus(t, guests[1]!.id, 'approved', 0);
    await setStatus(t, guests[2]!.id, 'declined', 0);
    expect(await startAction(t.ctx, eventId, 'direction', { by: 'host' })).toEqual({ frozen: 1 });
    const [row] = await outboxOf(t, eventId);
    expect(row).toMatchObject({ guestId: guests[0]!.id, channel: 1 });
  });
});

describe('dispatch', () => {
  it('sends every frozen row exactly once, keeps the text, finishes the action and rings the bell', async () => {
    const { eventId } = await paidEventWithGuests(t, 25);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    await pump();
    const rows = await outboxOf(t, eventId);
    expect(rows.every((row) => row.state === 'sent' && row.providerMessageId)).toBe(true);
    const sent = sentTo(eventId, rows);
    expect(sent).toHaveLength(25);
    expect(new Set(sent.map((record) => record.outboxId)).size).toBe(25);
    expect(await actionStateOf(t, eventId, 'round1')).toBe('done');
    const bell = (await t.ctx.db.execute(sql`select type from notifications where event_id = ${eventId}`)).rows.map((r) => r.type);
    expect(bell).toContain('actionFinished');
    expect(bell).not.toContain('messagesFailed');
    const texts = (await t.ctx.db.execute<{ text: string | null }>(sql`select text from outbox_messages where event_id = ${eventId}`)).rows;
    expect(texts.every((r) => typeof r.text === 'string' && r.text.length > 0)).toBe(true);
  });

  it('skips a guest who answered or opted out after the freeze, and holds a paused event', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 3);
    await holdingClaims(t, eventId, async () => {
      await startAction(t.ctx, eventId, 'round1', { by: 'host' });
      await setStatus(t, guests[0]!.id, 'declined', 0);
      await t.ctx.db.execute(sql`insert into message_opt_outs (event_id, phone_number, via) values (${eventId}, ${guests[1]!.phoneNumber}, 'whatsapp')`);
    });
    await pump();
    const byGuest = new Map((await outboxOf(t, eventId)).map((row) => [row.guestId, row]));
    expect(byGuest.get(guests[0]!.id)).toMatchObject({ state: 'skipped', reason: 'answered' });
    expect(byGuest.get(guests[1]!.id)).toMatchObject({ state: 'skipped', reason: 'optedOut' });
    expect(byGuest.get(guests[2]!.id)).toMatchObject({ state: 'sent' });

    const paused = await paidEventWithGuests(t, 2);
    await holdingClaims(t, paused.eventId, async () => {
      await startAction(t.ctx, paused.eventId, 'round1', { by: 'host' });
      await t.ctx.db.execute(sql`insert into messaging_pauses (event_id) values (${paused.eventId})`);
    });
    await pump();
    expect((await outboxOf(t, paused.eventId)).map((row) => row.state)).toEqual(['queued', 'queued']);
    await t.ctx.db.execute(sql`delete from messaging_pauses where event_id = ${paused.eventId}`);
    // A dispatcher whose claim was held above found the pause and gave its rows back for a minute: it passes here.
    await t.ctx.db.execute(sql`update outbox_messages set not_before = now() where event_id = ${paused.eventId} and state = 'queued'`);
    await pump();
    expect((await outboxOf(t, paused.eventId)).map((row) => row.state)).toEqual(['sent', 'sent']);
  });

  it('falls back to SMS once when WhatsApp refuses for good, and when a report says not on WhatsApp', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 3);
    const refused = guests[0]!.phoneNumber;
    behaviour = (message) => (message.channel === 3 && message.to === refused ? new MessageSendError('no', { code: '131026', permanent: true }) : 'ok');
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    let rows = await outboxOf(t, eventId);
    const waRefused = rows.find((row) => row.guestId === guests[0]!.id && row.channel === 3)!;
    expect(waRefused).toMatchObject({ state: 'failed', reason: '131026' });
    expect(rows.filter((row) => row.guestId === guests[0]!.id && row.channel === 1)).toMatchObject([{ state: 'sent', fallbackOf: waRefused.id }]);

    // A report of failure for an accepted message: one SMS row, a second report changes nothing.
    const accepted = rows.find((row) => row.guestId === guests[1]!.id)!;
    const report = { channel: 3 as const, providerMessageId: accepted.providerMessageId!, state: 'failed' as const, reason: '131026', at: new Date() };
    await applyDeliveryReport(t.ctx, report);
    await applyDeliveryReport(t.ctx, report);
    await pump();
    rows = await outboxOf(t, eventId);
    expect(rows.filter((row) => row.guestId === guests[1]!.id).map((row) => [row.channel, row.state])).toEqual([
      [3, 'failed'],
      [1, 'sent'],
    ]);
    // The guest stopped WhatsApp marketing messages (131050): this message goes by SMS once (the rest: engine-limits.test.ts).
    const third = rows.find((row) => row.guestId === guests[2]!.id)!;
    await applyDeliveryReport(t.ctx, { ...report, providerMessageId: third.providerMessageId!, reason: '131050' });
    await applyDeliveryReport(t.ctx, { ...report, providerMessageId: third.providerMessageId!, reason: '131050' });
    expect((await outboxOf(t, eventId)).filter((row) => row.guestId === guests[2]!.id)).toMatchObject([
      { channel: 3, state: 'failed', reason: '131050' },
      { channel: 1, fallbackOf: third.id },
    ]);
    // The guest's own opt-out (every channel) is no reason to try SMS.
    const optedOut = await paidEventWithGuests(t, 1);
    await startAction(t.ctx, optedOut.eventId, 'round1', { by: 'host' });
    await pump();
    const [only] = await outboxOf(t, optedOut.eventId);
    await applyDeliveryReport(t.ctx, { ...report, providerMessageId: only!.providerMessageId!, reason: 'optedOut' });
    expect(await outboxOf(t, optedOut.eventId)).toMatchObject([{ channel: 3, state: 'failed', reason: 'optedOut' }]);
    behaviour = () => 'ok';
  });

  it('moves states only forward on reports', async () => {
    const { eventId } = await paidEventWithGuests(t, 1);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const [row] = await outboxOf(t, eventId);
    const base = { channel: 3 as const, providerMessageId: row!.providerMessageId!, reason: null, at: new Date() };
    await applyDeliveryReport(t.ctx, { ...base, state: 'read' });
    await applyDeliveryReport(t.ctx, { ...base, state: 'delivered' });
    await applyDeliveryReport(t.ctx, { ...base, state: 'failed', reason: 'late' });
    const [after] = await outboxOf(t, eventId);
    expect(after).toMatchObject({ state: 'read', reason: null });
    const stamps = (await t.ctx.db.execute(sql`select delivered_at, read_at from outbox_messages where id = ${row!.id}`)).rows[0]!;
    expect(stamps.delivered_at).not.toBeNull();
    expect(stamps.read_at).not.toBeNull();
  });

  it('keeps a report that overtook the write of its message id', async () => {
    const { eventId } = await paidEventWithGuests(t, 1);
    // A row mid-send: claimed, the provider has answered, its id not yet written.
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, claimed_at)
      select event_id, id, 'round1', 0, 1, 3, now() from guests where event_id = ${eventId}`);
    const [row] = await outboxOf(t, eventId);
    // Each try of the report is one transaction: counted, so the id is written once the first try found no row.
    let tries = 0;
    const db = new Proxy(t.ctx.db, {
      get: (target, prop, receiver) =>
        prop === 'transaction'
          ? (...args: Parameters<typeof target.transaction>) => target.transaction(...args).finally(() => void (tries += 1))
          : Reflect.get(target, prop, receiver),
    });
    const reported = applyDeliveryReport({ ...t.ctx, db }, { channel: 3, providerMessageId: `late-${row!.id}`, state: 'delivered', reason: null, at: new Date() });
    await vi.waitFor(() => expect(tries).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'queued' });
    await t.ctx.db.execute(sql`update outbox_messages set state = 'sent', provider_message_id = ${`late-${row!.id}`}, claimed_at = null where id = ${row!.id}`);
    await reported;
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'delivered' });
  });

  it('retries a transient failure with back-off and fails it after the last attempt, with SMS as the fallback', async () => {
    const saved = { ...engineSettings };
    engineSettings.retryBaseMs = 20;
    const { eventId, guests } = await paidEventWithGuests(t, 2);
    const flaky = guests[0]!.phoneNumber;
    const broken = guests[1]!.phoneNumber;
    behaviour = (message, attempt) =>
      (message.to === flaky && attempt < 3) || (message.to === broken && message.channel === 3) ? new MessageSendError('busy', { code: 'http503' }) : 'ok';
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const rows = await outboxOf(t, eventId);
    expect(rows.find((row) => row.guestId === guests[0]!.id)).toMatchObject({ state: 'sent', attempts: 3 });
    expect(rows.filter((row) => row.guestId === guests[1]!.id).map((row) => [row.channel, row.state, row.reason])).toEqual([
      [3, 'failed', 'http503'],
      [1, 'sent', null],
    ]);
    Object.assign(engineSettings, saved);
    behaviour = () => 'ok';
  });

  it('re-checks a claim that outlived its lease with the provider: sent once, never twice; WhatsApp without a lookup counts it sent, unsure', async () => {
    const saved = { ...engineSettings };
    const { eventId } = await paidEventWithGuests(t, 2);
    // The provider takes both messages but the answers are lost (a crash mid-call).
    behaviour = () => 'hang';
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pumpOutbox(t.ctx, 100);
    behaviour = () => 'ok';
    await claimsOutlived(eventId);
    await pump();
    const after = await outboxOf(t, eventId);
    expect(after.map((row) => row.state)).toEqual(['sent', 'sent']);
    expect(sentTo(eventId, after)).toHaveLength(2);

    lookupSupported = false;
    const unsure = await paidEventWithGuests(t, 1);
    behaviour = () => 'hang';
    await startAction(t.ctx, unsure.eventId, 'round1', { by: 'host' });
    await pumpOutbox(t.ctx, 100);
    behaviour = () => 'ok';
    await claimsOutlived(unsure.eventId);
    await pump();
    // Never repeated on WhatsApp: counted sent without a message id; a status webhook or the delivery timeout completes it.
    expect(await outboxOf(t, unsure.eventId)).toMatchObject([{ channel: 3, state: 'sent', reason: 'uncertain', providerMessageId: null }]);
    expect(sentTo(unsure.eventId, await outboxOf(t, unsure.eventId))).toHaveLength(1);
    lookupSupported = true;
    Object.assign(engineSettings, saved);
  });

  it('gives the provider a send deadline inside the claim lease, so no provider takes a message another worker may re-check', async () => {
    const { eventId } = await paidEventWithGuests(t, 1);
    const signals: (AbortSignal | undefined)[] = [];
    const lease = engineSettings.claimLeaseMs;
    engineSettings.claimLeaseMs = 2_000;
    behaviour = (message) => {
      signals.push(message.signal);
      return 'ok';
    };
    try {
      await startAction(t.ctx, eventId, 'round1', { by: 'host' });
      await pump();
      expect(signals.length).toBeGreaterThan(0);
      const signal = signals[0]!;
      expect(signal).toBeInstanceOf(AbortSignal);
      // Given up before the lease (2 s here, 30 s in production) could expire and another worker re-check the row.
      const sentAt = Date.now();
      await vi.waitFor(() => expect(signal.aborted).toBe(true), { timeout: 2_000, interval: 20 });
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      expect((signal.reason as Error).name).toBe('TimeoutError');
    } finally {
      behaviour = () => 'ok';
      engineSettings.claimLeaseMs = lease;
    }
  }, 60_000);

  it('fences a claim before the provider call: a worker that stalled past its lease does not send a row another took over', async () => {
    const { eventId } = await paidEventWithGuests(t, 1);
    const tokenOf = async () =>
      (await t.ctx.db.execute<{ id: string; token: string }>(sql`select id, claimed_at::text as token from outbox_messages where event_id = ${eventId}`)).rows[0]!;
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, claimed_at)
      select event_id, id, 'round1', 0, 1, 3, clock_timestamp() from guests where event_id = ${eventId}`);
    const stalled = await tokenOf();
    // Another worker takes it over after the lease.
    await t.ctx.db.execute(sql`update outbox_messages set claimed_at = clock_timestamp() + interval '1 millisecond' where id = ${stalled.id}`);
    expect(await renewClaim(t.ctx.db, stalled.id, stalled.token)).toBeNull();
    expect(await renewClaim(t.ctx.db, stalled.id, (await tokenOf()).token)).not.toBeNull();
    await t.ctx.db.execute(sql`update outbox_messages set state = 'skipped', claimed_at = null where id = ${stalled.id}`);
  });

  it('a claim taken over after its call started is settled with the provider first: a failed write never gives it back to be sent again', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 2);
    // Guest 1's row: a worker died after the provider took the message. Guest 2's row already holds the message id
    // the provider reports for it, so recording the lookup's answer fails (as any database error could).
    const [row] = (
      await t.ctx.db.execute<{ id: string }>(sql`
        insert into outbox_messages (event_id, guest_id, action, wave, type, channel, attempts, claimed_at, call_started_at)
        values (${eventId}, ${guests[0]!.id}, 'round1', 0, 1, 3, 1, now() - interval '1 hour', now() - interval '1 hour') returning id`)
    ).rows;
    await t.ctx.db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, state, provider_message_id, sent_at)
      values (${eventId}, ${guests[1]!.id}, 'round1', 0, 1, 3, 'sent', ${`taken-${row!.id}`}, now())`);
    recording.sent.push({ outboxId: row!.id, channel: 3, to: guests[0]!.phoneNumber, text: 'x', lang: 'he', template: null, providerMessageId: `taken-${row!.id}`, at: Date.now() });
    await pumpOutbox(t.ctx, 3_000);
    // Not released as unsent (and then sent a second time): the claim stays for a later check.
    expect(recording.sent.filter((record) => record.outboxId === row!.id)).toHaveLength(1);
    const [after] = (await t.ctx.db.execute<{ state: string; claimed: boolean }>(sql`select state, claimed_at is not null as claimed from outbox_messages where id = ${row!.id}`)).rows;
    expect(after).toEqual({ state: 'queued', claimed: true });
    await t.ctx.db.execute(sql`update outbox_messages set state = 'skipped', claimed_at = null where event_id = ${eventId}`);
  });

  it('serves events in turns: a small event due with a large one is not held back', async () => {
    const rates = { ...t.ctx.config.messaging };
    t.ctx.config.messaging.whatsappRatePerSecond = 200;
    const large = await paidEventWithGuests(t, 300);
    const small = await paidEventWithGuests(t, 10);
    await startAction(t.ctx, large.eventId, 'round1', { by: 'host' });
    await startAction(t.ctx, small.eventId, 'round1', { by: 'host' });
    await pump();
    Object.assign(t.ctx.config.messaging, rates);
    const largeSent = sentTo(large.eventId, await outboxOf(t, large.eventId)).map((r) => r.at);
    const smallSent = sentTo(small.eventId, await outboxOf(t, small.eventId)).map((r) => r.at);
    expect(largeSent).toHaveLength(300);
    expect(smallSent).toHaveLength(10);
    // The small round is done within the first third of the large one (served alone, it would wait for all 300).
    const sortedLarge = [...largeSent].sort((a, b) => a - b);
    expect(Math.max(...smallSent)).toBeLessThanOrEqual(sortedLarge[100]!);
  });
});

describe('the scheduler tick', () => {
  const due = async (eventId: string, action: string, values: { minutesAgo?: number; enabled?: boolean } = {}) => {
    await t.ctx.db.execute(sql`
      insert into action_timings (event_id, action, send_at, enabled, state)
      values (${eventId}, ${action}, now() - ${values.minutesAgo ?? 1} * interval '1 minute', ${values.enabled ?? true}, 'scheduled')
      on conflict (event_id, action) do update set send_at = excluded.send_at, enabled = excluded.enabled, state = 'scheduled'`);
  };

  it('starts due actions of paid events not paused, leaves the rest, and marks them done once sent', async () => {
    const ready = await paidEventWithGuests(t, 3);
    const later = await paidEventWithGuests(t, 1);
    const disabled = await paidEventWithGuests(t, 1);
    const unpaid = await paidEventWithGuests(t, 1);
    const paused = await paidEventWithGuests(t, 1);
    await due(ready.eventId, 'round1');
    await due(later.eventId, 'round1', { minutesAgo: -10 });
    await due(disabled.eventId, 'round1', { enabled: false });
    await due(unpaid.eventId, 'round1');
    await t.ctx.db.execute(sql`update events set progress_status = 0 where id = ${unpaid.eventId}`);
    await due(paused.eventId, 'round1');
    await t.ctx.db.execute(sql`insert into messaging_pauses (event_id) values (${paused.eventId})`);

    // The cron's job: it also queues its half-minute repeat.
    await schedulerTickJob(t.ctx).handle({});
    expect(['running', 'done']).toContain(await actionStateOf(t, ready.eventId, 'round1'));
    expect(await outboxOf(t, ready.eventId)).toHaveLength(3);
    for (const other of [later, disabled, unpaid, paused]) {
      expect(await actionStateOf(t, other.eventId, 'round1')).toBe('scheduled');
      expect(await outboxOf(t, other.eventId)).toEqual([]);
    }
    await pump();
    await runSchedulerTick(t.ctx);
    expect(await actionStateOf(t, ready.eventId, 'round1')).toBe('done');
    // A second tick starts nothing again.
    expect(await outboxOf(t, ready.eventId)).toHaveLength(3);
  });

  it('an action with nobody to message is done at once; failures ring the bell once', async () => {
    const { eventId, guests } = await paidEventWithGuests(t, 2);
    expect(await startAction(t.ctx, eventId, 'thanks', { by: 'host' })).toEqual({ frozen: 0 });
    expect(await actionStateOf(t, eventId, 'thanks')).toBe('done');

    const failing = new Set(guests.map((g) => g.phoneNumber));
    behaviour = (message) => (failing.has(message.to) ? new MessageSendError('bad', { code: 'bad_number', permanent: true }) : 'ok');
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    behaviour = () => 'ok';
    await runSchedulerTick(t.ctx);
    // Whichever dispatcher finished the action rings the bell (the app's worker may still be at it): polled.
    const bellOf = async () =>
      (await t.ctx.db.execute<{ type: string; count: number }>(sql`select type, count from notifications where event_id = ${eventId} and type = 'messagesFailed'`)).rows;
    const deadline = Date.now() + 10_000;
    while ((await bellOf()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await bellOf()).toEqual([{ type: 'messagesFailed', count: 1 }]);
  });
});
