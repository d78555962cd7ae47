import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { MessageSendError } from '../../../providers/messaging/index.js';
import * as notifications from './messaging-notifications.js';
import { sweepDeliveryTimeouts } from '../delivery/delivery.jobs.js';
import { reserveWhatsAppRecipient } from './daily-tier.repository.js';
import { ACCOUNT_WIDE_HOLD_MS, pumpOutbox } from './dispatch.js';
import { MESSAGING_TEST_ENV, outboxOf, paidEventWithGuests, useRecordingChannels, type Behaviour } from './engine-test-kit.js';
import { insertSmsFallback } from './outbox.repository.js';
import { startAction } from './start-action.js';

/**
 * The engine's answers to the review of issue 19: late deliveries and fallback SMS, errors before the provider
 * call, claims that never reached the call, the overflow's 'wait', the tier's hot path, account-wide send errors.
 */

let t: TestApp;
let behaviour: Behaviour = () => 'ok';
let recording: ReturnType<typeof useRecordingChannels>;

beforeAll(async () => {
  t = await createTestApp({ ...MESSAGING_TEST_ENV });
  // Neither channel can say whether it took a message (Meta has no lookup): a takeover that asks is visible.
  recording = useRecordingChannels(t, (message, attempt) => behaviour(message, attempt), { lookup: false });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.execute(sql`delete from whatsapp_daily_recipients`);
  await t.ctx.db.execute(sql`delete from whatsapp_recipient_days`);
  t.ctx.config.messaging.whatsappDailyRecipients = null;
  behaviour = () => 'ok';
});

