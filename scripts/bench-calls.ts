// `npm run bench:calls`: a 1,000-guest call round (BENCH_GUESTS) of a premium paid event with calls included, on the
// embedded PostgreSQL (or BENCH_DATABASE_URL), the app listening on a local port with VOICE_PROVIDER=twilio against the
// fake Twilio (apps/server/test/fake-twilio.ts): every call fetches our signed TwiML, the scripted guest presses keys,
// signed status callbacks come back. SENDING_HOURS=always, CALLS_MAX_CONCURRENT=10 (BENCH_CONCURRENCY).
// Guests: 70% press 1 (then their count), 20% press 2, 10% press 3. BENCH_STEP_MS (default 100): the fake's pause
// between a call's steps (ringing, answer, each prompt), so a call lasts about half a second.
// Prints the wall time from the start of the round to its last answer, the most calls in progress at once as the fake
// saw them (target: exactly the cap, never above), calls per guest (duplicates: target 0) and the answers by kind.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { startCallRound } from '../apps/server/src/modules/calls/engine/start-call-round.js';
import { startFakeTwilio, type FakeTwilioGuest } from '../apps/server/test/fake-twilio.js';
import { fmt, signedInToken } from './bench-server.js';
import { createBenchEvent, listenLocally, useBenchPlaces } from './bench-events.js';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const STEP_MS = Number(process.env.BENCH_STEP_MS ?? 100);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 900_000);
/** No guest done for this long: the bench stops and prints the rows left. */
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 60_000);
const APP_URL = 'http://magiim-bench.test';

let local = '';
/** The guest behind each number: by its last digit (0–6 press 1, 7–8 press 2, 9 presses 3). */
const guestFor = (to: string): FakeTwilioGuest => {
  const last = Number(to.slice(-1));
  const count = Number(to.slice(-2, -1)) % 3 + 1;
  if (last <= 6) return { answer: 'human', keys: ['1', String(count)] };
  return { answer: 'human', keys: [last <= 8 ? '2' : '3'] };
};
const fake = await startFakeTwilio({ route: (url) => url.replace(APP_URL, local), ringMs: STEP_MS, guestFor });

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgc-')),
  APP_URL,
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  SENDING_HOURS: 'always',
  CALLS_MAX_CONCURRENT: String(CONCURRENCY),
  ...fake.env(),
});
const built = await buildApp(config, { logger: false });
const { ctx } = built;
useBenchPlaces(ctx);
local = await listenLocally(built.app);
const token = await signedInToken(local);

// ── A premium paid event that includes calls, GUESTS guests who have not answered ──
const eventId = await createBenchEvent(local, token, { includeCalls: true });
await ctx.db.execute(sql`update events set progress_status = 1, order_package_id = 2, include_calls_preference = true where id = ${eventId}`);
await ctx.db.execute(sql`
  insert into guests (event_id, full_name, phone_number, lang, status, count_of_invites)
  select ${eventId}::uuid, 'אורח ' || n, '+97252' || lpad(n::text, 7, '0'), case when n % 5 = 0 then 'en' else 'he' end, 'inProgress', 3
  from generate_series(1, ${GUESTS}) n`);
await ctx.db.execute(sql`analyze guests`);

// ── The round ──
const t0 = performance.now();
const { frozen } = await startCallRound(ctx, eventId, { by: 'host' });
const startMs = performance.now() - t0;
const pending = async () =>
  (await ctx.db.execute<{ n: number }>(sql`
    select count(*)::int as n from outbox_messages where event_id = ${eventId} and action = 'calls' and state not in ('delivered', 'failed', 'skipped')`)).rows[0]!.n;
let left = frozen;
let lastReport = performance.now();
let lastProgress = performance.now();
while (left > 0 && performance.now() - t0 < TIMEOUT_MS) {
  await new Promise((r) => setTimeout(r, 250));
  const now = await pending();
  if (now !== left) lastProgress = performance.now();
  left = now;
  if (performance.now() - lastProgress > STALL_MS) {
    console.log(`  STALLED: no guest done for ${STALL_MS / 1000} s; ${left} left:`);
    const stuck = await ctx.db.execute(sql`
      select o.state, o.reason, o.attempts, o.not_before as "notBefore", a.attempt, a.status, a.result, a.provider_call_id as "providerCallId", a.updated_at as "updatedAt"
      from outbox_messages o left join call_attempts a on a.outbox_id = o.id
      where o.event_id = ${eventId} and o.action = 'calls' and o.state not in ('delivered', 'failed', 'skipped') order by o.id, a.attempt`);
    for (const row of stuck.rows) console.log('   ', JSON.stringify(row));
    for (const row of stuck.rows) {
      const call = row.providerCallId ? fake.calls.get(String(row.providerCallId)) : undefined;
      if (call) console.log('    fake:', call.sid, call.status, JSON.stringify(call.callbacks), call.pressed.join(','));
    }
    break;
  }
  if (performance.now() - lastReport > 10_000) {
    lastReport = performance.now();
    console.log(`  … ${frozen - left}/${frozen} guests done after ${fmt((performance.now() - t0) / 1000, 1)} s (fake: ${fake.active} calls in progress)`);
  }
}
const wallMs = performance.now() - t0;
await fake.settled();

const counts = [...fake.countsByTo().values()];
const duplicates = counts.reduce((sum, n) => sum + Math.max(0, n - 1), 0);
const answers = (await ctx.db.execute<{ status: string; n: number; attending: number | null }>(sql`
  select status, count(*)::int as n, sum(attending)::int as attending from guests where event_id = ${eventId} group by status order by status`)).rows;
const attempts = (await ctx.db.execute<{ result: string | null; n: number }>(sql`
  select result, count(*)::int as n from call_attempts where event_id = ${eventId} group by result order by result`)).rows;
const outbox = (await ctx.db.execute<{ state: string; n: number }>(sql`
  select state, count(*)::int as n from outbox_messages where event_id = ${eventId} and action = 'calls' group by state order by state`)).rows;
const refused = [...fake.calls.values()].flatMap((c) => c.callbacks).filter((c) => c.answer !== 204).length;

console.log(`bench:calls — ${GUESTS.toLocaleString('en')} guests, premium event with calls, VOICE_PROVIDER=twilio against the fake Twilio, CALLS_MAX_CONCURRENT=${CONCURRENCY}, ${STEP_MS} ms per call step, one process`);
console.log(`  start the round (freeze ${frozen} guests, kick the dispatcher)   ${fmt(startMs)} ms`);
console.log(`  wall time to the last answer                          ${fmt(wallMs / 1000, 1)} s${left > 0 ? `   (NOT FINISHED: ${left} left)` : ''}`);
console.log(`  calls per second                                      ${fmt(fake.calls.size / (wallMs / 1000), 1)}`);
console.log(`  max calls in progress at once (fake's gauge)           ${fake.maxActive}   (cap ${CONCURRENCY})`);
console.log(`  calls placed ${fake.calls.size}; guests called ${counts.length}; duplicate calls ${duplicates}   (target 0)`);
console.log(`  status callbacks not accepted                         ${refused}`);
console.log(`  attempts by result: ${attempts.map((a) => `${a.result ?? 'open'} ${a.n}`).join(', ')}`);
console.log(`  call-round rows: ${outbox.map((o) => `${o.state} ${o.n}`).join(', ')}`);
console.log(`  guests: ${answers.map((a) => `${a.status} ${a.n}${a.attending !== null && a.status === 'approved' ? ` (${a.attending} people)` : ''}`).join(', ')}`);

await built.close();
await fake.close();
process.exit(0);
