import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/test-app.js';
import { attemptsOf, premiumEventWithGuests, waitFor } from './calls-test-kit.js';
import { startCallRound } from './start-call-round.js';

let t: TestApp;
// A quarter minute keeps the test short and still longer than the dispatcher's idle wait (a minute tick would show).
const SPACING_MINUTES = Number(process.env.TEST_CALL_SPACING_MINUTES ?? '0.25');

beforeAll(async () => {
  // Issue 27 §7: the host's settings of the run that showed one attempt after nine minutes.
  // Few lines for many guests: first calls still wait for a line when the retries' spacing is over.
  t = await createTestApp({ SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: String(SPACING_MINUTES), CALLS_MAX_CONCURRENT: '2' });
});
afterAll(() => t.close());

describe('call retries keep their spacing through the real jobs (sandbox voice)', () => {
  it('endings 4 (never answers) and 6 (voicemail) get three tries about the spacing apart, among guests of every ending', async () => {
    // Phones end in 1…9, 0, 1, …: a 7 is an ordinary guest now (it rang two minutes for the dev page and held a line).
    const { eventId, guests } = await premiumEventWithGuests(t, 30, { phonePrefix: '32' });
    const ids = ['00004', '00006'].map((tail) => guests.find((g) => g.phoneNumber.endsWith(tail))!.id);
    await startCallRound(t.ctx, eventId, { by: 'host' });
    const spacingMs = SPACING_MINUTES * 60_000;
    const attempts = await waitFor(
      'three ended tries each',
      async () => {
        const all = await attemptsOf(t, eventId);
        return ids.every((id) => all.filter((a) => a.guestId === id && a.endedAt).length === 3) && all;
      },
      3 * spacingMs + 90_000,
    ).catch(async (error: unknown) => {
      console.log(JSON.stringify(await attemptsOf(t, eventId), null, 1));
      throw error;
    });
    for (const id of ids) {
      const mine = attempts.filter((a) => a.guestId === id);
      expect(mine.map((a) => a.attempt)).toEqual([1, 2, 3]);
      for (let i = 1; i < mine.length; i++) {
        const gap = mine[i]!.placedAt.getTime() - mine[i - 1]!.endedAt!.getTime();
        // The spacing, not a minute tick or more later (a little slack for the job's poll on a loaded machine).
        expect(gap).toBeGreaterThanOrEqual(spacingMs - 1_000);
        expect(gap).toBeLessThan(spacingMs + 15_000);
      }
    }
    const rows = await t.ctx.db.execute<{ state: string; attempts: number }>(
      sql`select state, attempts from outbox_messages where event_id = ${eventId} and action = 'calls' and guest_id = any(${sql.param(ids)}::uuid[])`,
    );
    expect(rows.rows.map((r) => [r.state, r.attempts])).toEqual([
      ['failed', 3],
      ['failed', 3],
    ]);
  }, 5 * 60_000);
});
