import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { premiumEventWithGuests } from '../src/modules/calls/engine/calls-test-kit.js';
import { startCallRound } from '../src/modules/calls/engine/start-call-round.js';
import { startFakeTwilio, type FakeTwilio, type FakeTwilioGuest } from './fake-twilio.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createWorkerProcesses } from './worker-processes.js';

/**
 * Exactly one call round per guest across worker restarts: a call round through the fake Twilio, placed by worker
 * processes killed (SIGKILL) again and again while calls are being placed and talked. Every call the fake received
 * must be one of our attempts (none placed twice for the same attempt number), every guest called at most 3 times,
 * and the round must finish.
 */
const APP_URL = 'http://magiim.test';
const GUESTS = 40;
const KILLS = 6;

const apps: TestApp[] = [];
const workerSets: ReturnType<typeof createWorkerProcesses>[] = [];
let fake: FakeTwilio | null = null;
afterAll(async () => {
  for (const workers of workerSets) workers.killAll();
  await fake?.close();
  for (const app of apps.reverse()) await app.close().catch(() => {});
});

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not reached within ${timeoutMs} ms`);
};

describe('the call round across worker restarts', () => {
  it(`${GUESTS} guests, the call worker killed ${KILLS} times: at most one call per guest and attempt number, and the round ends`, { timeout: 240_000 }, async () => {
    let local = '';
    // By the phone's last digit: 0-3 a person who declines, 4-5 never answers, 6 busy, 7 voicemail, 8-9 a person who says maybe.
    const guestFor = (to: string): FakeTwilioGuest => {
      const last = Number(to.slice(-1));
      if (last <= 3) return { answer: 'human', keys: ['2'] };
      if (last <= 5) return { answer: 'no-answer' };
      if (last === 6) return { answer: 'busy' };
      if (last === 7) return { answer: 'machine' };
      return { answer: 'human', keys: ['3'] };
    };
    fake = await startFakeTwilio({ route: (url) => url.replace(APP_URL, local), guestFor, ringMs: 150 });
    const env = { ...fake.env(), APP_URL, SENDING_HOURS: 'always', CALL_RETRY_SPACING_MINUTES: '0.02', CALLS_MAX_CONCURRENT: '5' };
    // The API (webhooks: TwiML and statuses) without a worker: only the killed processes place calls.
    const api = await createTestApp(env, { worker: false });
    apps.push(api);
    await api.app.listen({ port: 0, host: '127.0.0.1' });
    const address = api.app.server.address();
    local = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    // An in-process worker sends the host's sign-up e-mail, then stops.
    const mailer = await createTestApp(env, { worker: true }, api);
    const { eventId, guests } = await premiumEventWithGuests(api, GUESTS, { countOfInvites: 2 });
    await mailer.close();
    await startCallRound(api.ctx, eventId, { by: 'host' });

    const processes = createWorkerProcesses('calls-worker.ts', {
      ...env,
      NODE_ENV: 'test',
      DATABASE_URL: api.config.databaseUrl,
      DATA_DIR: api.config.dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
      CALLS_LEASE_MS: '3000',
    });
    workerSets.push(processes);
    let kills = 0;
    for (; kills < KILLS; kills++) {
      const { child, exited } = await processes.start();
      // Killed once the fake has been asked for 1 to 3 more calls: while calls are placed and talked, whatever the machine's speed.
      const target = fake.calls.size + 1 + (kills % 3);
      await waitFor(`run ${kills + 1}: ${target} calls placed`, async () => fake!.calls.size >= target, 90_000);
      child.kill('SIGKILL');
      await exited;
    }
    const placedBeforeLastRun = fake.calls.size;
    const { child, exited } = await processes.start();
    const roundState = async () =>
      (await api.ctx.db.execute<{ state: string }>(sql`select state from action_timings where event_id = ${eventId} and action = 'calls'`)).rows[0]?.state;
    await waitFor('the call round done', async () => (await roundState()) === 'done', 180_000);
    await fake.settled();
    child.kill('SIGTERM');
    await exited;

    const attempts = (
      await api.ctx.db.execute<{ guestId: string; attempt: number; providerCallId: string | null; result: string | null; reason: string | null }>(sql`
        select guest_id as "guestId", attempt, provider_call_id as "providerCallId", result, reason from call_attempts where event_id = ${eventId}`)
    ).rows;
    const rows = (
      await api.ctx.db.execute<{ guestId: string; state: string; reason: string | null; attempts: number }>(sql`
        select guest_id as "guestId", state, reason, attempts from outbox_messages where event_id = ${eventId}`)
    ).rows;
    const sidsOfOurs = new Set(attempts.map((a) => a.providerCallId).filter((id): id is string => id !== null));
    const callsByPhone = fake.countsByTo();
    const figures = {
      guests: GUESTS,
      kills,
      placedBeforeLastRun,
      fakeCalls: fake.calls.size,
      attempts: attempts.filter((a) => a.attempt > 0).length,
      notPlacedGivenBack: attempts.filter((a) => a.attempt < 0).length,
      maxConcurrentAtFake: fake.maxActive,
      states: Object.fromEntries(
        [...rows.reduce((m, r) => m.set(`${r.state}:${r.reason ?? ''}`, (m.get(`${r.state}:${r.reason ?? ''}`) ?? 0) + 1), new Map<string, number>())].sort(),
      ),
    };
    console.log(`call worker restarts: ${JSON.stringify(figures)}`);

    expect(kills).toBe(KILLS);
    expect(placedBeforeLastRun).toBeGreaterThan(0);
    // Every call the provider got is an attempt of ours, and each attempt has at most one call.
    for (const call of fake.calls.values()) expect(sidsOfOurs.has(call.sid)).toBe(true);
    expect(sidsOfOurs.size).toBe(fake.calls.size);
    for (const guest of guests) {
      const own = attempts.filter((a) => a.guestId === guest.id && a.attempt > 0);
      const numbers = own.map((a) => a.attempt).sort();
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(numbers.length).toBeLessThanOrEqual(3);
      expect(callsByPhone.get(guest.phoneNumber) ?? 0).toBe(own.filter((a) => a.providerCallId !== null).length);
    }
    expect(fake.maxActive).toBeLessThanOrEqual(5);
    // Each guest's row ended: answered (declined, maybe) or failed after 3 attempts; none left queued or calling.
    expect(rows.every((row) => row.state === 'delivered' || row.state === 'failed')).toBe(true);
    const byGuest = new Map(rows.map((row) => [row.guestId, row]));
    for (const guest of guests) {
      const last = Number(guest.phoneNumber.slice(-1));
      const row = byGuest.get(guest.id)!;
      if (last <= 3 || last >= 8) expect(row.state).toBe('delivered');
      else expect(row).toMatchObject({ state: 'failed', reason: 'noAnswer', attempts: 3 });
    }
  });
});
