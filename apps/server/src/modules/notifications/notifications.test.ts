import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationDto, NotificationsResponse } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { answer, personalTokenOf } from '../invitations/invite-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bell = async (token: string): Promise<NotificationsResponse> => {
  const res = await t.request('GET', '/notifications', { token });
  expect(res.statusCode).toBe(200);
  return res.json() as NotificationsResponse;
};
const ofType = (response: NotificationsResponse, eventId: string, type: NotificationDto['type']) =>
  response.items.filter((item) => item.eventId === eventId && item.type === type);

describe('the bell names who answered', () => {
  it('names the latest guest of a burst and counts the different guests once each', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const dana = await addGuest(t, token, eventId, { fullName: 'Dana Levi', countOfInvites: 3 });
    const yossi = await addGuest(t, token, eventId, { fullName: 'Yossi Cohen', countOfInvites: 3 });
    const rina = await addGuest(t, token, eventId, { fullName: 'Rina Mor', countOfInvites: 3 });
    expect((await answer(t, personalTokenOf(yossi), { status: 'approved', attending: 2 })).statusCode).toBe(200);
    expect((await answer(t, personalTokenOf(rina), { status: 'approved', attending: 1 })).statusCode).toBe(200);
    // Rina again, the same status and head count with a note: another "coming", the same guest.
    expect((await answer(t, personalTokenOf(rina), { status: 'approved', attending: 1, comments: 'See you there' })).statusCode).toBe(200);
    expect((await answer(t, personalTokenOf(dana), { status: 'approved', attending: 3 })).statusCode).toBe(200);

    const [coming, ...rest] = ofType(await bell(token), eventId, 'approved');
    expect(rest).toEqual([]);
    expect(coming).toMatchObject({ count: 4, guests: 3, latestGuest: { id: dana.id, fullName: 'Dana Levi' } });
  });

  it('keeps each kind to its own answers: a changed decision names the guest who changed, not the first answer', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const dana = await addGuest(t, token, eventId, { fullName: 'Dana Levi', countOfInvites: 2 });
    const avi = await addGuest(t, token, eventId, { fullName: 'Avi Ben', countOfInvites: 2 });
    await answer(t, personalTokenOf(dana), { status: 'approved', attending: 2 });
    await answer(t, personalTokenOf(avi), { status: 'maybe' });
    await answer(t, personalTokenOf(dana), { status: 'declined' });

    const now = await bell(token);
    expect(ofType(now, eventId, 'approved')[0]).toMatchObject({ guests: 1, latestGuest: { fullName: 'Dana Levi' } });
    expect(ofType(now, eventId, 'maybe')[0]).toMatchObject({ guests: 1, latestGuest: { id: avi.id, fullName: 'Avi Ben' } });
    expect(ofType(now, eventId, 'changedDecision')[0]).toMatchObject({ guests: 1, latestGuest: { id: dana.id } });
    expect(ofType(now, eventId, 'declined')).toEqual([]);
  });

  it('starts naming afresh once read: the next notification holds only the newer answers', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const first = await addGuest(t, token, eventId, { fullName: 'First Guest' });
    const second = await addGuest(t, token, eventId, { fullName: 'Second Guest' });
    await answer(t, personalTokenOf(first), { status: 'declined' });
    expect((await t.request('PUT', '/notifications/read', { token, body: {} })).statusCode).toBe(200);
    await answer(t, personalTokenOf(second), { status: 'declined' });

    const [fresh, old] = ofType(await bell(token), eventId, 'declined');
    expect(fresh).toMatchObject({ read: false, count: 1, guests: 1, latestGuest: { fullName: 'Second Guest' } });
    expect(old).toMatchObject({ read: true, count: 1, guests: 1, latestGuest: { fullName: 'First Guest' } });
  });

  it('still counts when the guest was deleted since, without a name', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { fullName: 'Gone Guest' });
    await answer(t, personalTokenOf(guest), { status: 'maybe' });
    // Answered guests are "in process" and the API keeps them; the row goes as a cascade would take it.
    await t.ctx.db.execute(sql`delete from guests where id = ${guest.id}::uuid`);
    expect(ofType(await bell(token), eventId, 'maybe')[0]).toMatchObject({ count: 1, guests: 0, latestGuest: null });
  });

  it("shows another host none of the event's names", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const guest = await addGuest(t, token, eventId, { fullName: 'Private Person' });
    await answer(t, personalTokenOf(guest), { status: 'approved', attending: 1 });
    const { token: other } = await signUpHost(t);
    const theirs = await t.request('GET', '/notifications', { token: other });
    expect(theirs.json()).toEqual({ items: [], unread: 0 });
    expect(theirs.body).not.toContain('Private Person');
  });
});
