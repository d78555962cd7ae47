import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrdersResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import type { PaymentProvider } from '../../providers/payment/index.js';
import { RECONCILE_ORDERS_JOB } from './billing.jobs.js';
import { createOrder, eventRow, insertCoupon, orderBody, orderRow, postOrder, scriptedCallback, scriptedProvider, uniqueCode } from './billing-test-kit.js';

/** Issue 26 §4: a job re-checks every pending order with its provider; none is left pending, none dropped. */
let t: TestApp;
let sandbox: PaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = t.ctx.payments;
  // The tests run the job by hand against backdated orders; the worker's own minute tick would race them.
  await t.ctx.jobs.boss.unschedule(RECONCILE_ORDERS_JOB);
  await vi.waitFor(async () => expect(await t.ctx.jobs.boss.getQueueSize(RECONCILE_ORDERS_JOB, { before: 'completed' })).toBe(0), { timeout: 30_000, interval: 100 });
});
afterEach(() => {
  t.ctx.payments = sandbox;
});
afterAll(async () => {
  await t?.close();
});

const host = async () => {
  useFakePlaces(t);
  const signedUp = await signUpHost(t);
  return { ...signedUp, eventId: await createEvent(t, signedUp.token) };
};

/** The worker's own job (as pg-boss runs it every minute), run once now. */
const runReconcileJob = async () => {
  const job = t.jobDefinitions.find((definition) => definition.name === RECONCILE_ORDERS_JOB);
  if (!job) throw new Error('no billing.reconcile job');
  expect(job.cron).toBe('* * * * *');
  await job.handle({});
};

/** Backdates an order by whole minutes and a second more, so "4 minutes ago" is past the mark, not on it. */
const age = async (orderId: string, createdMinutesAgo: number, checkedMinutesAgo: number | null = null) => {
  await t.ctx.db.execute(
    sql`update orders set created_at = now() - make_interval(mins => ${createdMinutesAgo}, secs => 1),
        checked_at = ${checkedMinutesAgo === null ? null : sql`now() - make_interval(mins => ${checkedMinutesAgo}, secs => 1)`} where id = ${orderId}`,
  );
};

describe('the order reconciliation job', () => {
  it('pays an order charged at the provider whose callback never came, within 5 minutes, with no page opened', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const { order } = await createOrder(t, token, eventId);
    scripted.charge(order);
    // A minute after the charge: not asked yet (the host is usually still on the page).
    await age(order.id, 1);
    await runReconcileJob();
    expect((await orderRow(t, order.id)).status).toBe('pending');
    // Four minutes after: the next minute's run asks the provider and pays the event.
    await age(order.id, 4);
    await runReconcileJob();
    expect((await orderRow(t, order.id)).status).toBe('paid');
    expect(await eventRow(t, eventId)).toMatchObject({ progress_status: 1, order_package_id: 1, invitee_limit: 100 });
  });

  it('two workers running the job at once ask the provider once per due order', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const { order } = await createOrder(t, token, eventId);
    scripted.charge(order);
    await age(order.id, 10);
    const before = scripted.verifyCount();
    await Promise.all([runReconcileJob(), runReconcileJob(), runReconcileJob()]);
    expect(scripted.verifyCount() - before).toBe(1);
    expect((await orderRow(t, order.id)).status).toBe('paid');
  });

  it('asks about every 5 minutes in the first hour, then hourly until a day', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const { order } = await createOrder(t, token, eventId);
    const asks = async () => {
      const before = scripted.verifyCount();
      await runReconcileJob();
      return scripted.verifyCount() - before;
    };
    await age(order.id, 30, 3);
    expect(await asks()).toBe(0);
    await age(order.id, 30, 4);
    expect(await asks()).toBe(1);
    expect(await asks()).toBe(0); // just asked
    await age(order.id, 120, 30);
    expect(await asks()).toBe(0);
    await age(order.id, 120, 59);
    expect(await asks()).toBe(1);
    expect((await orderRow(t, order.id)).status).toBe('pending');
  });

  it('closes an order still unpaid after a day as abandoned: listed as closed, its coupon use given back', async () => {
    const a = await host();
    const b = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const code = uniqueCode('DAY');
    await insertCoupon(t, { code, percent: 10, maxUses: 1 });
    const { order } = await createOrder(t, a.token, a.eventId, { couponCode: code });
    expect((await postOrder(t, b.token, b.eventId, orderBody({ couponCode: code }))).statusCode).toBe(400);
    await age(order.id, 23 * 60, 59);
    await runReconcileJob();
    const listed = (await t.request('GET', '/orders', { token: a.token })).json() as OrdersResponse;
    expect(listed.active.map((o) => o.id)).toContain(order.id);
    await age(order.id, 24 * 60 + 1, 30);
    await runReconcileJob();
    expect((await orderRow(t, order.id)).status).toBe('abandoned');
    const closed = (await t.request('GET', '/orders', { token: a.token })).json() as OrdersResponse;
    expect(closed.closed.map((o) => [o.id, o.status])).toContainEqual([order.id, 'abandoned']);
    expect((await postOrder(t, b.token, b.eventId, orderBody({ couponCode: code }))).statusCode).toBe(200);
  });

  it('money arriving for an abandoned order is kept for support (needsAttention), not lost', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const { order } = await createOrder(t, token, eventId);
    await age(order.id, 24 * 60 + 1, 30);
    await runReconcileJob();
    expect((await orderRow(t, order.id)).status).toBe('abandoned');
    scripted.charge(order);
    await scriptedCallback(t, order.id);
    expect(await orderRow(t, order.id)).toMatchObject({ status: 'needsAttention', paid_amount: 14_900 });
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
    await t.waitForMail(t.config.supportEmail, (mail) => mail.subject.includes(String(order.orderNumber)));
  });
});
