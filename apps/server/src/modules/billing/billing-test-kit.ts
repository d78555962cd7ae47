import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { CreateOrderInput, CreateOrderResponse, Order } from '@magiim/shared';
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
