import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { MessageSendError } from '../src/providers/messaging/index.js';
import { engineSettings } from '../src/modules/messaging/engine/engine-settings.js';
import { MESSAGING_TEST_ENV, paidEventWithGuests, useRecordingChannels, type SentRecord } from '../src/modules/messaging/engine/engine-test-kit.js';
import { startAction } from '../src/modules/messaging/engine/start-action.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createWorkerProcesses } from './worker-processes.js';
import { readSandboxSent } from './sandbox-sent-record.js';

const apps: TestApp[] = [];
const workerSets: ReturnType<typeof createWorkerProcesses>[] = [];
afterAll(async () => {
  for (const workers of workerSets) workers.killAll();
  // Workers first: the API app created (and drops) the database.
  for (const app of apps.reverse()) await app.close().catch(() => {});
});

/** An API app without a worker, and `workers` in-process workers on its database (the first also sends the e-mail). */
const cluster = async (workers: number) => {
  const api = await createTestApp(MESSAGING_TEST_ENV, { worker: false });
  apps.push(api);
  const list: TestApp[] = [];
  for (let i = 0; i < workers; i++) {
    const worker = await createTestApp(MESSAGING_TEST_ENV, { worker: true }, api);
    apps.push(worker);
    list.push(worker);
  }
  return { api, workers: list };
};

const outboxCounts = async (t: TestApp, eventId: string) =>
  (
    await t.ctx.db.execute<{ state: string; reason: string | null; n: number }>(sql`
      select state, reason, count(*)::int as n from outbox_messages where event_id = ${eventId} group by state, reason order by state, reason`)
  ).rows;

const waitForDrain = async (t: TestApp, eventId: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const left = await t.ctx.db.execute(sql`select 1 from outbox_messages where event_id = ${eventId} and state = 'queued' limit 1`);
    if (left.rows.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`outbox not drained: ${JSON.stringify(await outboxCounts(t, eventId))}`);
};

