// `npm run bench:rounds`: the messaging engine at 10,000 guests, on the embedded PostgreSQL (or BENCH_DATABASE_URL),
// with the app's own worker dispatching through in-memory channels that answer after a provider-like delay.
// Prints figures; asserts nothing.
//  - a 10,000-guest round frozen (one INSERT … SELECT): target < 2 s; started and its dispatch enqueued: target < 10 s;
//  - dispatch at WHATSAPP_RATE_PER_SECOND (BENCH_RATE, default 200/s): sends per second over a 10 s window, target within 5%;
//  - two rounds due together (2,000 and 100 guests): when the small one's last message went, against the large one's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { freezeRecipients } from '../apps/server/src/modules/messaging/engine/outbox.repository.js';
import { startAction } from '../apps/server/src/modules/messaging/engine/start-action.js';
import type { TextChannel, TextChannelProvider } from '../apps/server/src/providers/messaging/index.js';
import { fmt, signedInToken } from './bench-server.js';
import { createBenchEvent, listenLocally, useBenchPlaces } from './bench-events.js';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 10_000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const PROVIDER_LATENCY_MS = 40;
const WINDOW_MS = 10_000;
const WARM_UP_MS = 1_500;

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgr-')),
  APP_URL: 'http://127.0.0.1',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  SENDING_HOURS: 'always',
  WHATSAPP_RATE_PER_SECOND: String(RATE),
  SMS_RATE_PER_SECOND: String(RATE),
});
const built = await buildApp(config, { logger: false });
const { ctx } = built;
useBenchPlaces(ctx);

const sends: { outboxId: string; at: number }[] = [];
const channel = (id: TextChannel): TextChannelProvider => ({
  channel: id,
  name: 'bench',
  send: async (message) => {
    await new Promise((r) => setTimeout(r, PROVIDER_LATENCY_MS));
    sends.push({ outboxId: message.outboxId, at: Date.now() });
    return { providerMessageId: `bench-${message.outboxId}` };
  },
  lookup: async (outboxId) => (sends.some((s) => s.outboxId === outboxId) ? { known: true, providerMessageId: `bench-${outboxId}` } : { known: false }),
});
ctx.messaging.whatsapp = channel(3);
ctx.messaging.sms = channel(1);

const url = await listenLocally(built.app);
const token = await signedInToken(url);

let phoneBase = 1_000_000;
const paidEvent = async (guests: number): Promise<string> => {
  const id = await createBenchEvent(url, token);
  await ctx.db.execute(sql`update events set progress_status = 1 where id = ${id}`);
  await ctx.db.execute(sql`
    insert into guests (event_id, full_name, phone_number, lang, status)
    select ${id}::uuid, 'אורח ' || n, '+97250' || lpad((${phoneBase} + n)::text, 7, '0'), case when n % 6 = 0 then 'en' else 'he' end, 'inProgress'
    from generate_series(1, ${guests}) n`);
  phoneBase += guests + 1;
  await ctx.db.execute(sql`analyze guests`);
  return id;
};
const sentOf = async (eventId: string) =>
  new Set((await ctx.db.execute<{ id: string }>(sql`select id from outbox_messages where event_id = ${eventId}`)).rows.map((r) => r.id));
const pause = (eventId: string) => ctx.db.execute(sql`insert into messaging_pauses (event_id) values (${eventId}) on conflict do nothing`);

// ── 1. Freeze and enqueue ────────────────────────────────────────────────────
const probe = await paidEvent(GUESTS);
let started = performance.now();
const frozenProbe = await ctx.db.transaction((tx) => freezeRecipients(tx, probe, 'round1', 3));
const freezeMs = performance.now() - started;
await ctx.db.execute(sql`delete from outbox_messages where event_id = ${probe}`);
await ctx.db.execute(sql`delete from messaging_pauses where event_id = ${probe}`);

const big = await paidEvent(GUESTS);
started = performance.now();
const t0 = Date.now();
const { frozen } = await startAction(ctx, big, 'round1', { by: 'host' });
const enqueueMs = performance.now() - started;

// ── 2. Rate over a window ────────────────────────────────────────────────────
await new Promise((r) => setTimeout(r, WARM_UP_MS + WINDOW_MS + 200));
const bigIds = await sentOf(big);
const windowStart = t0 + WARM_UP_MS;
const inWindow = sends.filter((s) => bigIds.has(s.outboxId) && s.at >= windowStart && s.at < windowStart + WINDOW_MS).length;
const measuredRate = inWindow / (WINDOW_MS / 1000);
await pause(big);
await new Promise((r) => setTimeout(r, 1_000));

// ── 3. Two rounds due together ───────────────────────────────────────────────
const large = await paidEvent(2_000);
const small = await paidEvent(100);
const t1 = Date.now();
await Promise.all([startAction(ctx, large, 'round1', { by: 'host' }), startAction(ctx, small, 'round1', { by: 'host' })]);
const drained = async (eventId: string) =>
  (await ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`)).rows.length === 0;
for (let i = 0; i < 600 && !((await drained(large)) && (await drained(small))); i++) await new Promise((r) => setTimeout(r, 100));
const lastOf = async (eventId: string) => {
  const ids = await sentOf(eventId);
  const times = sends.filter((s) => ids.has(s.outboxId)).map((s) => s.at);
  return { count: times.length, last: Math.max(...times) - t1 };
};
const [largeFigures, smallFigures] = [await lastOf(large), await lastOf(small)];
const duplicates = sends.length - new Set(sends.map((s) => s.outboxId)).size;

console.log(`bench:rounds — ${GUESTS.toLocaleString('en')} guests, WhatsApp rate ${RATE}/s, provider latency ${PROVIDER_LATENCY_MS} ms, one process (2 dispatch loops)`);
console.log(`  freeze ${frozenProbe} recipients (one INSERT … SELECT)   ${fmt(freezeMs)} ms   (target < 2000 ms)`);
console.log(`  start the round + enqueue dispatch (${frozen} rows)  ${fmt(enqueueMs)} ms   (target < 10000 ms)`);
console.log(`  dispatch rate over ${WINDOW_MS / 1000} s after ${WARM_UP_MS / 1000} s     ${fmt(measuredRate, 1)} /s  (${fmt(((measuredRate - RATE) / RATE) * 100, 1)} % off ${RATE}/s; target within 5%)`);
console.log(`  fairness: small round (${smallFigures.count}) last message at ${fmt(smallFigures.last)} ms; large round (${largeFigures.count}) last at ${fmt(largeFigures.last)} ms`);
console.log(`  duplicate sends: ${duplicates}`);
await built.close();
process.exit(0);
