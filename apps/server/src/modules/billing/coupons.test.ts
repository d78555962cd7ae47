import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone, type CreateOrderResponse, type Order } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { createEvent } from '../events/event-test-kit.js';
import { hostWithEvent } from '../guests/guest-test-kit.js';
import { buyPackage, clickSandbox, createOrder, eventRow, insertCoupon, orderBody, postOrder, uniqueCode } from './billing-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const check = (token: string, eventId: string, code: string, packageId = 1, inviteeCount = 100) =>
  t.request('POST', '/coupons/check', { token, body: { code, eventId, packageId, inviteeCount } });

const today = () => todayInBusinessZone();

describe('POST coupons/check', () => {
  it('takes a percent or an amount off the server price, never more than the price', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const percent = uniqueCode('P');
    await insertCoupon(t, { code: percent, percent: 15 });
    // 15% of ₪249: ₪37.35 off.
    expect((await check(token, eventId, percent.toLowerCase(), 2, 100)).json()).toEqual({ discount: 3_735, total: 21_165, vat: 3_229 });
    const amount = uniqueCode('A');
    await insertCoupon(t, { code: amount, amount: 5_000 });
    expect((await check(token, eventId, ` ${amount} `)).json()).toMatchObject({ discount: 5_000, total: 9_900 });
    const huge = uniqueCode('H');
    await insertCoupon(t, { code: huge, amount: 1_000_000 });
    expect((await check(token, eventId, huge)).json()).toEqual({ discount: 14_900, total: 0, vat: 0 });
  });

  it('refuses unknown, expired, not yet valid, other-package and used-up coupons with INVALID_COUPON', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const expired = uniqueCode('E');
    await insertCoupon(t, { code: expired, percent: 10, expiresOn: addDays(today(), -1) });
    const lastDay = uniqueCode('L');
    await insertCoupon(t, { code: lastDay, percent: 10, expiresOn: today() });
    const later = uniqueCode('S');
    await insertCoupon(t, { code: later, percent: 10, startsOn: addDays(today(), 1) });
    const premiumOnly = uniqueCode('PR');
    await insertCoupon(t, { code: premiumOnly, percent: 10, packageId: 2 });
    const usedUp = uniqueCode('U');
    const row = await insertCoupon(t, { code: usedUp, percent: 10, maxUses: 3 });
    await t.ctx.db.execute(sql`update coupons set uses = 3 where id = ${row.id}`);

    for (const code of ['NOSUCHCODE', expired, later, usedUp]) {
      const res = await check(token, eventId, code);
      expect([code, res.statusCode, res.json().code]).toEqual([code, 400, 'INVALID_COUPON']);
    }
    expect((await check(token, eventId, premiumOnly, 1)).json().code).toBe('INVALID_COUPON');
    expect((await check(token, eventId, premiumOnly, 2)).statusCode).toBe(200);
    expect((await check(token, eventId, lastDay)).statusCode).toBe(200);
    expect((await check(token, eventId, 'bad code!')).statusCode).toBe(400);
  });

  it('is once per host: a host who paid with it is refused on any event, another host is not', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const code = uniqueCode('ONCE');
    await insertCoupon(t, { code, percent: 20 });
    const paid = await buyPackage(t, token, eventId, { couponCode: code });
    expect(paid).toMatchObject({ couponDiscount: 2_980, total: 11_920, paidAmount: 11_920 });
    const second = await createEvent(t, token);
    expect((await check(token, second, code)).json()).toMatchObject({ code: 'COUPON_ALREADY_USED', message: 'you already used this coupon' });
    expect((await postOrder(t, token, second, orderBody({ couponCode: code }))).json().code).toBe('COUPON_ALREADY_USED');
    const other = await hostWithEvent(t);
    expect((await check(other.token, other.eventId, code)).statusCode).toBe(200);
  });
});

