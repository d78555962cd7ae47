import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse, Order } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import type { PaymentProvider } from '../../providers/payment/index.js';
import {
  bellsOf,
  clickSandbox,
  createOrder,
  eventRow,
  insertCoupon,
  orderBody,
  orderRow,
  postOrder,
  scriptedCallback,
  scriptedProvider,
  uniqueCode,
} from './billing-test-kit.js';

/** Issue 26 §1–§3: one purchase per event, coupons counted when written, upgrades priced when paid (real parallel requests). */
let t: TestApp;
let sandbox: PaymentProvider;
beforeAll(async () => {
  t = await createTestApp();
  sandbox = t.ctx.payments;
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

const ordersOfEvent = async (eventId: string) =>
  (await t.ctx.db.execute<{ id: string; status: string }>(sql`select id, status from orders where event_id = ${eventId} order by created_at`)).rows;

describe('one purchase per event', () => {
  it('5 parallel identical orders answer one order and one page; paying every page answered pays once', async () => {
    const { token, eventId } = await host();
    const answers = await Promise.all(Array.from({ length: 5 }, () => postOrder(t, token, eventId)));
    for (const res of answers) expect(res.statusCode).toBe(200);
    const bodies = answers.map((res) => res.json() as CreateOrderResponse);
    expect(new Set(bodies.map((body) => body.order.id)).size).toBe(1);
    expect(new Set(bodies.map((body) => body.checkoutUrl)).size).toBe(1);
    for (const url of new Set(bodies.map((body) => body.checkoutUrl))) await clickSandbox(t, url, 'pay');
    const rows = await ordersOfEvent(eventId);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    expect(rows).toHaveLength(1);
  });

  it('5 parallel orders of different packages leave one payable order; money on every page pays once and refunds the rest in full', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => postOrder(t, token, eventId, orderBody(i % 2 ? { packageId: 2 } : { inviteeCount: 200 }))),
    );
    const orders = answers.filter((res) => res.statusCode === 200).map((res) => (res.json() as CreateOrderResponse).order);
    expect(orders.length).toBeGreaterThan(0);
    const open = (await ordersOfEvent(eventId)).filter((row) => row.status === 'created' || row.status === 'pending');
    expect(open).toHaveLength(1);
    // The host paid on every page he was sent to (several tabs), the provider's callbacks arrive in parallel.
    const distinct = [...new Map(orders.map((order) => [order.id, order])).values()];
    for (const order of distinct) scripted.charge(order);
    await Promise.all(distinct.flatMap((order) => [scriptedCallback(t, order.id), scriptedCallback(t, order.id)]));
    const rows = await ordersOfEvent(eventId);
    expect(rows.filter((row) => row.status === 'paid')).toHaveLength(1);
    const refunded = rows.filter((row) => row.status === 'refunded');
    expect(refunded).toHaveLength(distinct.length - 1);
    expect(scripted.refunds).toHaveLength(distinct.length - 1);
    for (const row of refunded) {
      const order = distinct.find((o) => o.id === row.id)!;
      expect(scripted.refunds.find((refund) => refund.orderId === row.id)?.amountAgorot).toBe(order.total);
    }
    console.info(
      `[one-purchase] 5 parallel orders: ${orders.length} answered 200, ${distinct.length} distinct pages, 1 left open; ` +
        `every page charged → 1 paid, ${refunded.length} refunded in full`,
    );
  });

  it('another package supersedes the open order: its sandbox page refuses payment', async () => {
    const { token, eventId } = await host();
    const first = await createOrder(t, token, eventId);
    const second = await createOrder(t, token, eventId, { packageId: 2 });
    expect(second.order.id).not.toBe(first.order.id);
    expect(((await t.request('GET', `/orders/${first.order.id}`, { token })).json() as Order).status).toBe('superseded');
    const click = await clickSandbox(t, first.checkoutUrl, 'pay');
    expect(click.statusCode).toBe(409);
    expect((await orderRow(t, first.order.id)).status).toBe('superseded');
    await clickSandbox(t, second.checkoutUrl, 'pay');
    expect((await orderRow(t, second.order.id)).status).toBe('paid');
  });

  it('money arriving for a superseded order is refunded in full once, and the host gets a bell and an e-mail', async () => {
    const { token, email, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const first = await createOrder(t, token, eventId);
    await createOrder(t, token, eventId, { packageId: 2 });
    scripted.charge(first.order);
    await Promise.all([scriptedCallback(t, first.order.id), scriptedCallback(t, first.order.id), scriptedCallback(t, first.order.id)]);
    expect(await orderRow(t, first.order.id)).toMatchObject({ status: 'refunded', paid_amount: 14_900, refund_amount: 14_900 });
    expect(scripted.refunds).toEqual([{ transactionId: `tx-${first.order.id}`, amountAgorot: 14_900, orderId: first.order.id }]);
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
    expect(await bellsOf(t, token, eventId, 'paymentRefunded')).toHaveLength(1);
    await t.waitForMail(email, (mail) => mail.subject.includes(String(first.order.orderNumber)));
  });
});

