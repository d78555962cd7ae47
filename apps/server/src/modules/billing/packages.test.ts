import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITEE_TIERS, vatPartOf, type PackagesResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { buyPackage, clickSandbox, createOrder, insertCoupon, orderBody, uniqueCode } from './billing-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const packagesOf = async (token: string, eventId: string) => {
  const res = await t.request('GET', `/packages/${eventId}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json() as PackagesResponse;
};

describe('GET packages/{id}', () => {
  it('answers the seeded price table in agorot, VAT apart, and the tier the guest list needs', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const empty = await packagesOf(token, eventId);
    expect(empty.vatPercent).toBe(18);
    expect(empty.packages.map((p) => [p.id, p.includesCalls])).toEqual([
      [1, false],
      [2, true],
    ]);
    for (const pkg of empty.packages) expect(pkg.tiers.map((tier) => tier.inviteeCount)).toEqual([...INVITEE_TIERS]);
    expect(empty.packages[0]!.tiers.map((tier) => tier.price)).toEqual([14_900, 24_900, 32_900, 39_900, 46_900, 59_900, 79_900, 109_900, 139_900]);
    expect(empty.packages[1]!.tiers.map((tier) => tier.price)).toEqual([24_900, 39_900, 52_900, 64_900, 76_900, 97_900, 129_900, 179_900, 229_900]);
    expect(empty).toMatchObject({ current: null, suggestedInviteeCount: 100, guestCount: 0, canUpgrade: false });
    // ₪149 with 18% VAT inside: ₪22.73 of it is VAT.
    expect(vatPartOf(14_900)).toBe(2_273);

    await addGuest(t, token, eventId);
    expect((await packagesOf(token, eventId)).guestCount).toBe(1);
  });

  it('suggests the smallest tier holding the list, the largest when the list is larger', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const { sql } = await import('drizzle-orm');
    await t.ctx.db.execute(sql`
      insert into guests (event_id, full_name, phone_number, lang)
      select ${eventId}::uuid, 'G' || n, '+97250' || lpad(n::text, 7, '0'), 'he' from generate_series(1, 101) n`);
    expect((await packagesOf(token, eventId)).suggestedInviteeCount).toBe(200);
    await t.ctx.db.execute(sql`
      insert into guests (event_id, full_name, phone_number, lang)
      select ${eventId}::uuid, 'H' || n, '+97252' || lpad(n::text, 7, '0'), 'he' from generate_series(1, 2000) n`);
    expect((await packagesOf(token, eventId)).suggestedInviteeCount).toBe(2000);
  });

  it('shows the current package and whether an upgrade is possible after a payment', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await buyPackage(t, token, eventId, { packageId: 1, inviteeCount: 200 });
    expect(await packagesOf(token, eventId)).toMatchObject({ current: { packageId: 1, inviteeCount: 200, paidAmount: 24_900 }, canUpgrade: true });
    await buyPackage(t, token, eventId, { packageId: 2, inviteeCount: 2000 });
    expect(await packagesOf(token, eventId)).toMatchObject({ current: { packageId: 2, inviteeCount: 2000, paidAmount: 229_900 }, canUpgrade: false });
  });
});

describe('another host', () => {
  it('is refused on every billing endpoint, as if the event or order did not exist', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const { order, checkoutUrl } = await createOrder(t, token, eventId);
    await clickSandbox(t, checkoutUrl, 'pay');
    const stranger = (await signUpHost(t)).token;
    const code = uniqueCode();
    await insertCoupon(t, { code, percent: 10 });

    const refused = [
      await t.request('GET', `/packages/${eventId}`, { token: stranger }),
      await t.request('POST', '/coupons/check', { token: stranger, body: { code, eventId, packageId: 1, inviteeCount: 100 } }),
      await t.request('POST', `/orders/${eventId}`, { token: stranger, body: orderBody() }),
      await t.request('GET', `/orders/${order.id}`, { token: stranger }),
      await t.request('POST', `/orders/${order.id}/cancel`, { token: stranger, body: { reason: 'not mine' } }),
    ];
    for (const res of refused) expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    const list = (await t.request('GET', '/orders', { token: stranger })).json();
    expect(list).toEqual({ active: [], closed: [] });
    // Still paid, and the owner still sees it.
    expect((await t.request('GET', `/orders/${order.id}`, { token })).json()).toMatchObject({ status: 'paid' });
  });

  it('needs a session on every billing endpoint', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, body] of [
      ['GET', `/packages/${id}`, undefined],
      ['POST', '/coupons/check', { code: 'X', eventId: id, packageId: 1, inviteeCount: 100 }],
      ['GET', '/orders', undefined],
      ['POST', `/orders/${id}`, orderBody()],
      ['GET', `/orders/${id}`, undefined],
      ['POST', `/orders/${id}/cancel`, { reason: 'x' }],
    ] as const) {
      const res = await t.request(method, url, body === undefined ? {} : { body });
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
  });
});
