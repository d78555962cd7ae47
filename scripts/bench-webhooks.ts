// `npm run bench:webhooks`: signed WhatsApp status webhooks at BENCH_RATE per second (default 500) for BENCH_SECONDS
// (default 30) against a real listening server on the embedded PostgreSQL (or BENCH_DATABASE_URL), with the app's own
// worker applying them in the same process. The client is a worker thread (node:http with a keep-alive agent;
// BENCH_CLIENT=undici: Node's fetch), open loop: each
// request has its moment, and its time to the 200 counts from that moment (a slow answer delays no one).
// Prints sent, answered 200, stored, processed, lost (target 0) and p50/p95/p99 of the answer (target p99 < 50 ms).
// BENCH_PROCESS=after: the worker leaves the webhooks alone while they arrive (the route's own figures), then applies them.
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { availableParallelism, loadavg } from 'node:os';
import { processWebhooks } from '../apps/server/src/modules/messaging/webhooks/webhook-processing.js';
import { fmt, signedInToken } from './bench-server.js';
import { createBenchEvent, listenLocally, useBenchPlaces } from './bench-events.js';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const PROCESS_AFTER = process.env.BENCH_PROCESS === 'after';
/**
 * node:http with a keep-alive agent (default), or undici through Node's fetch (BENCH_CLIENT=undici): both keep their
 * connections. On a two-core machine fetch's own work per request starves the server beside it (p99 ten times worse
 * with the same server), so the default measures the server, not the client.
 */
const CLIENT = process.env.BENCH_CLIENT === 'undici' ? 'undici' : 'http';
const TOTAL = RATE * SECONDS;
const APP_SECRET = 'bench-app-secret';
/** Each message gets `delivered` then `read`: two webhooks per outbox row. */
const ROWS = Math.ceil(TOTAL / 2);

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgw-')),
  APP_URL: 'http://127.0.0.1',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
  MESSAGING_PROVIDER: 'whatsapp-cloud',
  // Nothing here calls Meta: statuses move rows, no message is sent.
  WHATSAPP_API_URL: 'http://127.0.0.1:9',
  WHATSAPP_PHONE_NUMBER_ID: '1055500001',
  WHATSAPP_WABA_ID: '2055500001',
  WHATSAPP_ACCESS_TOKEN: 'bench-token',
  WHATSAPP_APP_SECRET: APP_SECRET,
  WHATSAPP_VERIFY_TOKEN: 'bench-verify',
});
const built = await buildApp(config, { logger: false });
const { ctx } = built;
useBenchPlaces(ctx);
// The server's own view of each answer (from the request's arrival to the reply's end), beside the client's.
const serverMs: number[] = [];
built.app.addHook('onResponse', (request, reply, done) => {
  if (request.url === '/api/webhooks/whatsapp') serverMs.push(reply.elapsedTime);
  done();
});
const url = await listenLocally(built.app);
const token = await signedInToken(url);

// ── An event whose WhatsApp messages were all sent ───────────────────────────
const eventId = await createBenchEvent(url, token);
await ctx.db.execute(sql`update events set progress_status = 1 where id = ${eventId}`);
await ctx.db.execute(sql`
  insert into guests (event_id, full_name, phone_number, lang, status)
  select ${eventId}::uuid, 'אורח ' || n, '+97250' || lpad((1000000 + n)::text, 7, '0'), 'he', 'inProgress' from generate_series(1, ${ROWS}) n`);
await ctx.db.execute(sql`
  insert into outbox_messages (event_id, guest_id, action, type, channel, state, provider_message_id, sent_at)
  select g.event_id, g.id, 'round1', 1, 3, 'sent', 'wamid.BENCH' || substr(g.phone_number, 7), now() from guests g where g.event_id = ${eventId}::uuid`);
await ctx.db.execute(sql`analyze guests`);
await ctx.db.execute(sql`analyze outbox_messages`);
const rows = (
  await ctx.db.execute<{ id: string; wamid: string; phone: string }>(
    sql`select o.id, o.provider_message_id as wamid, g.phone_number as phone from outbox_messages o join guests g on g.id = o.guest_id where o.event_id = ${eventId}::uuid`,
  )
).rows;

