import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse, Order } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest } from '../guests/guest-test-kit.js';
import type { PaymentOutcome, PaymentProvider } from '../../providers/payment/index.js';
import { SEND_EMAIL_JOB } from '../mail/mail.jobs.js';
import { clickSandbox, createOrder, eventRow, guestStatuses, sandboxPathOf } from './billing-test-kit.js';

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

/** A provider whose re-query answers what the test says; its pages are numbered. */
const scriptedProvider = () => {
  const outcomes = new Map<string, PaymentOutcome>();
  let pages = 0;
  let verifies = 0;
  const provider: PaymentProvider = {
    name: 'cardcom',
    createCheckout: async (request) => {
      pages += 1;
      const ref = `lp-${request.orderId}`;
      outcomes.set(ref, { status: 'pending', orderId: request.orderId });
      return { checkoutUrl: `https://pay.example/${ref}`, providerRef: ref };
    },
    verify: async (ref) => {
      verifies += 1;
      return outcomes.get(ref) ?? { status: 'pending', orderId: null };
    },
    refund: async () => ({ refundId: 'r-1' }),
    callbackRef: (body) => {
      const value = (body as Record<string, unknown> | null)?.LowProfileId;
      return typeof value === 'string' ? value : null;
    },
  };
  t.ctx.payments = provider;
  return { outcomes, provider, pageCount: () => pages, verifyCount: () => verifies };
};

const paidOutcome = (order: Order, overrides: Partial<Extract<PaymentOutcome, { status: 'paid' }>> = {}): PaymentOutcome => ({
  status: 'paid',
  orderId: order.id,
  transactionId: `tx-${order.id}`,
  amountAgorot: order.total,
  method: 'card',
  cardBrand: 'Mastercard',
  cardLast4: '1234',
  receiptUrl: 'https://pay.example/doc/1',
  ...overrides,
});

/** A provider's callback: no session, no platform header. */
const callback = (provider: string, body: unknown, form = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/callback/${provider}`,
    ...(form
      ? { payload: new URLSearchParams(body as Record<string, string>).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : { payload: body as object }),
  });

const hostWithEvent = async () => {
  useFakePlaces(t);
  const host = await signUpHost(t);
  return { ...host, eventId: await createEvent(t, host.token) };
};

const bellOf = async (token: string, eventId: string, type: string) =>
  ((await t.request('GET', '/notifications', { token })).json() as NotificationsResponse).items.filter(
    (item) => item.eventId === eventId && item.type === type,
  );

/**
 * The e-mails queued so far have all gone out: a sentinel e-mail queued now through the same path has arrived, and
 * no send job is left (every e-mail of the steps before was queued before their answer). Counts the sentinel.
 */
const mailSettled = async (email: string) => {
  const subject = `sentinel ${Date.now()}`;
  await t.ctx.enqueueEmail({ to: email, subject, text: subject, html: `<p>${subject}</p>` });
  await t.waitForMail(email, (mail) => mail.subject === subject);
  await expect
    .poll(async () => (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from pgboss.job where name = ${SEND_EMAIL_JOB} and state < 'completed'`)).rows[0]!.n, { timeout: 15_000 })
    .toBe(0);
};

