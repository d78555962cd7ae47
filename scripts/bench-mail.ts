// `npm run bench:mail`: 10,000 e-mails queued through the real job path (pg-boss on the embedded PostgreSQL)
// and delivered over SMTP to a local sink. Prints the time; asserts nothing.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { fork } from 'node:child_process';
import { createAppContext } from '../apps/server/src/app-context.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { freePort, root } from './bench-server.js';

const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 10_000);

// The SMTP server is another machine in production: here, another process, so it does not share our core.
const port = await freePort();
const sink = fork(path.join(root, 'scripts/smtp-sink.mjs'), [String(port)], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
let received = 0;
await new Promise<void>((resolve) =>
  sink.on('message', (message) => {
    if (message === 'ready') resolve();
    else received = Number(message);
  }),
);

const config = loadConfig({
  ...process.env,
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgm-')),
  SMTP_URL: `smtp://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
});
// Queue everything first (no worker), then time the worker draining the queue.
const { ctx, close, jobDefinitions } = await createAppContext(config, { logger: pino({ level: 'warn' }), worker: false });

const queuedAt = performance.now();
const batch = 200;
for (let i = 0; i < COUNT; i += batch) {
  await Promise.all(
    Array.from({ length: Math.min(batch, COUNT - i) }, (_, j) =>
      ctx.enqueueEmail({ to: `guest${i + j}@example.com`, subject: `Bench ${i + j}`, html: '<p>Hello</p>', text: 'Hello' }),
    ),
  );
}
const enqueuedMs = performance.now() - queuedAt;
console.log(`queued ${COUNT} e-mails in ${(enqueuedMs / 1000).toFixed(1)} s (${Math.round(COUNT / (enqueuedMs / 1000))}/s)`);
const workStartedAt = performance.now();
await ctx.jobs.work(jobDefinitions);

const deadline = Date.now() + 10 * 60_000;
let last = 0;
while (received < COUNT && Date.now() < deadline) {
  await new Promise((r) => setTimeout(r, 1000));
  if (received - last > 0 && Math.round((performance.now() - workStartedAt) / 1000) % 10 === 0) console.log(`  ${received} delivered…`);
  last = received;
}
const totalMs = performance.now() - workStartedAt;
console.log(
  `${received} of ${COUNT} queued e-mails delivered to the SMTP sink in ${(totalMs / 1000).toFixed(1)} s ` +
    `(${Math.round(received / (totalMs / 1000))}/s; target: 10,000 in under 60 s), one worker process`,
);
await close();
sink.kill();
process.exit(received === COUNT ? 0 : 1);