// Bodies in Meta's shape, signed like Meta signs them: every row's `delivered`, then (half a run later) its `read`.
const now = Math.floor(Date.now() / 1000);
const bodyOf = (row: (typeof rows)[number], status: 'delivered' | 'read', n: number) =>
  JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '2055500001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '972559990000', phone_number_id: '1055500001' },
              statuses: [
                {
                  id: row.wamid,
                  status,
                  timestamp: String(now + n),
                  recipient_id: row.phone.slice(1),
                  biz_opaque_callback_data: row.id,
                  conversation: { id: `conv-${n}`, origin: { type: 'marketing' } },
                  pricing: { billable: true, pricing_model: 'PMP', category: 'marketing', type: 'regular' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
const bodies: { body: string; signature: string }[] = [];
for (let n = 0; n < TOTAL; n++) {
  const row = rows[n % ROWS]!;
  const body = bodyOf(row, n < ROWS ? 'delivered' : 'read', n);
  bodies.push({ body, signature: `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}` });
}

// ── The client: a worker thread, so its work never shares the server's event loop ──
const client = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, bodies, rate } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const latencies = new Float64Array(bodies.length);
const statuses = new Int32Array(bodies.length);
let done = 0;
const start = performance.now() + 200;
const send = (n) => {
  const due = start + (n * 1000) / rate;
  const finish = (status) => {
    statuses[n] = status;
    latencies[n] = performance.now() - due;
    if (++done === bodies.length) parentPort.postMessage({ latencies, statuses, elapsedMs: performance.now() - start });
  };
  if (workerData.client === 'http') {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'x-hub-signature-256': bodies[n].signature } }, (res) => {
      res.resume();
      res.on('end', () => finish(res.statusCode));
    });
    req.on('error', () => finish(-1));
    req.end(bodies[n].body);
    return;
  }
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': bodies[n].signature }, body: bodies[n].body })
    .then(async (res) => { await res.arrayBuffer(); finish(res.status); })
    .catch(() => finish(-1));
};
let next = 0;
const tick = () => {
  const now = performance.now();
  while (next < bodies.length && start + (next * 1000) / rate <= now) send(next++);
  if (next < bodies.length) setTimeout(tick, 1);
};
setTimeout(tick, 200);
`;
if (PROCESS_AFTER) {
  await ctx.jobs.boss.offWork('messaging.webhooks.process');
  await ctx.jobs.boss.offWork('messaging.webhooks.sweep');
}
const loadBefore = loadavg()[0]!;
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const startedAt = Date.now();
const result = await new Promise<{ latencies: Float64Array; statuses: Int32Array; elapsedMs: number }>((resolve, reject) => {
  const worker = new Worker(client, { eval: true, workerData: { url: `${url}/api/webhooks/whatsapp`, bodies, rate: RATE, client: CLIENT } });
  worker.once('message', (message) => {
    resolve(message as { latencies: Float64Array; statuses: Int32Array; elapsedMs: number });
    void worker.terminate();
  });
  worker.once('error', reject);
});

const loadDuring = loadavg()[0]!;
loopDelay.disable();
// ── Until the worker has applied everything (or two minutes) ────────────────
if (PROCESS_AFTER) await processWebhooks(ctx, 120_000);
const counts = async () =>
  (
    await ctx.db.execute<{ stored: number; processed: number; failed: number }>(sql`
      select count(*)::int as stored, count(*) filter (where processed_at is not null and error is null)::int as processed,
        count(*) filter (where error is not null)::int as failed
      from webhook_inbox where source = 'whatsapp'`)
  ).rows[0]!;
let figures = await counts();
const deadline = Date.now() + 120_000;
while (figures.processed + figures.failed < figures.stored && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 250));
  figures = await counts();
}
const drainedAfterMs = Date.now() - startedAt - result.elapsedMs;
const states = Object.fromEntries(
  (await ctx.db.execute<{ state: string; n: number }>(sql`select state, count(*)::int as n from outbox_messages where event_id = ${eventId}::uuid group by state`)).rows.map((r) => [r.state, r.n]),
);

const ok = [...result.statuses].filter((s) => s === 200).length;
const sorted = [...result.latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
// Every body is distinct: each one answered 200 must be stored, and each stored one applied.
const lost = ok - figures.stored + (figures.stored - figures.processed);

console.log(
  `bench:webhooks — signed WhatsApp status webhooks at ${RATE}/s for ${SECONDS} s (open loop, keep-alive ${CLIENT} client), API and worker in one process` +
    `${PROCESS_AFTER ? ', applied after the run' : ''}; load average ${loadBefore.toFixed(1)} before, ${loadDuring.toFixed(1)} at the end (${String(availableParallelism())} CPUs)`,
);
console.log(`  sent          ${fmt(TOTAL)}`);
console.log(`  answered 200  ${fmt(ok)}   (other: ${TOTAL - ok})`);
console.log(`  stored        ${fmt(figures.stored)}`);
console.log(`  processed     ${fmt(figures.processed)}   (failed: ${figures.failed}; all applied ${fmt(Math.max(0, drainedAfterMs))} ms after the last send)`);
console.log(`  lost          ${fmt(lost)}   (target 0)`);
console.log(`  answer ms     p50 ${fmt(pct(50), 1)}  p95 ${fmt(pct(95), 1)}  p99 ${fmt(pct(99), 1)}  max ${fmt(sorted.at(-1) ?? 0, 1)}   (target p99 < 50 ms)`);
const serverSorted = serverMs.sort((a, b) => a - b);
const serverPct = (p: number) => serverSorted[Math.min(serverSorted.length - 1, Math.floor((p / 100) * serverSorted.length))] ?? 0;
console.log(`  in the server p50 ${fmt(serverPct(50), 1)}  p95 ${fmt(serverPct(95), 1)}  p99 ${fmt(serverPct(99), 1)}  max ${fmt(serverSorted.at(-1) ?? 0, 1)}   (arrival to reply, as Fastify times it)`);
console.log(`  server event-loop delay p50 ${fmt(loopDelay.percentile(50) / 1e6, 1)}  p99 ${fmt(loopDelay.percentile(99) / 1e6, 1)}  max ${fmt(loopDelay.max / 1e6, 1)} ms (a busy machine shows here)`);
console.log(`  outbox rows   ${JSON.stringify(states)}   (expected: all ${ROWS} read)`);
await built.close();
process.exit(0);
