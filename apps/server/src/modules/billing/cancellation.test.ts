import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { todayInBusinessZone, type Order } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent, setGuestAnswer } from '../guests/guest-test-kit.js';
import { PaymentProviderError, type PaymentProvider } from '../../providers/payment/index.js';
import { buyPackage, eventRow, guestStatuses, insertCoupon, uniqueCode } from './billing-test-kit.js';

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

const cancel = (token: string, orderId: string, reason = 'The wedding moved to next year') =>
  t.request('POST', `/orders/${orderId}/cancel`, { token, body: { reason } });

const sandboxRefunds = async (orderId: string) =>
  (await t.ctx.db.execute<{ refunded_amount: number }>(sql`select refunded_amount from sandbox_payments where order_id = ${orderId}`)).rows[0]
    ?.refunded_amount;

/** Counts refund calls to the sandbox (and can fail them). */
const countRefunds = (failAfter = Infinity, outcomeUnknown = false) => {
  const calls: number[] = [];
  t.ctx.payments = {
    ...sandbox,
    name: sandbox.name,
    refund: async (request) => {
      calls.push(request.amountAgorot);
      if (calls.length > failAfter) throw new PaymentProviderError('provider down', undefined, { outcomeUnknown });
      return sandbox.refund(request);
    },
  };
  return calls;
};

describe('POST orders/{orderId}/cancel', () => {
  it('before the RSVP start: refunds less the fee, unpays the event, sends the written record', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const [waiting, answered] = [await addGuest(t, token, eventId), await addGuest(t, token, eventId)];
    const order = await buyPackage(t, token, eventId, { packageId: 2, inviteeCount: 700 });
    expect(order.cancellable).toBe(true);
    await setGuestAnswer(t, answered.id, 'approved', 2);
    await t.ctx.db.execute(sql`update guests set answered_at = now() where id = ${answered.id}`);
    const calls = countRefunds();

    const res = await cancel(token, order.id);
    expect(res.statusCode).toBe(200);
    // ₪979 paid; 5% is ₪48.95 (below ₪100).
    expect(res.json()).toMatchObject({ status: 'refunded', refundAmount: 97_900 - 4_895, cancellable: false });
    expect(calls).toEqual([93_005]);
    expect(await sandboxRefunds(order.id)).toBe(93_005);
    expect(await eventRow(t, eventId)).toEqual({ progress_status: 0, order_package_id: null, invitee_limit: null });
    const statuses = await t.ctx.db.execute<{ id: string; status: string }>(sql`select id, status from guests where event_id = ${eventId}`);
    expect(Object.fromEntries(statuses.rows.map((row) => [row.id, row.status]))).toEqual({ [waiting.id]: 'pending', [answered.id]: 'approved' });
    // A guest added now waits for a package again.
    await addGuest(t, token, eventId);
    expect((await guestStatuses(t, eventId)).filter((status) => status === 'pending')).toHaveLength(2);

    const support = await t.waitForMail(t.config.supportEmail, (mail) => mail.subject.includes(String(order.orderNumber)));
    expect(support.text).toContain('The wedding moved to next year');
    const hostEmail = (await t.ctx.db.execute<{ email: string }>(sql`select u.email from users u join orders o on o.user_id = u.id where o.id = ${order.id}`))
      .rows[0]!.email;
    const toHost = await t.waitForMail(hostEmail, (mail) => mail.subject.includes(String(order.orderNumber)) && mail.text.includes('wedding moved'));
    expect(toHost.text).toContain('930.05');

    // A second cancellation finds nothing paid, and refunds nothing.
    const again = await cancel(token, order.id);
    expect([again.statusCode, again.json().code]).toEqual([409, 'CONFLICT']);
    expect(calls).toHaveLength(1);
  });

  it('from the RSVP start date on: CANCELLATION_CLOSED, nothing refunded', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const order = await buyPackage(t, token, eventId);
    await t.ctx.db.execute(sql`update events set rsvp_start_date = ${todayInBusinessZone()} where id = ${eventId}`);
    const calls = countRefunds();
    const listed = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
    expect(listed.cancellable).toBe(false);
    const res = await cancel(token, order.id);
    expect([res.statusCode, res.json().code]).toEqual([409, 'CANCELLATION_CLOSED']);
    expect(calls).toEqual([]);
    expect((await eventRow(t, eventId)).progress_status).toBe(1);
  });

  it('cancels the whole package of an upgraded event with one fee, taken from the largest order', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const first = await buyPackage(t, token, eventId, { packageId: 2, inviteeCount: 1500 });
    const upgrade = await buyPackage(t, token, eventId, { packageId: 2, inviteeCount: 2000 });
    expect(upgrade.total).toBe(50_000);
    const calls = countRefunds();
    // ₪2,299 paid in all; 5% is ₪114.95, so the fee is ₪100, kept from the ₪1,799 order.
    const res = await cancel(token, upgrade.id);
    expect(res.json()).toMatchObject({ status: 'refunded', refundAmount: 50_000 });
    expect(calls.sort((a, b) => a - b)).toEqual([50_000, 169_900]);
    expect(((await t.request('GET', `/orders/${first.id}`, { token })).json() as Order)).toMatchObject({ status: 'refunded', refundAmount: 169_900 });
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
  });

  it('a coupon-paid order is cancelled without a provider refund', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const code = uniqueCode('GIFT');
    await insertCoupon(t, { code, percent: 100 });
    const order = await buyPackage(t, token, eventId, { couponCode: code });
    const calls = countRefunds();
    const res = await cancel(token, order.id);
    expect(res.json()).toMatchObject({ status: 'refunded', refundAmount: 0 });
    expect(calls).toEqual([]);
  });

  it('a provider that fails the refund leaves the order paid, and a retry refunds once', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const order = await buyPackage(t, token, eventId);
    const calls = countRefunds(0);
    const res = await cancel(token, order.id);
    expect([res.statusCode, res.json().code]).toEqual([503, 'PAYMENT_UNAVAILABLE']);
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order)).toMatchObject({ status: 'paid', cancellable: true });
    expect((await eventRow(t, eventId)).progress_status).toBe(1);

    const retry = countRefunds();
    const [a, b] = await Promise.all([cancel(token, order.id), cancel(token, order.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(retry).toEqual([14_155]);
    expect(calls).toHaveLength(1);
    expect(await sandboxRefunds(order.id)).toBe(14_155);
  });

  it('a refund whose outcome is unknown (timeout) is never asked again: the retry is refused until checked by hand', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const order = await buyPackage(t, token, eventId);
    const calls = countRefunds(0, true);
    expect((await cancel(token, order.id)).json().code).toBe('PAYMENT_UNAVAILABLE');
    const retry = await cancel(token, order.id);
    expect([retry.statusCode, retry.json().code]).toEqual([409, 'CONFLICT']);
    expect(calls).toHaveLength(1);
  });

  it('refuses an order that is not paid', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const res = await t.request('POST', `/orders/${eventId}`, {
      token,
      body: { packageId: 1, inviteeCount: 100, confirmations: { eventName: true, eventDate: true, inviteeCount: true, package: true, total: true, rsvpStartDate: true, terms: true } },
    });
    const pending = (res.json() as { order: Order }).order;
    expect((await cancel(token, pending.id)).json().code).toBe('CONFLICT');
    expect((await t.request('POST', `/orders/${pending.id}/cancel`, { token, body: { reason: 'x\u202Ey' } })).json().code).toBe('VALIDATION');
  });
});
