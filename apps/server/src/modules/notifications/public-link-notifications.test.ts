import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationsResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent, nextPhone } from '../guests/guest-test-kit.js';
import { answer, fetchEvent, personalTokenOf, publicTokenOf } from '../invitations/invite-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const setup = async () => {
  const { token, eventId } = await hostWithEvent(t);
  return { token, eventId, publicToken: publicTokenOf(await fetchEvent(t, token, eventId)) };
};
const answerPublic = (publicToken: string, body: Record<string, unknown>) =>
  t.request('POST', `/invite/public/${publicToken}`, { body: { fullName: 'Someone Typing', lang: 'he', ...body } });
const bell = async (token: string): Promise<NotificationsResponse> => {
  const res = await t.request('GET', '/notifications', { token });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationsResponse;
};
const ofType = (response: NotificationsResponse, eventId: string, type: NotificationDto['type']) =>
  response.items.filter((item) => item.eventId === eventId && item.type === type);
const setLink = (token: string, eventId: string, body: object) => t.request('PUT', `/event/${eventId}/public-link`, { token, body });

describe('the bell rings for public-link answers that wait for the host', () => {
  it("a listed guest's kept answer: one notification naming the typed name, leading to that guest", async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId, { countOfInvites: 2, fullName: 'Dana Levi' });
    await answer(t, personalTokenOf(guest), { status: 'approved', attending: 2 });
    await t.request('PUT', '/notifications/read', { token });

    expect((await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'declined', fullName: 'Dana from the link' })).statusCode).toBe(200);
    const response = await bell(token);
    expect(ofType(response, eventId, 'publicAnswerKept')).toMatchObject([
      { count: 1, guests: 1, read: false, latestGuest: { id: guest.id, fullName: 'Dana from the link' } },
    ]);
    // Kept, not applied: no answer notification beside it.
    expect(response.items.filter((item) => item.eventId === eventId && !item.read)).toHaveLength(1);
    expect(response.unread).toBe(1);
  });

  it('new guests waiting for approval: one notification counting them, naming the latest typed name, with no guest id', async () => {
    const { token, eventId, publicToken } = await setup();
    await setLink(token, eventId, { mode: 'open', approveNewGuests: true, newGuestBudget: 50 });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 2, fullName: 'Yael' });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'maybe', fullName: 'Moshe' });
    const response = await bell(token);
    expect(ofType(response, eventId, 'publicGuestWaiting')).toMatchObject([{ count: 2, guests: 2, latestGuest: { id: null, fullName: 'Moshe' } }]);
    expect(ofType(response, eventId, 'publicAnswerKept')).toEqual([]);
    expect(ofType(response, eventId, 'approved')).toEqual([]);
  });

  it('a phone not on a "listed only" link waits as a new guest', async () => {
    const { token, eventId, publicToken } = await setup();
    await setLink(token, eventId, { mode: 'listed', approveNewGuests: false, newGuestBudget: 50 });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 1, fullName: 'Stranger' });
    expect(ofType(await bell(token), eventId, 'publicGuestWaiting')).toMatchObject([{ count: 1, latestGuest: { fullName: 'Stranger' } }]);
  });

  it('an answer that applied directly (listed guest, or a new guest added) rings only as an answer', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId, { countOfInvites: 2 });
    await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'approved', attending: 1 });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 1, fullName: 'New Person' });
    const mine = (await bell(token)).items.filter((item) => item.eventId === eventId);
    expect(mine.map((item) => item.type)).toEqual(['approved']);
    expect(mine[0]).toMatchObject({ count: 2 });
  });

  it('once the host settled the kept answer, the notification still counts but names nobody', async () => {
    const { token, eventId, publicToken } = await setup();
    await setLink(token, eventId, { mode: 'open', approveNewGuests: true, newGuestBudget: 50 });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 1, fullName: 'Yael' });
    const items = ((await t.request('GET', `/guests/public-answers/${eventId}`, { token })).json() as { items: { id: string }[] }).items;
    expect((await t.request('POST', `/guests/public-answers/dismiss/${eventId}/${items[0]?.id}`, { token })).statusCode).toBe(200);
    expect(ofType(await bell(token), eventId, 'publicGuestWaiting')).toMatchObject([{ count: 1, guests: 0, latestGuest: null }]);
  });

  it('another host sees none of them, nor the typed names', async () => {
    const { token, eventId, publicToken } = await setup();
    const guest = await addGuest(t, token, eventId);
    await answer(t, personalTokenOf(guest), { status: 'approved', attending: 1 });
    await answerPublic(publicToken, { phoneNumber: guest.phoneNumber, status: 'declined', fullName: 'Secret Typed Name' });
    await answerPublic(publicToken, { phoneNumber: nextPhone(), status: 'approved', attending: 1, fullName: 'Secret Newcomer' });
    expect(ofType(await bell(token), eventId, 'publicAnswerKept')).toHaveLength(1);
    const { token: other } = await signUpHost(t);
    const theirs = await t.request('GET', '/notifications', { token: other });
    expect(theirs.json()).toEqual({ items: [], unread: 0 });
    expect(theirs.body).not.toContain('Secret');
  });
});