describe('coupons on orders', () => {
  it('a 100% coupon pays at once without the provider', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const code = uniqueCode('FREE');
    const coupon = await insertCoupon(t, { code, percent: 100, maxUses: 1 });
    const { order, checkoutUrl } = await createOrder(t, token, eventId, { packageId: 2, inviteeCount: 500, couponCode: code });
    expect(checkoutUrl).toBe(`http://magiim.test/pricing/${eventId}/success?order=${order.id}`);
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'coupon', total: 0, paidAmount: 0, couponDiscount: 76_900, subtotal: 76_900 });
    expect(await eventRow(t, eventId)).toEqual({ progress_status: 1, order_package_id: 2, invitee_limit: 500 });
    const uses = await t.ctx.db.execute<{ uses: number }>(sql`select uses from coupons where id = ${coupon.id}`);
    expect(uses.rows[0]!.uses).toBe(1);
    const sandboxRows = await t.ctx.db.execute(sql`select 1 from sandbox_payments where order_id = ${order.id}`);
    expect(sandboxRows.rows).toHaveLength(0);
  });

  it('20 hosts ordering at once with a coupon of 5 uses: exactly 5 orders get it and 5 are paid with it', async () => {
    const code = uniqueCode('FIVE');
    const coupon = await insertCoupon(t, { code, percent: 50, maxUses: 5 });
    const hosts = await Promise.all(Array.from({ length: 20 }, () => hostWithEvent(t)));
    const answers = await Promise.all(hosts.map((host) => postOrder(t, host.token, host.eventId, orderBody({ couponCode: code }))));
    const accepted = answers.filter((res) => res.statusCode === 200).map((res) => res.json() as CreateOrderResponse);
    const refused = answers.filter((res) => res.statusCode !== 200);
    expect(accepted).toHaveLength(5);
    for (const res of refused) expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_COUPON']);

    await Promise.all(accepted.map(({ checkoutUrl }) => clickSandbox(t, checkoutUrl, 'pay')));
    const paid = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where coupon_id = ${coupon.id} and status = 'paid' and coupon_discount = 7450`,
    );
    expect(paid.rows[0]!.n).toBe(5);
    const uses = await t.ctx.db.execute<{ uses: number; rows: number }>(
      sql`select uses, (select count(*)::int from coupon_uses where coupon_id = ${coupon.id}) as rows from coupons where id = ${coupon.id}`,
    );
    expect(uses.rows[0]).toEqual({ uses: 5, rows: 5 });
    // Used up now for everyone else.
    const late = await hostWithEvent(t);
    expect((await postOrder(t, late.token, late.eventId, orderBody({ couponCode: code }))).json().code).toBe('INVALID_COUPON');
  });

  it('a declined order gives its hold back', async () => {
    const code = uniqueCode('ONE');
    await insertCoupon(t, { code, amount: 1_000, maxUses: 1 });
    const first = await hostWithEvent(t);
    const { checkoutUrl } = await createOrder(t, first.token, first.eventId, { couponCode: code });
    const second = await hostWithEvent(t);
    expect((await postOrder(t, second.token, second.eventId, orderBody({ couponCode: code }))).json().code).toBe('INVALID_COUPON');
    await clickSandbox(t, checkoutUrl, 'decline');
    const res = await postOrder(t, second.token, second.eventId, orderBody({ couponCode: code }));
    expect(res.statusCode).toBe(200);
    expect((res.json() as { order: Order }).order.couponDiscount).toBe(1_000);
  });

  it('a host retrying their own order is not held back by their earlier, unfinished one', async () => {
    const code = uniqueCode('RETRY');
    await insertCoupon(t, { code, percent: 10, maxUses: 1 });
    const host = await hostWithEvent(t);
    await createOrder(t, host.token, host.eventId, { couponCode: code });
    expect((await postOrder(t, host.token, host.eventId, orderBody({ couponCode: code }))).statusCode).toBe(200);
  });
});
