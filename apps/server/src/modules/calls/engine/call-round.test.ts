import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { deferReadyRows, hasReadyRows } from '../../messaging/engine/outbox.repository.js';
import { pumpOutbox } from '../../messaging/engine/dispatch.js';
import { runSchedulerTick } from '../../messaging/engine/scheduler.js';
import { outboxOf } from '../../messaging/engine/engine-test-kit.js';
import { attemptsOf, premiumEventWithGuests, waitFor } from './calls-test-kit.js';
import { startCallRound } from './start-call-round.js';

let t: TestApp;

beforeAll(async () => {
  // The configured provider: the sandbox (simulated guests by the phone's last digit).
  t = await createTestApp({ SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: '0.01', CALLS_MAX_CONCURRENT: '4' });
});
afterAll(() => t.close());

const stateOf = async (eventId: string) =>
  (await t.ctx.db.execute<{ state: string }>(sql`select state from action_timings where event_id = ${eventId} and action = 'calls'`)).rows[0]?.state;

describe('the call round through the sandbox voice provider', () => {
  it('ends with each simulated guest as the sandbox plays them: answered, voicemail and no answer retried, busy twice then two coming', async () => {
    const { eventId, guests } = await premiumEventWithGuests(t, 6, { countOfInvites: 3, phonePrefix: '30' });
    expect(t.ctx.voice.name).toBe('sandbox');
    // Phones end in 1…6 (the kit numbers guests 00001…00006).
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await waitFor('the sandbox round done', async () => (await stateOf(eventId)) === 'done', 60_000);
    const rows = new Map((await outboxOf(t, eventId)).map((row) => [row.guestId, row]));
    const status = new Map(
      (await t.ctx.db.execute<{ id: string; status: string; attending: number | null }>(sql`select id, status, attending from guests where event_id = ${eventId}`)).rows.map(
        (g) => [g.id, g],
      ),
    );
    const byLast = (digit: string) => guests.find((g) => g.phoneNumber.endsWith(digit))!.id;
    for (const digit of ['1', '2', '3']) {
      expect(rows.get(byLast(digit))).toMatchObject({ state: 'delivered', attempts: 1 });
      expect(status.get(byLast(digit))).toMatchObject({ status: 'approved', attending: 3 });
    }
    expect(rows.get(byLast('4'))).toMatchObject({ state: 'failed', reason: 'noAnswer', attempts: 3 });
    expect(rows.get(byLast('5'))).toMatchObject({ state: 'delivered', attempts: 3 });
    expect(status.get(byLast('5'))).toMatchObject({ status: 'approved', attending: 2 });
    expect(rows.get(byLast('6'))).toMatchObject({ state: 'failed', reason: 'noAnswer', attempts: 3 });
    const attempts = await attemptsOf(t, eventId);
    expect(attempts.filter((a) => a.guestId === byLast('6')).map((a) => a.result)).toEqual(['voicemail', 'voicemail', 'voicemail']);
    expect(attempts.filter((a) => a.guestId === byLast('5')).map((a) => a.result)).toEqual(['busy', 'busy', 'answered']);
  });

  it('a due calls action starts from the scheduler tick; the text dispatcher never picks, defers or counts call rows', async () => {
    const { eventId } = await premiumEventWithGuests(t, 2, { phonePrefix: '31' });
    // The guest list's timing rows, then the calls action due now (the other actions far away).
    await t.ctx.db.execute(sql`
      insert into action_timings (event_id, action, send_at, enabled) values
        (${eventId}, 'calls', now() - interval '1 minute', true)
      on conflict (event_id, action) do update set send_at = excluded.send_at, enabled = true, state = 'scheduled'`);
    await t.ctx.db.execute(sql`insert into messaging_pauses (event_id) values (${eventId})`);
    await runSchedulerTick(t.ctx);
    // Paused: not started.
    expect(await stateOf(eventId)).toBe('scheduled');
    await t.ctx.db.execute(sql`delete from messaging_pauses where event_id = ${eventId}`);
    // Held while we look: no line free.
    t.ctx.config.voice.maxConcurrent = 0;
    try {
      await runSchedulerTick(t.ctx);
      expect(await stateOf(eventId)).toBe('running');
      const rows = await outboxOf(t, eventId);
      expect(rows.map((row) => [row.action, row.channel, row.state])).toEqual([
        ['calls', 2, 'queued'],
        ['calls', 2, 'queued'],
      ]);
      expect(await hasReadyRows(t.ctx.db)).toBe(false);
      await pumpOutbox(t.ctx, 500);
      expect((await outboxOf(t, eventId)).map((row) => [row.state, row.attempts])).toEqual([
        ['queued', 0],
        ['queued', 0],
      ]);
      expect(await stateOf(eventId)).toBe('running');
      // The text quiet hours move text rows only (calls keep their own window).
      await deferReadyRows(t.ctx.db, new Date(Date.now() + 3_600_000));
      const waiting = await t.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and not_before > now()`);
      expect(waiting.rows).toEqual([]);
    } finally {
      t.ctx.config.voice.maxConcurrent = 4;
    }
    const { kickCallDispatch } = await import('./calls.jobs.js');
    await kickCallDispatch(t.ctx);
    await waitFor('the scheduled round done', async () => (await stateOf(eventId)) === 'done', 60_000);
  });
});