/** Sends what is ready, then waits for every other dispatcher (the app's worker runs them too) to settle. */
const pump = async (budgetMs = 3_000) => {
  await pumpOutbox(t.ctx, budgetMs);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const busy = await t.ctx.db.execute(sql`
      select 1 from outbox_messages o where o.state = 'queued' and not exists (select 1 from messaging_pauses p where p.event_id = o.event_id)
        and (o.claimed_at is not null or o.not_before <= now() + interval '2 seconds') limit 1`);
    if (busy.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
};

const rowState = async (id: string) =>
  (
    await t.ctx.db.execute<{ state: string; reason: string | null; claimed: boolean; callStarted: boolean; attempts: number; notBefore: string }>(sql`
      select state, reason, claimed_at is not null as claimed, call_started_at is not null as "callStarted", attempts, not_before::text as "notBefore"
      from outbox_messages where id = ${id}`)
  ).rows[0]!;

/** Frozen rows of a fresh event, as a worker that died left them: claimed an hour ago (past the lease), attempt counted. */
const abandonedRows = async (channel: 1 | 3, callStarted: boolean) => {
  const { eventId } = await paidEventWithGuests(t, 1, { channel });
  await t.ctx.db.execute(sql`
    insert into outbox_messages (event_id, guest_id, action, wave, type, channel, claimed_at, call_started_at, attempts)
    select g.event_id, g.id, 'round1', 0, 1, ${channel}, now() - interval '1 hour',
      case when ${callStarted} then now() - interval '1 hour' end, 1
    from guests g where g.event_id = ${eventId}`);
  await t.ctx.db.execute(sql`
    insert into action_timings (event_id, action, send_at, state, started_at) values (${eventId}, 'round1', now(), 'running', now())
    on conflict (event_id, action) do update set state = 'running'`);
  return (await outboxOf(t, eventId))[0]!;
};

describe('a fallback SMS after a late delivery', () => {
  it("is not sent when its WhatsApp message got delivered meanwhile (skipped 'deliveredLate')", async () => {
    const { eventId } = await paidEventWithGuests(t, 2);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const [late, undelivered] = await outboxOf(t, eventId);
    // Both got their SMS row (a delivery timeout) held by quiet hours; one WhatsApp message is delivered meanwhile.
    // Written and held in one transaction: the app's own dispatcher must not see the SMS rows ready in between.
    await t.ctx.db.transaction(async (tx) => {
      for (const row of [late!, undelivered!]) await insertSmsFallback(tx, row.id);
      await tx.execute(sql`update outbox_messages set not_before = now() + interval '1 hour' where event_id = ${eventId} and channel = 1`);
    });
    await t.ctx.db.execute(sql`update outbox_messages set state = 'delivered', delivered_at = now() where id = ${late!.id}`);
    await t.ctx.db.execute(sql`update outbox_messages set not_before = now() where event_id = ${eventId} and channel = 1`);
    await pump();
    const sms = (await outboxOf(t, eventId)).filter((row) => row.channel === 1);
    expect(sms.find((row) => row.fallbackOf === late!.id)).toMatchObject({ state: 'skipped', reason: 'deliveredLate' });
    expect(sms.find((row) => row.fallbackOf === undelivered!.id)).toMatchObject({ state: 'sent' });
    expect(recording.sent.filter((m) => m.channel === 1 && sms.some((row) => row.id === m.outboxId))).toHaveLength(1);
  });

  it('the delivery timeout waits while the webhook inbox has statuses older than 2 minutes not applied', async () => {
    const { eventId } = await paidEventWithGuests(t, 1);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const [row] = await outboxOf(t, eventId);
    await t.ctx.db.execute(sql`update outbox_messages set sent_at = now() - interval '3 hours' where id = ${row!.id}`);
    // A backlog: received 3 minutes ago, held by a processor (its claim keeps the app's own processor off it).
    const inbox = (
      await t.ctx.db.execute<{ id: string }>(sql`
        insert into webhook_inbox (source, body_hash, body, received_at, claimed_at)
        values ('whatsapp', md5(random()::text), '{}', now() - interval '3 minutes', now()) returning id`)
    ).rows[0]!;
    expect(await sweepDeliveryTimeouts(t.ctx)).toBe(0);
    expect((await outboxOf(t, eventId)).filter((r) => r.channel === 1)).toEqual([]);

    await t.ctx.db.execute(sql`update webhook_inbox set processed_at = now(), claimed_at = null where id = ${inbox.id}`);
    await sweepDeliveryTimeouts(t.ctx);
    expect((await outboxOf(t, eventId)).filter((r) => r.channel === 1)).toMatchObject([{ fallbackOf: row!.id }]);
  });
});

describe('errors before the provider call', () => {
  it('give the row back (no claim left to become an unsure send), and it goes once the cause is gone', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = 100;
    const { eventId } = await paidEventWithGuests(t, 1);
    // The tier's tables gone: reserving the recipient throws after the claim, before the call.
    await t.ctx.db.execute(sql`alter table whatsapp_recipient_days rename to whatsapp_recipient_days_away`);
    try {
      await startAction(t.ctx, eventId, 'round1', { by: 'host' });
      await pumpOutbox(t.ctx, 300);
      const deadline = Date.now() + 10_000;
      // (The app's worker may hold it for a moment too.)
      while ((await rowState((await outboxOf(t, eventId))[0]!.id)).claimed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      await t.ctx.db.execute(sql`alter table whatsapp_recipient_days_away rename to whatsapp_recipient_days`);
    }
    const [row] = await outboxOf(t, eventId);
    expect(await rowState(row!.id)).toMatchObject({ state: 'queued', claimed: false, callStarted: false });
    expect(recording.sent.filter((m) => m.outboxId === row!.id)).toHaveLength(0);

    await t.ctx.db.execute(sql`update outbox_messages set not_before = now() where id = ${row!.id}`);
    await pump();
    expect(await rowState(row!.id)).toMatchObject({ state: 'sent', reason: null });
    expect(recording.sent.filter((m) => m.outboxId === row!.id)).toHaveLength(1);
  });
});

describe('a claim taken over', () => {
  for (const channel of [3, 1] as const) {
    it(`channel ${channel}: one that never reached the call is sent normally; one whose call started is not resent blindly`, async () => {
      const never = await abandonedRows(channel, false);
      const started = await abandonedRows(channel, true);
      await pump();
      expect(await rowState(never.id)).toMatchObject({ state: 'sent', reason: null });
      expect(recording.sent.filter((m) => m.outboxId === never.id)).toHaveLength(1);
      // The provider cannot say (no lookup): WhatsApp counts it sent while unsure, SMS fails as unsure.
      expect(await rowState(started.id)).toMatchObject(channel === 3 ? { state: 'sent', reason: 'uncertain' } : { state: 'failed', reason: 'uncertain' });
      expect(recording.sent.filter((m) => m.outboxId === started.id)).toHaveLength(0);
    });
  }
});

describe("the daily tier's overflow", () => {
  it("'wait' goes by SMS when tomorrow's first sending moment is not before the event's day, and for a direction", async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = 0;
    const tomorrow = await paidEventWithGuests(t, 2);
    const later = await paidEventWithGuests(t, 1);
    await t.ctx.db.execute(sql`update events set whatsapp_overflow = 'wait' where id in (${tomorrow.eventId}, ${later.eventId})`);
    await t.ctx.db.execute(sql`update events set date = ${addDays(todayInBusinessZone(), 1)}::date where id = ${tomorrow.eventId}`);
    await t.ctx.db.execute(sql`update events set date = ${addDays(todayInBusinessZone(), 10)}::date where id = ${later.eventId}`);
    await startAction(t.ctx, tomorrow.eventId, 'round1', { by: 'host' });
    await t.ctx.db.execute(sql`update guests set status = 'approved', attending = 1 where event_id = ${later.eventId}`);
    await startAction(t.ctx, later.eventId, 'direction', { by: 'host' });
    await pump();
    for (const { eventId, count } of [
      { eventId: tomorrow.eventId, count: 2 },
      { eventId: later.eventId, count: 1 },
    ]) {
      const rows = await outboxOf(t, eventId);
      expect(rows.filter((row) => row.channel === 3).map((row) => `${row.state}:${row.reason}`)).toEqual(Array(count).fill('skipped:dailyLimit'));
      expect(rows.filter((row) => row.channel === 1 && row.state === 'sent')).toHaveLength(count);
    }
  });

  it('tells the host at most once per event and batch (not once per row)', async () => {
    t.ctx.config.messaging.whatsappDailyRecipients = 0;
    // The overflow notice watched to count its calls (it still does its work). A spy on the module's export, not a
    // vi.mock: the server suite shares modules between files (isolate: false), where a file's vi.mock may not
    // reach a module another file loaded first.
    const notify = vi.spyOn(notifications, 'notifyWhatsAppOverflow');
    onTestFinished(() => notify.mockRestore());
    const { eventId } = await paidEventWithGuests(t, 30);
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const rows = await outboxOf(t, eventId);
    expect(rows.filter((row) => row.channel === 3 && row.reason === 'dailyLimit')).toHaveLength(30);
    const calls = notify.mock.calls.filter(([, id]) => id === eventId).length;
    // 30 rows come in one claim (or a few, when the app's worker takes some): one call per batch, not 30.
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(3);
  });

  it("a spent day refuses a phone not counted without waiting for the day row's lock", async () => {
    const day = '2099-07-01';
    expect(await reserveWhatsAppRecipient(t.ctx.db, day, '+972500000001', 1)).toBe(true);
    const holder = await t.ctx.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query(`select used from whatsapp_recipient_days where day = '${day}' for update`);
      const holderPid = (await holder.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      // Resolves 'blocked' as soon as a statement waits for a lock this holder has (other suites' waits on a
      // shared server do not count).
      let watching = true;
      const blocked = (async () => {
        while (watching) {
          const waiting = await t.ctx.db.execute(sql`select 1 from pg_stat_activity where ${holderPid}::int = any(pg_blocking_pids(pid)) limit 1`);
          if (waiting.rows.length > 0) return 'blocked' as const;
          await new Promise((r) => setTimeout(r, 20));
        }
        return 'done' as const;
      })();
      const answer = await Promise.race([reserveWhatsAppRecipient(t.ctx.db, day, '+972500000002', 1), blocked]);
      watching = false;
      expect(answer).toBe(false);
      // A phone counted that day still passes.
      expect(await reserveWhatsAppRecipient(t.ctx.db, day, '+972500000001', 1)).toBe(true);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});

describe('an account-wide send error', () => {
  it('holds the rows 15 minutes with their attempt given back: no SMS, no failure, one operator alert per batch', async () => {
    const errors = vi.spyOn(t.ctx.logger, 'error');
    behaviour = (message) => (message.channel === 3 ? new MessageSendError('token expired', { code: '190', permanent: true, accountWide: true }) : 'ok');
    const { eventId } = await paidEventWithGuests(t, 10);
    const before = Date.now();
    await startAction(t.ctx, eventId, 'round1', { by: 'host' });
    await pump();
    const rows = await outboxOf(t, eventId);
    expect(rows).toHaveLength(10);
    expect(rows.every((row) => row.channel === 3 && row.state === 'queued' && row.attempts === 0 && row.reason === '190')).toBe(true);
    for (const row of rows) {
      const state = await rowState(row.id);
      expect(new Date(state.notBefore).getTime()).toBeGreaterThanOrEqual(before + ACCOUNT_WIDE_HOLD_MS - 1_000);
      expect(state).toMatchObject({ claimed: false, callStarted: false });
    }
    const alerts = errors.mock.calls.filter(([, message]) => typeof message === 'string' && message.startsWith('messaging account refused a send'));
    expect(alerts.length).toBeGreaterThanOrEqual(1);
    expect(alerts.length).toBeLessThan(10);
    for (const [fields] of alerts) expect(Object.keys(fields as object).sort()).toEqual(['channel', 'code', 'provider']);
    errors.mockRestore();
  });
});