describe('the payment callback', () => {
  it('replayed 10 times pays once: one payment, one notification, one e-mail', async () => {
    const { token, email, eventId } = await hostWithEvent();
    await addGuest(t, token, eventId);
    const fake = scriptedProvider();
    const { order } = await createOrder(t, token, eventId, { packageId: 2, inviteeCount: 200 });
    expect(order.status).toBe('pending');
    fake.outcomes.set(`lp-${order.id}`, paidOutcome(order));

    const answers = await Promise.all(Array.from({ length: 10 }, () => callback('cardcom', { LowProfileId: `lp-${order.id}`, ReturnValue: order.id })));
    for (const res of answers) expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);

    const paid = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 39_900, cardBrand: 'Mastercard', cardLast4: '1234', receiptUrl: 'https://pay.example/doc/1' });
    const bell = await bellOf(token, eventId, 'paymentPaid');
    expect(bell.map((item) => item.count)).toEqual([1]);
    await t.waitForMail(email, (mail) => mail.subject.includes(String(order.orderNumber)));
    await mailSettled(email);
    expect(await t.mailCount(email)).toBe(3); // the verification e-mail, one receipt and the sentinel
    expect(await guestStatuses(t, eventId)).toEqual(['inProgress']);
  });

  it('takes a form body too, and answers 200 to what it cannot use', async () => {
    const { token, eventId } = await hostWithEvent();
    const fake = scriptedProvider();
    const { order } = await createOrder(t, token, eventId);
    fake.outcomes.set(`lp-${order.id}`, paidOutcome(order));

    for (const res of [
      await callback('cardcom', { LowProfileId: 'lp-unknown' }),
      await callback('cardcom', { nothing: 'here' }),
      await callback('paypal', { LowProfileId: `lp-${order.id}` }),
    ]) {
      expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    }
    // (Read in SQL: a GET would verify the pending order itself.)
    const before = await t.ctx.db.execute<{ status: string }>(sql`select status from orders where id = ${order.id}`);
    expect(before.rows[0]!.status).toBe('pending');

    const form = await callback('cardcom', { LowProfileId: `lp-${order.id}`, ResponseCode: '0' }, true);
    expect([form.statusCode, form.json()]).toEqual([200, { ok: true }]);
    const row = await t.ctx.db.execute<{ status: string }>(sql`select status from orders where id = ${order.id}`);
    expect(row.rows[0]!.status).toBe('paid');
  });

  it('never trusts the callback itself: a paid hint the provider does not confirm changes nothing', async () => {
    const { token, eventId } = await hostWithEvent();
    scriptedProvider();
    const { order } = await createOrder(t, token, eventId);
    const res = await callback('cardcom', { LowProfileId: `lp-${order.id}`, ResponseCode: '0', Status: 'paid', Amount: order.total });
    expect(res.statusCode).toBe(200);
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('pending');
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
  });

  it('a late failed or cancelled after paid changes nothing', async () => {
    const { token, eventId } = await hostWithEvent();
    const fake = scriptedProvider();
    const { order } = await createOrder(t, token, eventId);
    const ref = `lp-${order.id}`;
    fake.outcomes.set(ref, paidOutcome(order));
    await callback('cardcom', { LowProfileId: ref });
    for (const late of [
      { status: 'failed', orderId: order.id, reason: 'declined' },
      { status: 'cancelled', orderId: order.id },
    ] as PaymentOutcome[]) {
      fake.outcomes.set(ref, late);
      await callback('cardcom', { LowProfileId: ref });
      expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('paid');
    }
    expect(await bellOf(token, eventId, 'paymentFailed')).toEqual([]);
    expect((await eventRow(t, eventId)).progress_status).toBe(1);
  });

  it('an amount that differs from the order total is not paid: the order needs attention, support is told', async () => {
    const { token, eventId } = await hostWithEvent();
    const fake = scriptedProvider();
    const { order } = await createOrder(t, token, eventId);
    fake.outcomes.set(`lp-${order.id}`, paidOutcome(order, { amountAgorot: order.total - 100 }));
    await callback('cardcom', { LowProfileId: `lp-${order.id}` });
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('needsAttention');
    expect((await eventRow(t, eventId)).progress_status).toBe(0);
    await t.waitForMail(t.config.supportEmail, (mail) => mail.subject.includes(String(order.orderNumber)));
  });

  it('an answer about another order is ignored', async () => {
    const { token, eventId } = await hostWithEvent();
    const fake = scriptedProvider();
    const { order } = await createOrder(t, token, eventId);
    fake.outcomes.set(`lp-${order.id}`, paidOutcome(order, { orderId: '00000000-0000-4000-8000-000000000001' }));
    await callback('cardcom', { LowProfileId: `lp-${order.id}` });
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('pending');
  });

  it('a provider that cannot open a page fails the order and answers PAYMENT_UNAVAILABLE', async () => {
    const { token, eventId } = await hostWithEvent();
    const fake = scriptedProvider();
    const { PaymentProviderError } = await import('../../providers/payment/index.js');
    fake.provider.createCheckout = async () => {
      throw new PaymentProviderError('down');
    };
    const res = await t.request('POST', `/orders/${eventId}`, {
      token,
      body: { packageId: 1, inviteeCount: 100, confirmations: { eventName: true, eventDate: true, inviteeCount: true, package: true, total: true, rsvpStartDate: true, terms: true } },
    });
    expect([res.statusCode, res.json().code]).toEqual([503, 'PAYMENT_UNAVAILABLE']);
    const rows = await t.ctx.db.execute<{ status: string }>(sql`select status from orders where event_id = ${eventId}`);
    expect(rows.rows.map((row) => row.status)).toEqual(['failed']);
  });
});

describe('declined and cancelled on the sandbox page', () => {
  it('a declined card fails the order, rings the bell and e-mails the host; the guests stay waiting', async () => {
    const { token, email, eventId } = await hostWithEvent();
    await addGuest(t, token, eventId);
    const { order, checkoutUrl } = await createOrder(t, token, eventId);
    const res = await clickSandbox(t, checkoutUrl, 'decline');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`http://magiim.test/pricing/${eventId}/payment?order=${order.id}&result=failed`);
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('failed');
    expect((await bellOf(token, eventId, 'paymentFailed')).map((item) => item.count)).toEqual([1]);
    const mail = await t.waitForMail(email, (m) => m.subject.includes(String(order.orderNumber)));
    expect(mail.text).toContain(`/pricing/${eventId}`);
    expect(await guestStatuses(t, eventId)).toEqual(['pending']);
  });

  it('cancel on the page cancels the order without an e-mail', async () => {
    const { token, email, eventId } = await hostWithEvent();
    const { order, checkoutUrl } = await createOrder(t, token, eventId);
    const res = await clickSandbox(t, checkoutUrl, 'cancel');
    expect(res.headers.location).toBe(`http://magiim.test/pricing/${eventId}/payment?order=${order.id}&result=cancelled`);
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('cancelled');
    await mailSettled(email);
    expect(await t.mailCount(email)).toBe(2); // the verification e-mail and the sentinel
    expect(await bellOf(token, eventId, 'paymentFailed')).toEqual([]);
  });

  it('the page speaks the host language and refuses an unknown page or outcome', async () => {
    const { token, eventId } = await (async () => {
      useFakePlaces(t);
      const host = await signUpHost(t, { lang: 'en' });
      return { ...host, eventId: await createEvent(t, host.token) };
    })();
    const { checkoutUrl } = await createOrder(t, token, eventId);
    const { path } = sandboxPathOf(checkoutUrl);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('lang="en" dir="ltr"');
    expect(page.body).toContain('Test payment page');
    expect((await t.app.inject({ method: 'GET', url: '/dev/payment/nope' })).statusCode).toBe(404);
    const odd = await t.app.inject({ method: 'POST', url: path, payload: 'outcome=steal', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(odd.statusCode).toBe(400);
  });
});