describe('coupons counted when the order is written', () => {
  it('once per host counts an open order on another event: COUPON_ALREADY_USED', async () => {
    const { token, eventId } = await host();
    const other = await createEvent(t, token);
    const code = uniqueCode('ONCE');
    await insertCoupon(t, { code, percent: 10 });
    await createOrder(t, token, eventId, { couponCode: code });
    const res = await postOrder(t, token, other, orderBody({ couponCode: code }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'COUPON_ALREADY_USED' });
  });

  it('a 100% coupon with one use, 3 parallel orders of one host on 3 events: one free event', async () => {
    const { token, eventId } = await host();
    const events = [eventId, await createEvent(t, token), await createEvent(t, token)];
    const code = uniqueCode('FREE');
    await insertCoupon(t, { code, percent: 100, maxUses: 1 });
    const answers = await Promise.all(events.map((id) => postOrder(t, token, id, orderBody({ couponCode: code }))));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const paid = await t.ctx.db.execute(sql`select 1 from orders o join coupons c on c.id = o.coupon_id where c.code = ${code} and o.status = 'paid'`);
    expect(paid.rows).toHaveLength(1);
  });

  it('a 100% coupon with one use, 3 parallel orders of 3 hosts: one free event', async () => {
    const hosts = await Promise.all([host(), host(), host()]);
    const code = uniqueCode('FREE');
    await insertCoupon(t, { code, percent: 100, maxUses: 1 });
    const answers = await Promise.all(hosts.map((h) => postOrder(t, h.token, h.eventId, orderBody({ couponCode: code }))));
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    const free = answers.find((res) => res.statusCode === 200)!.json() as CreateOrderResponse;
    expect(free.order.status).toBe('paid');
  });

  it('a superseded order gives its use back', async () => {
    const a = await host();
    const b = await host();
    const code = uniqueCode('ONE');
    await insertCoupon(t, { code, percent: 10, maxUses: 1 });
    await createOrder(t, a.token, a.eventId, { couponCode: code });
    expect((await postOrder(t, b.token, b.eventId, orderBody({ couponCode: code }))).statusCode).toBe(400);
    await createOrder(t, a.token, a.eventId, { packageId: 2 });
    expect((await postOrder(t, b.token, b.eventId, orderBody({ couponCode: code }))).statusCode).toBe(200);
  });
});

describe('upgrades priced when paid', () => {
  it('cancelling the package closes its open upgrade; money still arriving for it is refunded in full, never premium at the difference', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const basic = await buyPackageScripted(scripted, token, eventId);
    const upgrade = await createOrder(t, token, eventId, { packageId: 2 });
    expect(upgrade.order).toMatchObject({ kind: 'upgrade', total: 10_000 });
    const cancel = await t.request('POST', `/orders/${basic.id}/cancel`, { token, body: { reason: 'changed plans' } });
    expect(cancel.statusCode).toBe(200);
    expect((await orderRow(t, upgrade.order.id)).status).toBe('cancelled');
    scripted.charge(upgrade.order);
    await Promise.all([scriptedCallback(t, upgrade.order.id), scriptedCallback(t, upgrade.order.id)]);
    expect(await orderRow(t, upgrade.order.id)).toMatchObject({ status: 'refunded', paid_amount: 10_000, refund_amount: 10_000 });
    expect(scripted.refunds.filter((refund) => refund.orderId === upgrade.order.id)).toHaveLength(1);
    expect(await eventRow(t, eventId)).toMatchObject({ progress_status: 0, order_package_id: null });
  });

  it('a cancellation racing the upgrade payment never leaves premium bought at the difference', async () => {
    const { token, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    const basic = await buyPackageScripted(scripted, token, eventId);
    const upgrade = await createOrder(t, token, eventId, { packageId: 2 });
    scripted.charge(upgrade.order);
    const [cancel] = await Promise.all([
      t.request('POST', `/orders/${basic.id}/cancel`, { token, body: { reason: 'changed plans' } }),
      scriptedCallback(t, upgrade.order.id),
      scriptedCallback(t, upgrade.order.id),
    ]);
    expect(cancel.statusCode).toBe(200);
    expect((await ordersOfEvent(eventId)).filter((row) => row.status === 'paid')).toHaveLength(0);
    expect((await eventRow(t, eventId)).order_package_id).toBeNull();
    expect((await orderRow(t, upgrade.order.id)).status).toBe('refunded');
    expect(scripted.refunds.filter((refund) => refund.orderId === upgrade.order.id)).toHaveLength(1);
  });

  it('an upgrade paid after the credit it was priced on changed is refunded in full, the host told with a link to order again', async () => {
    const { token, email, eventId } = await host();
    const scripted = scriptedProvider();
    t.ctx.payments = scripted.provider;
    await buyPackageScripted(scripted, token, eventId);
    const upgrade = await createOrder(t, token, eventId, { packageId: 2 });
    // The credit changes behind the upgrade's back (a refund by hand in the admin console).
    await t.ctx.db.execute(sql`update orders set status = 'refunded', refund_amount = paid_amount where event_id = ${eventId} and status = 'paid'`);
    scripted.charge(upgrade.order);
    await Promise.all([scriptedCallback(t, upgrade.order.id), scriptedCallback(t, upgrade.order.id)]);
    expect(await orderRow(t, upgrade.order.id)).toMatchObject({ status: 'refunded', refund_amount: 10_000 });
    expect(scripted.refunds.filter((refund) => refund.orderId === upgrade.order.id)).toHaveLength(1);
    expect((await eventRow(t, eventId)).order_package_id).not.toBe(2);
    expect(await bellsOf(t, token, eventId, 'paymentRefunded')).toHaveLength(1);
    const mail = await t.waitForMail(email, (m) => m.subject.includes(String(upgrade.order.orderNumber)));
    expect(mail.text).toContain(`/pricing/${eventId}`);
  });
});

const buyPackageScripted = async (scripted: ReturnType<typeof scriptedProvider>, token: string, eventId: string) => {
  const { order } = await createOrder(t, token, eventId);
  scripted.charge(order);
  await scriptedCallback(t, order.id);
  expect((await orderRow(t, order.id)).status).toBe('paid');
  return order;
};
