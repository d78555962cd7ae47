import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CreateOrderInput, CreateOrderResponse, NotificationsResponse, Order } from '@magiim/shared';
import type { PaymentOutcome, PaymentProvider, RefundRequest } from '../../providers/payment/index.js';
import type { TestApp } from '../../../test/test-app.js';
import { coupons } from '../../db/schema/billing.js';

/** Test support for the billing suites (imported by *.test.ts only). */

export const ALL_CONFIRMED = {
  eventName: true,
  eventDate: true,
  inviteeCount: true,
  package: true,
  total: true,
  rsvpStartDate: true,
  terms: true,
} as const;

export const orderBody = (overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  packageId: 1,
  inviteeCount: 100,
  confirmations: ALL_CONFIRMED,
  ...overrides,
});

export const postOrder = (t: TestApp, token: string, eventId: string, body: unknown = orderBody(), platform = 'web') =>
  t.request('POST', `/orders/${eventId}`, { token, body, platform });

export const createOrder = async (t: TestApp, token: string, eventId: string, overrides: Partial<CreateOrderInput> = {}) => {
  const res = await postOrder(t, token, eventId, orderBody(overrides));
  if (res.statusCode !== 200) throw new Error(`order failed: ${res.body}`);
  return res.json() as CreateOrderResponse;
};

/** The sandbox page's path (and ref) from a checkout URL. */
export const sandboxPathOf = (checkoutUrl: string) => {
  const url = new URL(checkoutUrl);
  if (!url.pathname.startsWith('/dev/payment/')) throw new Error(`not a sandbox page: ${checkoutUrl}`);
  return { path: url.pathname, ref: url.pathname.slice('/dev/payment/'.length) };
};

/** Clicks a button on the sandbox page: the form POST a browser sends. */
export const clickSandbox = (t: TestApp, checkoutUrl: string, outcome: 'pay' | 'decline' | 'cancel'): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method: 'POST',
    url: sandboxPathOf(checkoutUrl).path,
    payload: `outcome=${outcome}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Orders and pays on the sandbox page; answers the paid order. */
export const buyPackage = async (t: TestApp, token: string, eventId: string, overrides: Partial<CreateOrderInput> = {}): Promise<Order> => {
  const { order, checkoutUrl } = await createOrder(t, token, eventId, overrides);
  if (order.status !== 'paid') {
    const click = await clickSandbox(t, checkoutUrl, 'pay');
    if (click.statusCode !== 303) throw new Error(`sandbox pay failed: ${click.statusCode} ${click.body}`);
  }
  const res = await t.request('GET', `/orders/${order.id}`, { token });
  const paid = res.json() as Order;
  if (paid.status !== 'paid') throw new Error(`order not paid: ${res.body}`);
  return paid;
};

export const insertCoupon = async (
  t: TestApp,
  values: { code: string; percent?: number; amount?: number; maxUses?: number; expiresOn?: string; startsOn?: string; packageId?: number },
) => {
  const [row] = await t.ctx.db
    .insert(coupons)
    .values({
      code: values.code,
      percent: values.percent ?? null,
      amount: values.amount ?? null,
      maxUses: values.maxUses ?? null,
      expiresOn: values.expiresOn ?? null,
      startsOn: values.startsOn ?? null,
      packageId: values.packageId ?? null,
    })
    .returning();
  return row!;
};

export const eventRow = async (t: TestApp, eventId: string) =>
  (
    await t.ctx.db.execute<{ progress_status: number; order_package_id: number | null; invitee_limit: number | null }>(
      sql`select progress_status, order_package_id, invitee_limit from events where id = ${eventId}`,
    )
  ).rows[0]!;

export const guestStatuses = async (t: TestApp, eventId: string) =>
  (await t.ctx.db.execute<{ status: string }>(sql`select status from guests where event_id = ${eventId} order by created_at`)).rows.map((row) => row.status);

let couponCounter = 0;
export const uniqueCode = (prefix = 'TEST') => `${prefix}${Date.now().toString(36).toUpperCase()}${++couponCounter}`;

/**
 * A provider whose re-query answers what the test says (pages `lp-<order id>`); it records its refunds.
 * Install with `t.ctx.payments = scripted.provider` and put the sandbox back after the test.
 */
export const scriptedProvider = () => {
  const outcomes = new Map<string, PaymentOutcome>();
  const refunds: RefundRequest[] = [];
  let verifies = 0;
  const provider: PaymentProvider = {
    name: 'cardcom',
    createCheckout: async (request) => {
      const ref = `lp-${request.orderId}`;
      outcomes.set(ref, { status: 'pending', orderId: request.orderId });
      return { checkoutUrl: `https://pay.example/${ref}`, providerRef: ref };
    },
    verify: async (ref) => {
      verifies += 1;
      return outcomes.get(ref) ?? { status: 'pending', orderId: null };
    },
    refund: async (request) => {
      refunds.push(request);
      return { refundId: `r-${refunds.length}` };
    },
    callbackRef: (body) => {
      const value = (body as Record<string, unknown> | null)?.LowProfileId;
      return typeof value === 'string' ? value : null;
    },
  };
  /** The provider charged this order (its amount unless told otherwise). */
  const charge = (order: Pick<Order, 'id' | 'total'>, amountAgorot = order.total) =>
    outcomes.set(`lp-${order.id}`, {
      status: 'paid',
      orderId: order.id,
      transactionId: `tx-${order.id}`,
      amountAgorot,
      method: 'card',
      cardBrand: 'Visa',
      cardLast4: '4242',
      receiptUrl: null,
    });
  return { provider, outcomes, refunds, charge, verifyCount: () => verifies };
};

/** The provider's unsigned server callback naming a scripted page. */
export const scriptedCallback = (t: TestApp, orderId: string) =>
  t.app.inject({ method: 'POST', url: '/api/payments/callback/cardcom', payload: { LowProfileId: `lp-${orderId}` } });

export const orderRow = async (t: TestApp, orderId: string) =>
  (
    await t.ctx.db.execute<{ status: string; paid_amount: number; refund_amount: number | null; refund_id: string | null; total: number }>(
      sql`select status, paid_amount, refund_amount, refund_id, total from orders where id = ${orderId}`,
    )
  ).rows[0]!;

export const bellsOf = async (t: TestApp, token: string, eventId: string, type: string) =>
  ((await t.request('GET', '/notifications', { token })).json() as NotificationsResponse).items.filter(
    (item) => item.eventId === eventId && item.type === type,
  );
