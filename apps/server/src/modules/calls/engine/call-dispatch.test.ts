import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { VoiceCallError } from '../../../providers/voice/index.js';
import { localMoment } from '../../messaging/local-time.js';
import { outboxOf, setStatus } from '../../messaging/engine/engine-test-kit.js';
import { pumpCalls } from './call-dispatch.js';
import { recoverCalls } from './call-recovery.js';
import { callSettings } from './call-settings.js';
import { isCallAllowed, nextCallMoment } from '../../messaging/call-window.js';
import { attemptsOf, premiumEventWithGuests, useStubVoice, waitFor, type StubScript } from './calls-test-kit.js';
import { startCallRound } from './start-call-round.js';

let t: TestApp;
let script: (to: string) => StubScript = () => ({ kind: 'manual' });
let stub: ReturnType<typeof useStubVoice>;
/** What a scripted call waits for before it rings: a turn of the event loop, or a gate the cap test opens. */
let held: () => Promise<void> = () => new Promise((resolve) => setImmediate(resolve));
const SPACING_MINUTES = 0.03;
const CAP = 3;
const defaults = { ...callSettings };

beforeAll(async () => {
  t = await createTestApp({ SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: String(SPACING_MINUTES), CALLS_MAX_CONCURRENT: String(CAP) });
  stub = useStubVoice(t, (request) => script(request.to), { hold: () => held() });
});
afterEach(() => {
  Object.assign(callSettings, defaults);
  t.ctx.config.voice.maxConcurrent = CAP;
  (t.ctx.config.messaging as { sendingHours: string }).sendingHours = 'always';
  script = () => ({ kind: 'manual' });
});
afterAll(() => t.close());

/** Its attempts' last news (and last re-read) older than the call lease, as if the lease had run out. */
const leaseRunOut = (eventId: string) =>
  t.ctx.db.execute(sql`
    update call_attempts set updated_at = updated_at - ${callSettings.leaseMs + 60_000} * interval '1 millisecond',
      checked_at = checked_at - ${callSettings.leaseMs + 60_000} * interval '1 millisecond'
    where event_id = ${eventId} and status <> 'ended'`);

const roundDone = (eventId: string) =>
  waitFor(`the call round of ${eventId} done`, async () => {
    const row = (await t.ctx.db.execute<{ state: string }>(sql`select state from action_timings where event_id = ${eventId} and action = 'calls'`)).rows[0];
    return row?.state === 'done';
  }, 60_000);

