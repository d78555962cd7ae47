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
const readAll = async (token: string) => expect((await t.request('PUT', '/notifications/read', { token })).statusCode).toBe(200);

/** The owner's event with a co-host (an `event_members` row, as accepting an invitation writes it). */
const eventWithCohost = async () => {
  const owner = await hostWithEvent(t);
  const cohost = await signUpHost(t, { lang: 'en' });
  const userId = (await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${cohost.email}`)).rows[0]!.id;
  await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${owner.eventId}::uuid, ${userId}::uuid, 'cohost')`);
  return { owner, cohost, eventId: owner.eventId };
};
const answerAs = async (ownerToken: string, eventId: string, status: 'approved' | 'declined' | 'maybe', fullName: string) => {
  const guest = await addGuest(t, ownerToken, eventId, { fullName });
  expect((await answer(t, personalTokenOf(guest), status === 'approved' ? { status, attending: 1 } : { status })).statusCode).toBe(200);
};

describe('read state per member', () => {
  it("a co-host reading does not clear the owner's bell, nor the other way round", async () => {
    const { owner, cohost, eventId } = await eventWithCohost();
    await answerAs(owner.token, eventId, 'approved', 'Dana Levi');
    await answerAs(owner.token, eventId, 'declined', 'Avi Ben');
    expect((await bell(owner.token)).unread).toBe(2);
    expect((await bell(cohost.token)).unread).toBe(2);

    await readAll(cohost.token);
    const cohostBell = await bell(cohost.token);
    expect(cohostBell.unread).toBe(0);
    expect(cohostBell.items.every((item) => item.read)).toBe(true);
    const ownerBell = await bell(owner.token);
    expect(ownerBell.unread).toBe(2);
    expect(ownerBell.items.filter((item) => item.eventId === eventId).every((item) => !item.read)).toBe(true);

    await readAll(owner.token);
    expect((await bell(owner.token)).unread).toBe(0);
    expect((await bell(cohost.token)).unread).toBe(0);
  });

  it('a row stays open while a member has not read it: an answer after my read shows it unread to me again, counting all its answers', async () => {
    const { owner, cohost, eventId } = await eventWithCohost();
    await answerAs(owner.token, eventId, 'maybe', 'First Guest');
    await readAll(owner.token);
    expect((await bell(owner.token)).unread).toBe(0);

    await answerAs(owner.token, eventId, 'maybe', 'Second Guest');
    const [mine, ...others] = ofType(await bell(owner.token), eventId, 'maybe');
    expect(others).toEqual([]);
    expect(mine).toMatchObject({ read: false, count: 2, guests: 2, latestGuest: { fullName: 'Second Guest' } });
    expect((await bell(owner.token)).unread).toBe(1);
    expect(ofType(await bell(cohost.token), eventId, 'maybe')).toMatchObject([{ read: false, count: 2 }]);
  });

  it('once every member read a row it closes: the next answer starts a new notification for both', async () => {
    const { owner, cohost, eventId } = await eventWithCohost();
    await answerAs(owner.token, eventId, 'declined', 'Early Guest');
    await readAll(owner.token);
    await readAll(cohost.token);
    const closed = (await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from notifications where event_id = ${eventId}::uuid and read_at is null`)).rows[0]!.n;
    expect(closed).toBe(0);

    await answerAs(owner.token, eventId, 'declined', 'Late Guest');
    for (const token of [owner.token, cohost.token]) {
      const [fresh, old] = ofType(await bell(token), eventId, 'declined');
      expect(fresh).toMatchObject({ read: false, count: 1, latestGuest: { fullName: 'Late Guest' } });
      expect(old).toMatchObject({ read: true, count: 1, latestGuest: { fullName: 'Early Guest' } });
      expect((await bell(token)).unread).toBe(1);
    }
  });

  it('the owner alone: reading closes the row at once, as before', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await answerAs(token, eventId, 'approved', 'Solo Guest');
    await readAll(token);
    const open = (await t.ctx.db.execute(sql`select 1 from notifications where event_id = ${eventId}::uuid and read_at is null`)).rows;
    expect(open).toEqual([]);
    expect((await bell(token)).unread).toBe(0);
  });

  it("a removed co-host's reads no longer matter, and another host's read touches nothing", async () => {
    const { owner, cohost, eventId } = await eventWithCohost();
    const stranger = await signUpHost(t);
    await answerAs(owner.token, eventId, 'approved', 'Guest One');
    await readAll(stranger.token);
    expect((await bell(owner.token)).unread).toBe(1);
    expect((await t.ctx.db.execute(sql`select 1 from notification_reads r join notifications n on n.id = r.notification_id where n.event_id = ${eventId}::uuid`)).rows).toEqual([]);
    expect(await bell(stranger.token)).toEqual({ items: [], unread: 0 });

    await t.ctx.db.execute(sql`delete from event_members where event_id = ${eventId}::uuid and role = 'cohost'`);
    expect(await bell(cohost.token)).toEqual({ items: [], unread: 0 });
    await readAll(owner.token);
    expect((await t.ctx.db.execute(sql`select 1 from notifications where event_id = ${eventId}::uuid and read_at is null`)).rows).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    expect((await t.request('GET', '/notifications')).statusCode).toBe(401);
    expect((await t.request('PUT', '/notifications/read')).statusCode).toBe(401);
  });
});
