import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { NotificationsResponse, Order, OrdersResponse } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { startFakeCardcom, type FakeCardcom } from '../../../test/fake-cardcom.js';
import { addGuest, hostWithEvent } from '../../modules/guests/guest-test-kit.js';
import { createOrder, eventRow, guestStatuses } from '../../modules/billing/billing-test-kit.js';
import { CARDCOM_PATHS } from './cardcom-wire.js';
import { signUpAdmin } from '../../modules/administration/admin-test-kit.js';

/**
 * The whole checkout with PAYMENT_PROVIDER=cardcom against the local fake Cardcom: our API creates the page,
 * the "browser" pays on the fake's hosted page, the fake posts its unsigned webhook to our callback (through
 * the app, as Cardcom would over the network) and redirects; only GetLpResult decides.
 */
let t: TestApp;
let fake: FakeCardcom;

beforeAll(async () => {
  fake = await startFakeCardcom({
    deliverWebhook: async (url, body) => {
      const target = new URL(url);
      const res = await t.app.inject({ method: 'POST', url: `${target.pathname}${target.search}`, payload: body, headers: { 'content-type': 'application/json' } });
      if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
    },
  });
  t = await createTestApp(fake.env());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const pageIdOf = (checkoutUrl: string) => {
  const url = new URL(checkoutUrl);
  expect(url.origin).toBe(fake.url);
  return url.pathname.slice('/pay/'.length);
};

const orderInDb = async (orderId: string) =>
  (
    await t.ctx.db.execute<{ status: string; paid_amount: number; transaction_id: string | null }>(
      sql`select status, paid_amount, transaction_id from orders where id = ${orderId}`,
    )
  ).rows[0]!;

const paidBells = async (token: string, eventId: string) =>
  ((await t.request('GET', '/notifications', { token })).json() as NotificationsResponse).items.filter(
    (item) => item.eventId === eventId && item.type === 'paymentPaid',
  );

const startCheckout = async (overrides: Parameters<typeof createOrder>[3] = {}) => {
  const { token, eventId } = await hostWithEvent(t);
  const { order, checkoutUrl } = await createOrder(t, token, eventId, overrides);
  return { token, eventId, order, pageId: pageIdOf(checkoutUrl) };
};

describe('checkout through Cardcom (fake)', () => {
  it('pays: Create gets the exact shekels and our order id, the webhook + GetLpResult pay the order, the redirect goes to success', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await addGuest(t, token, eventId);
    const { order, checkoutUrl } = await createOrder(t, token, eventId, { packageId: 2, inviteeCount: 300 });
    expect(order.status).toBe('pending');
    const pageId = pageIdOf(checkoutUrl);
    const create = fake.pages.get(pageId)!.request;
    expect(create).toMatchObject({ Amount: 529, ReturnValue: order.id, ISOCoinId: 1, Language: 'he', Operation: 'ChargeOnly' });
    expect(create.WebHookUrl).toBe('http://magiim.test/api/payments/callback/cardcom');
    expect(create.SuccessRedirectUrl).toBe(`http://magiim.test/pricing/${eventId}/success?order=${order.id}`);
    expect(create.Document.Products).toEqual([{ Description: expect.stringContaining('300') as string, UnitCost: 529, Quantity: 1 }]);
    expect(create.Document.Products[0]!.Description.startsWith(create.ProductName.replace(/…$/, ''))).toBe(true);
    expect(create.ProductName.length).toBeLessThanOrEqual(50);

    const page = await fetch(checkoutUrl);
    expect(await page.text()).toContain('529.00');

    const submitted = await fake.submit(pageId, 'pay');
    expect(submitted).toEqual({ status: 302, location: create.SuccessRedirectUrl });
    // The webhook alone (no poll yet) has paid it.
    expect(await orderInDb(order.id)).toMatchObject({ status: 'paid', paid_amount: 52_900 });

    const paid = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 52_900, paymentMethod: 'card', cardBrand: 'Visa', cardLast4: '0000' });
    expect(paid.receiptUrl).toMatch(/^https:\/\/fake-cardcom\.invalid\/documents\/\d+$/);
    expect(await eventRow(t, eventId)).toEqual({ progress_status: 1, order_package_id: 2, invitee_limit: 300 });
    expect(await guestStatuses(t, eventId)).toEqual(['inProgress']);
    expect(fake.chargesOfOrder(order.id)).toBe(1);

    // Nothing we send to create or verify carries the API password.
    const sent = fake.requests.filter((r) => r.path === CARDCOM_PATHS.create || r.path === CARDCOM_PATHS.result);
    expect(sent.length).toBeGreaterThan(1);
    expect(JSON.stringify(sent)).not.toContain(fake.apiPassword);
  });

  it('declines: the webhook and GetLpResult fail the order, the browser goes to the failed step', async () => {
    const { order, pageId, token, eventId } = await startCheckout();
    const submitted = await fake.submit(pageId, 'decline');
    expect(submitted.status).toBe(302);
    expect(submitted.location).toContain('result=failed');
    expect((await t.request('GET', `/orders/${order.id}`, { token })).json()).toMatchObject({ status: 'failed', paidAmount: 0, paidAt: null });
    expect((await eventRow(t, eventId)).progress_status).not.toBe(1);
  });

  it('cancel: Cardcom only redirects; the order stays unpaid, and a new order pays', async () => {
    const { order, pageId, token, eventId } = await startCheckout();
    const submitted = await fake.submit(pageId, 'cancel');
    expect(submitted.location).toContain('result=cancelled');
    expect(fake.webhooks.filter((w) => w.pageId === pageId)).toEqual([]);
    const polled = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
    expect(polled.status).toBe('pending');
    expect(polled.paidAmount).toBe(0);

    // The payment step's "try again" asks for a new page: the cancelled one's order is superseded.
    const second = await createOrder(t, token, eventId, { newPage: true });
    expect(second.order.id).not.toBe(order.id);
    expect((await fake.submit(pageIdOf(second.checkoutUrl), 'pay')).status).toBe(302);
    expect(((await t.request('GET', `/orders/${second.order.id}`, { token })).json() as Order).status).toBe('paid');
    expect(fake.chargesOfOrder(order.id)).toBe(0);
  });

  it('a webhook replayed 10 times (at once, then again later) pays once', async () => {
    fake.control.autoWebhook = false;
    try {
      const { order, pageId, token, eventId } = await startCheckout({ inviteeCount: 200 });
      await fake.submit(pageId, 'pay');
      await fake.sendWebhook(pageId, { times: 10, parallel: true });
      await fake.sendWebhook(pageId, { times: 3 });
      const row = await orderInDb(order.id);
      expect(row).toMatchObject({ status: 'paid', paid_amount: 24_900 });
      expect(row.transaction_id).toBe(String(fake.pages.get(pageId)!.transactionId));
      expect(await paidBells(token, eventId)).toHaveLength(1);
      expect(fake.chargesOfOrder(order.id)).toBe(1);
      const { rows } = await t.ctx.db.execute(sql`select count(*)::int as n from orders where event_id = ${eventId} and status = 'paid'`);
      expect(rows[0]).toEqual({ n: 1 });
    } finally {
      fake.control.autoWebhook = true;
    }
  });

  it('a late webhook (after the success page already verified) changes nothing', async () => {
    fake.control.autoWebhook = false;
    try {
      const { order, pageId, token, eventId } = await startCheckout();
      await fake.submit(pageId, 'pay');
      // No webhook yet: the success page's poll verifies and pays.
      const polled = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
      expect(polled.status).toBe('paid');
      await fake.sendWebhook(pageId, { delayMs: 150 });
      const after = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
      expect(after).toEqual(polled);
      expect(await paidBells(token, eventId)).toHaveLength(1);
    } finally {
      fake.control.autoWebhook = true;
    }
  });

  it('a webhook with no redirect (the browser never comes back) still pays the order', async () => {
    fake.control.webhookWithoutRedirect = true;
    try {
      const { order, pageId } = await startCheckout();
      const submitted = await fake.submit(pageId, 'pay');
      expect(submitted).toEqual({ status: 200, location: null });
      expect(await orderInDb(order.id)).toMatchObject({ status: 'paid', paid_amount: 14_900 });
    } finally {
      fake.control.webhookWithoutRedirect = false;
    }
  });

  it('a webhook that says paid while GetLpResult says declined does not pay', async () => {
    const { order, pageId, token, eventId } = await startCheckout();
    fake.disagree(pageId);
    await fake.submit(pageId, 'pay');
    // The webhook (which carries "approved") reached our callback.
    expect(fake.webhooks.filter((w) => w.pageId === pageId && w.ok)).toHaveLength(1);
    expect(await orderInDb(order.id)).toMatchObject({ paid_amount: 0 });
    expect((await orderInDb(order.id)).status).not.toBe('paid');
    const polled = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
    expect(polled.status).not.toBe('paid');
    expect(polled.paidAmount).toBe(0);
    expect(await paidBells(token, eventId)).toHaveLength(0);
    expect((await eventRow(t, eventId)).progress_status).not.toBe(1);
  });

  it('a cancellation refunds through RefundByTransactionId, less the fee, in shekels', async () => {
    const { order, pageId, token } = await startCheckout({ packageId: 1, inviteeCount: 300 });
    await fake.submit(pageId, 'pay');
    const res = await t.request('POST', `/orders/${order.id}/cancel`, { token, body: { reason: 'The wedding moved' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', refundAmount: 32_900 - 1_645 });
    const refund = fake.requests.filter((r) => r.path === CARDCOM_PATHS.refund).at(-1)!.body;
    expect(refund).toEqual({
      ApiName: fake.apiName,
      ApiPassword: fake.apiPassword,
      TransactionId: fake.pages.get(pageId)!.transactionId,
      PartialSum: 312.55,
      AllowMultipleRefunds: false,
    });
    expect(fake.refunds.filter((r) => r.transactionId === fake.pages.get(pageId)!.transactionId)).toHaveLength(1);
  });
});

describe('money that matches no order (issue 26 §5)', () => {
  it('a deal of ₪1 reported for a ₪149 order: needsAttention, not paid, support e-mailed, listed for the admin, shown to the host as under review', async () => {
    const { order, pageId, token, eventId } = await startCheckout();
    fake.alterCharge(pageId, { amount: 1 });
    await fake.submit(pageId, 'pay');
    expect(await orderInDb(order.id)).toMatchObject({ status: 'needsAttention', paid_amount: 100 });
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
    const mail = await t.waitForMail(t.config.supportEmail, (m) => m.subject.includes(String(order.orderNumber)));
    expect(mail.text).toContain('100');
    const admin = await signUpAdmin(t);
    const listed = (await t.request('GET', '/admin/orders?status=attention', { token: admin.token })).json() as { items: { id: string; status: string }[] };
    expect(listed.items.map((item) => [item.id, item.status])).toEqual([[order.id, 'needsAttention']]);
    const mine = (await t.request('GET', '/orders', { token })).json() as OrdersResponse;
    expect(mine.active.map((o) => [o.id, o.status])).toEqual([[order.id, 'needsAttention']]);
    // A replayed webhook changes nothing and sends nothing more.
    await fake.sendWebhook(pageId, { times: 3 });
    expect((await orderInDb(order.id)).status).toBe('needsAttention');
    const deal = fake.pages.get(pageId)!.transactionId;
    expect(fake.refunds.filter((refund) => refund.transactionId === deal)).toEqual([]);
  });

  it('a deal in another currency: needsAttention, never paid', async () => {
    const { order, pageId, eventId } = await startCheckout();
    fake.alterCharge(pageId, { coinId: 2 });
    await fake.submit(pageId, 'pay');
    expect(await orderInDb(order.id)).toMatchObject({ status: 'needsAttention' });
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
  });
});

