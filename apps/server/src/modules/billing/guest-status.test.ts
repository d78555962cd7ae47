import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent, nextPhone } from '../guests/guest-test-kit.js';
import { buyPackage, clickSandbox, createOrder, guestStatuses } from './billing-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const pasteRows = (token: string, eventId: string, count: number) =>
  t.request('POST', `/guests/rows/${eventId}?commit=true`, {
    token,
    body: { rows: Array.from({ length: count }, (_, i) => ({ fullName: `Guest ${i}`, phoneNumber: nextPhone() })) },
  });

describe('guest statuses and the payment', () => {
  it('guests wait (pending) before the payment, are in process after it, and so are guests added later', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await addGuest(t, token, eventId);
    expect((await pasteRows(token, eventId, 2)).json()).toMatchObject({ imported: 2 });
    expect(await guestStatuses(t, eventId)).toEqual(['pending', 'pending', 'pending']);

    await buyPackage(t, token, eventId);
    expect(await guestStatuses(t, eventId)).toEqual(['inProgress', 'inProgress', 'inProgress']);

    await addGuest(t, token, eventId);
    expect((await pasteRows(token, eventId, 2)).json()).toMatchObject({ imported: 2 });
    expect(await guestStatuses(t, eventId)).toEqual(Array(6).fill('inProgress'));
  });

  it('a guest added while the payment lands is never left waiting', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const { checkoutUrl } = await createOrder(t, token, eventId, { inviteeCount: 200 });
    await Promise.all([
      ...Array.from({ length: 10 }, () => addGuest(t, token, eventId)),
      clickSandbox(t, checkoutUrl, 'pay'),
      pasteRows(token, eventId, 10),
      ...Array.from({ length: 10 }, () => addGuest(t, token, eventId)),
    ]);
    const statuses = await guestStatuses(t, eventId);
    expect(statuses).toHaveLength(30);
    expect(new Set(statuses)).toEqual(new Set(['inProgress']));
  });
});
