import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationsResponse, Order, OrdersResponse } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { clickSandbox, createOrder, eventRow, guestStatuses, sandboxPathOf } from './billing-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the sandbox page, end to end', () => {
  it('pays: the page shows the amount, Pay redirects to success, the order, event, guests, bell and mail follow', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await addGuest(t, token, eventId);
    await addGuest(t, token, eventId);
    expect(await guestStatuses(t, eventId)).toEqual(['pending', 'pending']);

    const { order, checkoutUrl } = await createOrder(t, token, eventId, { packageId: 2, inviteeCount: 300 });
    expect(order).toMatchObject({ status: 'pending', total: 52_900, subtotal: 52_900, couponDiscount: 0, kind: 'purchase', paidAmount: 0 });
    expect(order.orderNumber).toBeGreaterThanOrEqual(100_001);
    expect(checkoutUrl).toMatch(/^http:\/\/magiim\.test\/dev\/payment\//);

    const page = await t.app.inject({ method: 'GET', url: sandboxPathOf(checkoutUrl).path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('dir="rtl"');
    expect(page.body).toContain('529.00');
    expect(page.body).toContain('value="pay"');

    const click = await clickSandbox(t, checkoutUrl, 'pay');
    expect(click.statusCode).toBe(303);
    expect(click.headers.location).toBe(`http://magiim.test/pricing/${eventId}/success?order=${order.id}`);

    const paid = (await t.request('GET', `/orders/${order.id}`, { token })).json() as Order;
    expect(paid).toMatchObject({ status: 'paid', paidAmount: 52_900, paymentMethod: 'card', cardBrand: 'Visa', cardLast4: '4242', cancellable: true });
    expect(paid.receiptUrl).toMatch(/\/dev\/payment\/.+\/receipt$/);
    expect(await eventRow(t, eventId)).toEqual({ progress_status: 1, order_package_id: 2, invitee_limit: 300 });
    expect(await guestStatuses(t, eventId)).toEqual(['inProgress', 'inProgress']);
    await addGuest(t, token, eventId);
    expect(await guestStatuses(t, eventId)).toEqual(['inProgress', 'inProgress', 'inProgress']);

    const bell = (await t.request('GET', '/notifications', { token })).json() as NotificationsResponse;
    expect(bell.items.filter((item) => item.eventId === eventId && item.type === 'paymentPaid')).toHaveLength(1);

    const receipt = await t.app.inject({ method: 'GET', url: new URL(paid.receiptUrl!).pathname });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('80.69');

    const orders = (await t.request('GET', '/orders', { token })).json() as OrdersResponse;
    expect(orders.active.map((o) => o.id)).toEqual([order.id]);

    // A second click changes nothing: the first outcome holds and redirects the same way.
    const again = await clickSandbox(t, checkoutUrl, 'decline');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('/success?');
    expect(((await t.request('GET', `/orders/${order.id}`, { token })).json() as Order).status).toBe('paid');
  });
});