describe('the call window', () => {
  const sunday = '2026-11-22';
  const friday = '2026-11-27';
  it('is 10:00–20:00 inside the sending hours (Friday until 14:00, never on Shabbat); always lifts it', () => {
    expect(isCallAllowed(localMoment(sunday, 9 * 60 + 30), 'israel')).toBe(false);
    expect(isCallAllowed(localMoment(sunday, 10 * 60), 'israel')).toBe(true);
    expect(isCallAllowed(localMoment(sunday, 19 * 60 + 59), 'israel')).toBe(true);
    expect(isCallAllowed(localMoment(sunday, 20 * 60), 'israel')).toBe(false);
    expect(isCallAllowed(localMoment(friday, 13 * 60), 'israel')).toBe(true);
    expect(isCallAllowed(localMoment(friday, 15 * 60), 'israel')).toBe(false);
    expect(isCallAllowed(localMoment(sunday, 22 * 60), 'always')).toBe(true);
    expect(nextCallMoment(localMoment(sunday, 9 * 60 + 30), 'israel')).toEqual(localMoment(sunday, 10 * 60));
    expect(nextCallMoment(localMoment(sunday, 21 * 60), 'israel')).toEqual(localMoment('2026-11-23', 10 * 60));
    expect(nextCallMoment(localMoment(friday, 15 * 60), 'israel')).toEqual(localMoment('2026-11-29', 10 * 60));
  });

  it('a ready call outside the window waits for its opening (SENDING_HOURS=israel, a fixed clock at 21:00)', async () => {
    const { eventId } = await premiumEventWithGuests(t, 2);
    // A Monday far ahead (a date in the past would put the opening behind the database's own clock).
    const evening = localMoment('2030-01-14', 21 * 60);
    callSettings.now = () => evening;
    (t.ctx.config.messaging as { sendingHours: string }).sendingHours = 'israel';
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await pumpCalls(t.ctx, 2_000);
    const rows = await t.ctx.db.execute<{ state: string; notBefore: string }>(sql`select state, not_before as "notBefore" from outbox_messages where event_id = ${eventId}`);
    expect(rows.rows.map((row) => [row.state, new Date(row.notBefore).toISOString()])).toEqual([
      ['queued', localMoment('2030-01-15', 10 * 60).toISOString()],
      ['queued', localMoment('2030-01-15', 10 * 60).toISOString()],
    ]);
    expect(await attemptsOf(t, eventId)).toEqual([]);
  });

  it('a retry whose spacing ends after 20:00 waits for the next opening (not placed in the evening)', async () => {
    const { eventId } = await premiumEventWithGuests(t, 1, { phonePrefix: '59' });
    // A Monday far ahead, 19:30: inside the window; 120 minutes later is outside it.
    const late = localMoment('2030-01-14', 19 * 60 + 30);
    callSettings.now = () => late;
    (t.ctx.config.messaging as { sendingHours: string }).sendingHours = 'israel';
    const spacing = t.ctx.config.voice.retrySpacingMinutes;
    t.ctx.config.voice.retrySpacingMinutes = 120;
    try {
      await startCallRound(t.ctx, eventId, { by: 'host' });
      await pumpCalls(t.ctx, 1_000);
      const [attempt] = await waitFor('the first call placed', async () => {
        const rows = await attemptsOf(t, eventId);
        return rows.length === 1 && rows[0]!.providerCallId ? rows : undefined;
      });
      await stub.send(stub.callOf(attempt!.id), 'no-answer');
      const rows = await t.ctx.db.execute<{ state: string; reason: string; attempts: number; notBefore: string }>(
        sql`select state, reason, attempts, not_before as "notBefore" from outbox_messages where event_id = ${eventId}`,
      );
      expect(rows.rows.map((row) => [row.state, row.reason, row.attempts, new Date(row.notBefore).toISOString()])).toEqual([
        ['queued', 'noAnswer', 1, localMoment('2030-01-15', 10 * 60).toISOString()],
      ]);
    } finally {
      t.ctx.config.voice.retrySpacingMinutes = spacing;
    }
  });
});