/** Polls `done` until it holds; fails after `timeoutMs` naming what did not happen. */
const waitFor = async (done: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

const perKey = (records: { outboxId: string }[]) => {
  const counts = new Map<string, number>();
  for (const record of records) counts.set(record.outboxId, (counts.get(record.outboxId) ?? 0) + 1);
  return counts;
};

describe('messaging faults', () => {
  // Generous waits: on a loaded 2-core machine (the whole suite in parallel) the round takes far longer than alone.
  it('two workers running the same round: one message each', { timeout: 120_000 }, async () => {
    const { api, workers } = await cluster(2);
    const sent: SentRecord[] = [];
    // One provider behind both workers: what either sent, both find when they look a message up (a claim taken over
    // after its lease asks the provider before sending again).
    const recordings = workers.map((worker) => useRecordingChannels(worker));
    const push = Array.prototype.push;
    for (const recording of recordings) {
      recording.sent.push = (...items) => {
        for (const other of recordings) push.apply(other.sent, items);
        return push.apply(sent, items);
      };
    }
    const { eventId, guests } = await paidEventWithGuests(api, 600);
    // Both start it, as a duplicated schedule would.
    const [a, b] = await Promise.all([startAction(workers[0]!.ctx, eventId, 'round1', { by: 'schedule' }), startAction(workers[1]!.ctx, eventId, 'round1', { by: 'host' })]);
    expect(a.frozen + b.frozen).toBe(600);
    await waitForDrain(api, eventId, 110_000);
    const byKey = perKey(sent);
    expect(byKey.size).toBe(600);
    expect([...byKey.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(sent.map((record) => record.to)).size).toBe(guests.length);
    expect(await outboxCounts(api, eventId)).toEqual([{ state: 'sent', reason: null, n: 600 }]);
  });

  it('20% of sends failing: every row ends sent or failed with a reason after its retries', { timeout: 60_000 }, async () => {
    const saved = { ...engineSettings };
    engineSettings.retryBaseMs = 10;
    const { api, workers } = await cluster(1);
    let seed = 42;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const recording = useRecordingChannels(workers[0]!, () => {
      const roll = random();
      if (roll < 0.15) return new MessageSendError('busy', { code: 'http503' });
      if (roll < 0.2) return new MessageSendError('bad number', { code: 'invalid_number', permanent: true });
      return 'ok';
    });
    const { eventId } = await paidEventWithGuests(api, 500);
    await startAction(api.ctx, eventId, 'round1', { by: 'host' });
    await waitForDrain(api, eventId, 40_000);
    const rows = (
      await api.ctx.db.execute<{ id: string; state: string; reason: string | null; channel: number; guestId: string }>(
        sql`select id, state, reason, channel, guest_id as "guestId" from outbox_messages where event_id = ${eventId}`,
      )
    ).rows;
    expect(rows.every((row) => row.state === 'sent' || (row.state === 'failed' && row.reason))).toBe(true);
    expect(rows.filter((row) => row.state === 'failed').length).toBeGreaterThan(0);
    // Each accepted message once; a guest whose WhatsApp failed got one SMS row, never more.
    expect([...perKey(recording.sent).values()].every((n) => n === 1)).toBe(true);
    const perGuest = new Map<string, number>();
    for (const row of rows) perGuest.set(`${row.guestId}:${row.channel}`, (perGuest.get(`${row.guestId}:${row.channel}`) ?? 0) + 1);
    expect([...perGuest.values()].every((n) => n === 1)).toBe(true);
    Object.assign(engineSettings, saved);
  });

  it('kill -9 of the worker 12 times during a 1,000-guest round: every guest exactly one message', { timeout: 420_000 }, async () => {
    const { api, workers } = await cluster(1);
    const { eventId, guests } = await paidEventWithGuests(api, 1_000);
    // Only the killed processes send: the in-process worker sent the host's e-mail and is stopped.
    await workers[0]!.close();
    apps.splice(apps.indexOf(workers[0]!), 1);
    // The sandbox's own record: a line per accepted message, written (fsync'd) before it answers.
    const readRecord = () => readSandboxSent(api.config.dataDir);
    await startAction(api.ctx, eventId, 'round1', { by: 'host' });

    const processes = createWorkerProcesses('messaging-worker.ts', {
      ...MESSAGING_TEST_ENV,
      // The kills wait on recorded sends, not on time: a faster rate only shortens the drain after the last start.
      WHATSAPP_RATE_PER_SECOND: '150',
      NODE_ENV: 'test',
      DATABASE_URL: api.config.databaseUrl,
      DATA_DIR: api.config.dataDir,
      LOG_LEVEL: 'silent',
      RATE_LIMITS: 'off',
      MESSAGING_LEASE_MS: '3000',
    });
    workerSets.push(processes);
    const startWorkerRetrying = processes.start;

    // Each run is killed once it has sent a few more WhatsApp messages (6 to 13, varied), seen in the sandbox's
    // record: the kills land mid-round whatever the machine's speed, never after a guessed pause.
    const sentOnWhatsApp = () => readRecord().filter((record) => record.channel === 3).length;
    let kills = 0;
    // Twelve runs: a worker's start takes 8–20 s on a loaded two-core machine, and each run must reach its sends.
    for (; kills < 12; kills++) {
      const { child, exited } = await startWorkerRetrying();
      const target = sentOnWhatsApp() + 9 + ((kills * 7) % 8);
      await waitFor(() => sentOnWhatsApp() >= target, 60_000, `run ${kills + 1}: ${target} WhatsApp messages recorded`);
      child.kill('SIGKILL');
      await exited;
    }
    const sentBeforeLastRun = sentOnWhatsApp();
    const { child, exited } = await startWorkerRetrying();
    await waitForDrain(api, eventId, 180_000); // a deadline, not a pause: ~850 sends left at 150 a second, on a loaded machine
    child.kill('SIGTERM');
    await exited;

    const records = readRecord();
    const byKey = perKey(records.map((record) => ({ outboxId: `${record.outboxId}:${record.channel}` })));
    // WhatsApp (the event's channel): every guest once. SMS: only the sandbox's "not on WhatsApp" numbers' fallbacks, once at most.
    const byPhone = new Map<string, number>();
    for (const record of records.filter((r) => r.channel === 3)) byPhone.set(record.to, (byPhone.get(record.to) ?? 0) + 1);
    const smsByPhone = new Map<string, number>();
    for (const record of records.filter((r) => r.channel === 1)) smsByPhone.set(record.to, (smsByPhone.get(record.to) ?? 0) + 1);
    expect([...smsByPhone.values()].every((n) => n === 1)).toBe(true);
    expect(kills).toBe(12);
    // The kills landed while messages were going (not all before, not all after).
    expect(sentBeforeLastRun).toBeGreaterThan(100);
    expect(sentBeforeLastRun).toBeLessThan(1_000);
    expect({ duplicates: [...byPhone.values()].filter((n) => n > 1).length, missing: guests.length - byPhone.size }).toEqual({ duplicates: 0, missing: 0 });
    expect([...byKey.values()].every((n) => n === 1)).toBe(true);
    const waRows = await api.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where event_id = ${eventId} and channel = 3 and state in ('sent', 'delivered', 'read', 'failed')`,
    );
    expect(waRows.rows[0]!.n).toBe(1_000);
    // Some claims died with their worker and were re-checked with the provider (the path this test is about).
    const rechecked = await api.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox_messages where event_id = ${eventId} and channel = 3 and attempts > 1`,
    );
    expect(rechecked.rows[0]!.n).toBeGreaterThan(0);
    console.log(`kill -9 x12: ${sentBeforeLastRun} sent before the last run, ${rechecked.rows[0]!.n} claims re-checked after a kill`);
  });
});
