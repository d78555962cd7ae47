import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { startFakeCardcom, type FakeCardcom } from './fake-cardcom.js';
import { createTestApp, type TestApp } from './test-app.js';
import { hostWithEvent } from '../src/modules/guests/guest-test-kit.js';
import { createEvent } from '../src/modules/events/event-test-kit.js';
import { createOrder } from '../src/modules/billing/billing-test-kit.js';

/**
 * Issue 26 §4: kill -9 of a real server process right after Cardcom's success webhook, and charges whose webhooks
 * were lost with it. Nobody opens a page afterwards; the restarted process (its reconciliation) pays the events.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');


let t: TestApp | undefined;
let fake: FakeCardcom | undefined;
const children: ChildProcess[] = [];
let killOnWebhook: (() => void) | null = null;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await t?.close();
  await fake?.close();
});

/** `npm start`'s process from source, on the test app's database and secrets, with its own port. */
const startServer = async (port: number, env: Record<string, string>) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    // Development, not test: the process's start-up reconciliation is on, as in production.
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', RATE_LIMITS: 'off', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, exited };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not come up: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('kill -9 right after a payment webhook', () => {
  it('every charge pays its event after the restart, with no page opened', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    fake = await startFakeCardcom({
      // The webhook leaves for the real server process; it is killed as soon as the request is on the wire.
      deliverWebhook: async (url, body) => {
        const sent = fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
        // eslint-disable-next-line no-restricted-syntax -- the kill's moment (2 ms after the webhook left), not a wait for an outcome
        await new Promise((resolve) => setTimeout(resolve, 2));
        killOnWebhook?.();
        await sent;
      },
    });
    // The test's own app only sets up hosts, events and orders on the shared database (its pages go to appUrl).
    t = await createTestApp({ ...fake.env(), APP_URL: appUrl });
    const env = { ...fake.env(), APP_URL: appUrl, DATABASE_URL: t.config.databaseUrl!, DATA_DIR: t.config.dataDir };

    const { token, eventId } = await hostWithEvent(t);
    const events = [eventId, await createEvent(t, token), await createEvent(t, token)];
    const orders = [];
    for (const id of events) orders.push((await createOrder(t, token, id)).order);
    const pageOf = (orderId: string) => fake!.pageOfOrder(orderId)!.id;

    const first = await startServer(port, env);
    // Two charges whose webhooks never reach us (the process is about to die), then one killed right after its webhook.
    fake.control.autoWebhook = false;
    await fake.submit(pageOf(orders[0]!.id), 'pay');
    await fake.submit(pageOf(orders[1]!.id), 'pay');
    fake.control.autoWebhook = true;
    killOnWebhook = () => first.child.kill('SIGKILL');
    const chargedAt = Date.now();
    await fake.submit(pageOf(orders[2]!.id), 'pay');
    killOnWebhook = null;
    await first.exited;

    const statuses = async () =>
      (await t!.ctx.db.execute<{ status: string }>(sql`select status from orders where event_id in ${events} order by created_at`)).rows.map((row) => row.status);
    const leftPending = (await statuses()).filter((status) => status === 'pending').length;
    expect(leftPending).toBeGreaterThanOrEqual(2);

    const restartAt = Date.now();
    const second = await startServer(port, env);
    const upAt = Date.now();
    const deadline = Date.now() + 60_000;
    while ((await statuses()).some((status) => status !== 'paid')) {
      if (Date.now() > deadline) throw new Error(`orders not paid after the restart: ${(await statuses()).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const paidAt = Date.now();
    const paidEvents = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from events where id in ${events} and progress_status >= 1`);
    expect(paidEvents.rows[0]!.n).toBe(3);
    for (const order of orders) expect(fake.chargesOfOrder(order.id)).toBe(1);
    console.info(
      `[payment-crash] left pending by the kill: ${leftPending}/3; charge → paid ${paidAt - chargedAt} ms ` +
        `(restart took ${upAt - restartAt} ms; up → paid ${paidAt - upAt} ms)`,
    );
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