describe('the dispatcher', () => {
  it(`never has more than CALLS_MAX_CONCURRENT (${CAP}) calls on the wire across many events, and every guest is called once`, async () => {
    script = () => ({ kind: 'answer', answeredBy: 'human', keys: ['2'] });
    const events = await Promise.all([0, 1, 2, 3].map((i) => premiumEventWithGuests(t, 6, { phonePrefix: `6${i}` })));
    const before = stub.calls.length;
    // The database's own count, watched while the round runs.
    let maxActive = 0;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        const n = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from call_attempts where status <> 'ended'`)).rows[0]!.n;
        maxActive = Math.max(maxActive, Number(n));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // Calls stay on the line until the test lets them go: each time the line is full (or every call is placed).
    let open = () => {};
    let gate = new Promise<void>((resolve) => (open = resolve));
    held = () => gate;
    try {
      await Promise.all(events.map((event) => startCallRound(t.ctx, event.eventId, { by: 'host' })));
      while (stub.calls.length - before < 24 || stub.stats.open > 0) {
        await waitFor('the line full, or every call placed', async () => stub.stats.open === CAP || (stub.calls.length - before === 24 && stub.stats.open > 0) || undefined, 60_000);
        const release = open;
        gate = new Promise<void>((resolve) => (open = resolve));
        const [openAtRelease, placedAtRelease] = [stub.stats.open, stub.calls.length];
        release();
        // Progress, not a state that may already hold: a check true at once would spin this loop on microtasks
        // alone and starve the calls it waits for (the run hung once that way).
        await waitFor('a released call hung up, or another was placed', async () => stub.stats.open < openAtRelease || stub.calls.length > placedAtRelease || undefined, 60_000);
      }
      for (const event of events) await roundDone(event.eventId);
    } finally {
      held = () => new Promise((resolve) => setImmediate(resolve));
      open();
      watching = false;
      await watcher;
    }
    expect(stub.stats.maxOpen).toBe(CAP);
    expect(maxActive).toBeLessThanOrEqual(CAP);
    const placed = stub.calls.slice(before);
    expect(placed).toHaveLength(24);
    expect(new Set(placed.map((call) => call.to)).size).toBe(24);
    for (const event of events) {
      expect((await outboxOf(t, event.eventId)).every((row) => row.state === 'delivered' && row.attempts === 1)).toBe(true);
    }
  });

  it('takes events in turns: with one line, two events alternate', async () => {
    script = () => ({ kind: 'answer', answeredBy: 'human', keys: ['3'] });
    const a = await premiumEventWithGuests(t, 4, { phonePrefix: '71' });
    const b = await premiumEventWithGuests(t, 4, { phonePrefix: '72' });
    const before = stub.calls.length;
    // No line free while both rounds start: the first claim sees both events ready.
    t.ctx.config.voice.maxConcurrent = 0;
    await startCallRound(t.ctx, a.eventId, { by: 'host' });
    await startCallRound(t.ctx, b.eventId, { by: 'host' });
    t.ctx.config.voice.maxConcurrent = 1;
    await pumpCalls(t.ctx, 1_000);
    await roundDone(a.eventId);
    await roundDone(b.eventId);
    const phonesOf = new Map([...a.guests.map((g) => [g.phoneNumber, 'a'] as const), ...b.guests.map((g) => [g.phoneNumber, 'b'] as const)]);
    const order = stub.calls.slice(before).map((call) => phonesOf.get(call.to)).join('');
    expect(order).toHaveLength(8);
    expect(order).toMatch(/^(ab){4}$|^(ba){4}$/);
  });

  it('holds the waiting calls of an event whose host switched calls off mid-round, and goes on once they are on again', async () => {
    script = () => ({ kind: 'answer', answeredBy: 'human', keys: ['2'] });
    const { eventId } = await premiumEventWithGuests(t, 2, { phonePrefix: '73' });
    // No line free while the round starts: both calls wait in the queue.
    t.ctx.config.voice.maxConcurrent = 0;
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await t.ctx.db.execute(sql`update events set include_calls_preference = false where id = ${eventId}`);
    t.ctx.config.voice.maxConcurrent = CAP;
    await pumpCalls(t.ctx, 500);
    expect(await attemptsOf(t, eventId)).toEqual([]);
    expect((await outboxOf(t, eventId)).map((row) => row.state)).toEqual(['queued', 'queued']);
    await t.ctx.db.execute(sql`update events set include_calls_preference = true where id = ${eventId}`);
    await pumpCalls(t.ctx, 500);
    await roundDone(eventId);
    expect((await outboxOf(t, eventId)).map((row) => row.state)).toEqual(['delivered', 'delivered']);
  });

  it('skips a guest who answered meanwhile (page or message) before the next attempt', async () => {
    script = (to) => (to.endsWith('1') ? { kind: 'end', status: 'busy' } : { kind: 'end', status: 'no-answer' });
    const { eventId, guests } = await premiumEventWithGuests(t, 2, { phonePrefix: '81' });
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await waitFor('both first attempts ended', async () => (await attemptsOf(t, eventId)).filter((a) => a.status === 'ended').length === 2);
    await setStatus(t, guests[0]!.id, 'approved', 1);
    await roundDone(eventId);
    const rows = await outboxOf(t, eventId);
    expect(rows.find((row) => row.guestId === guests[0]!.id)).toMatchObject({ state: 'skipped', reason: 'answered', attempts: 1 });
    expect(rows.find((row) => row.guestId === guests[1]!.id)).toMatchObject({ state: 'failed', reason: 'noAnswer', attempts: 3 });
  });

  it('retries no answer, busy, voicemail and silence up to 3 attempts, spaced CALL_RETRY_SPACING_MINUTES apart', async () => {
    const outcomes: StubScript[] = [
      { kind: 'end', status: 'busy' },
      { kind: 'answer', answeredBy: 'machine', keys: [] },
      { kind: 'answer', answeredBy: 'human', keys: ['', ''] },
    ];
    const byPhone = new Map<string, number>();
    script = (to) => {
      const n = byPhone.get(to) ?? 0;
      byPhone.set(to, n + 1);
      return outcomes[n] ?? { kind: 'end', status: 'no-answer' };
    };
    const { eventId } = await premiumEventWithGuests(t, 1, { phonePrefix: '82' });
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await roundDone(eventId);
    const attempts = await attemptsOf(t, eventId);
    expect(attempts.map((a) => [a.attempt, a.result])).toEqual([
      [1, 'busy'],
      [2, 'voicemail'],
      [3, 'silence'],
    ]);
    for (let i = 1; i < attempts.length; i++) {
      expect(attempts[i]!.placedAt.getTime() - attempts[i - 1]!.endedAt!.getTime()).toBeGreaterThanOrEqual(SPACING_MINUTES * 60_000 - 50);
    }
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'failed', reason: 'noAnswer', attempts: 3 });
  });

  it('a number the provider refuses for good fails at once; a refusal for now counts as an attempt and is retried', async () => {
    let refusals = 0;
    script = (to) => {
      if (to.endsWith('1')) return { kind: 'refuse', error: new VoiceCallError('invalid number', { code: '21217', permanent: true }) };
      refusals += 1;
      return refusals === 1 ? { kind: 'refuse', error: new VoiceCallError('rate limited', { code: '20429' }) } : { kind: 'answer', answeredBy: 'human', keys: ['2'] };
    };
    const { eventId, guests } = await premiumEventWithGuests(t, 2, { phonePrefix: '83' });
    await startCallRound(t.ctx, eventId, { by: 'host' });
    await roundDone(eventId);
    const rows = await outboxOf(t, eventId);
    expect(rows.find((row) => row.guestId === guests[0]!.id)).toMatchObject({ state: 'failed', reason: '21217', attempts: 1 });
    expect(rows.find((row) => row.guestId === guests[1]!.id)).toMatchObject({ state: 'delivered', attempts: 2 });
    const attempts = await attemptsOf(t, eventId);
    expect(attempts.filter((a) => a.guestId === guests[1]!.id).map((a) => [a.attempt, a.result, a.reason])).toEqual([
      [1, 'failed', '20429'],
      [2, 'answered', null],
    ]);
  });
});

describe('recovery', () => {
  it('a placing attempt the provider never had is given back and placed again once for that number', async () => {
    let first = true;
    script = () => {
      if (first) {
        first = false;
        return { kind: 'refuse', error: new VoiceCallError('timed out', { code: 'timeout', outcomeUnknown: true }) };
      }
      return { kind: 'answer', answeredBy: 'human', keys: ['2'] };
    };
    const { eventId } = await premiumEventWithGuests(t, 1, { phonePrefix: '91' });
    await startCallRound(t.ctx, eventId, { by: 'host' });
    const [stuck] = await waitFor('the attempt left placing', async () => {
      const rows = await attemptsOf(t, eventId);
      return rows.length === 1 && rows[0]!.status === 'placing' ? rows : undefined;
    });
    expect(stuck!.providerCallId).toBeNull();
    // Its lease run out: its last news older than the lease (not placed_at: the provider is searched from there).
    await leaseRunOut(eventId);
    await recoverCalls(t.ctx);
    await roundDone(eventId);
    const attempts = await attemptsOf(t, eventId);
    expect(attempts.map((a) => [a.attempt, a.result, a.reason])).toEqual([
      [-1, 'failed', 'notPlaced'],
      [1, 'answered', null],
    ]);
    expect((await outboxOf(t, eventId))[0]).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('a placing attempt whose call exists is adopted; a ringing one whose callback was lost is read again', async () => {
    script = () => ({ kind: 'manual' });
    const { eventId } = await premiumEventWithGuests(t, 2, { phonePrefix: '92' });
    await startCallRound(t.ctx, eventId, { by: 'host' });
    const attempts = await waitFor('two calls placed', async () => {
      const rows = await attemptsOf(t, eventId);
      return rows.length === 2 && rows.every((row) => row.providerCallId) ? rows : undefined;
    });
    // The first as if placeCall's answer had been lost (placing, no id); both calls ended at the provider without callbacks.
    await t.ctx.db.execute(sql`update call_attempts set provider_call_id = null, status = 'placing' where id = ${attempts[0]!.id}`);
    for (const attempt of attempts) stub.callOf(attempt.id).status = 'no-answer';
    await leaseRunOut(eventId);
    expect(await recoverCalls(t.ctx)).toBeGreaterThanOrEqual(2);
    const after = await attemptsOf(t, eventId);
    for (const attempt of attempts) {
      expect(after.find((a) => a.id === attempt.id)).toMatchObject({ status: 'ended', result: 'noAnswer', providerCallId: stub.callOf(attempt.id).providerCallId });
    }
  });
});
