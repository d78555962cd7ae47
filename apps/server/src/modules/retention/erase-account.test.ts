import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { buyPackage, createOrder } from '../billing/billing-test-kit.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { eraseAccount } from './erase-account.js';
import { fileExists, guestDataLeft, seedGuestData } from './retention-test-kit.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
});

afterAll(async () => {
  await t?.close();
});

const userIdOf = async (email: string): Promise<string> =>
  (await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;

const rowCount = async (query: ReturnType<typeof sql>): Promise<number> =>
  (await t.ctx.db.execute<{ n: number }>(query)).rows[0]!.n;

describe('eraseAccount', () => {
  it('deletes unpaid events, erases paid ones, ends sign-in and leaves a tombstone', async () => {
    const host = await signUpHost(t, { fullName: 'Michal Erased' });
    const userId = await userIdOf(host.email);
    const other = await signUpHost(t, { fullName: 'Other Owner' });
    const otherUserId = await userIdOf(other.email);

    const unpaid = await createEvent(t, host.token);
    const unpaidData = await seedGuestData(t, host.token, unpaid);
    // An order that was never paid does not keep its event.
    const abandoned = await createOrder(t, host.token, unpaid);
    expect(abandoned.order.status).not.toBe('paid');
    const paid = await createEvent(t, host.token);
    const paidData = await seedGuestData(t, host.token, paid);
    const order = await buyPackage(t, host.token, paid);
    // A co-host of the erased host's paid event loses it; the host's co-hosting of someone else's event ends.
    await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${paid}, ${otherUserId}, 'cohost')`);
    const othersEvent = await createEvent(t, other.token);
    await seedGuestData(t, other.token, othersEvent);
    await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${othersEvent}, ${userId}, 'cohost')`);
    await t.ctx.db.execute(sql`insert into cohost_invitations (event_id, email, token_hash, invited_by, expires_at)
      values (${othersEvent}, ${host.email}, 'pending-hash', ${otherUserId}, now() + interval '7 days')`);
    const readsBefore = await rowCount(sql`select count(*)::int as n from sessions where user_id = ${userId}`);
    expect(readsBefore).toBeGreaterThan(0);

    const counts = await eraseAccount(t.ctx, userId, 'self');

    expect(counts).toMatchObject({
      eventsDeleted: 1,
      eventsErased: 1,
      guests: 4,
      answers: 6,
      messages: 4,
      callAttempts: 2,
      images: 2,
      expenses: 2,
      cohostMemberships: 2,
      cohostInvitations: 1,
    });
    expect(counts.sessions).toBeGreaterThan(0);
    // Counts only: every value a number.
    expect(Object.values(counts).every((value) => typeof value === 'number')).toBe(true);

    // The session no longer works; the password and the e-mail no longer sign in.
    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(401);
    expect((await t.request('POST', '/auth/login', { body: { email: host.email, password: PASSWORD } })).statusCode).toBe(401);

    const { rows: users } = await t.ctx.db.execute<Record<string, unknown>>(
      sql`select full_name, email, password_hash, google_sub, pending_email, erased_at from users where id = ${userId}`,
    );
    expect(users[0]).toMatchObject({ full_name: '', email: `erased-${userId}@erased.invalid`, password_hash: null, google_sub: null, pending_email: null });
    expect(users[0]!.erased_at).not.toBeNull();
    for (const table of ['sessions', 'user_tokens', 'known_devices', 'push_tokens', 'notification_reads']) {
      expect(await rowCount(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`)).toBe(0);
    }

    // The unpaid event is gone with its files.
    expect(await rowCount(sql`select count(*)::int as n from events where id = ${unpaid}`)).toBe(0);
    expect(await rowCount(sql`select count(*)::int as n from orders where id = ${abandoned.order.id}`)).toBe(0);
    expect(await fileExists(t, unpaidData.imageKey)).toBe(false);

    // The paid event stays for its order: date and package kept, names, place, guests and image gone.
    const { rows: events } = await t.ctx.db.execute<Record<string, unknown>>(
      sql`select names, location, date, order_package_id, guest_data_erased_at, public_token_hash from events where id = ${paid}`,
    );
    expect(events[0]).toMatchObject({ names: {}, public_token_hash: null });
    expect((events[0]!.location as { name: string }).name).toBe('');
    expect(events[0]!.order_package_id).not.toBeNull();
    expect(events[0]!.guest_data_erased_at).not.toBeNull();
    expect(Object.values(await guestDataLeft(t, paid)).every((n) => n === 0)).toBe(true);
    expect(await fileExists(t, paidData.imageKey)).toBe(false);
    const { rows: orders } = await t.ctx.db.execute<{ status: string; total: number }>(
      sql`select status, total from orders where id = ${order.id}`,
    );
    expect(orders[0]).toMatchObject({ status: 'paid', total: order.total });
    expect(await rowCount(sql`select count(*)::int as n from event_members where event_id = ${paid} and user_id = ${otherUserId}`)).toBe(0);

    // The other owner's event and its guests are untouched; only the erased co-host left it.
    expect(await rowCount(sql`select count(*)::int as n from guests where event_id = ${othersEvent}`)).toBe(2);
    expect(await rowCount(sql`select count(*)::int as n from event_members where event_id = ${othersEvent}`)).toBe(1);
    expect(await rowCount(sql`select count(*)::int as n from cohost_invitations where event_id = ${othersEvent}`)).toBe(0);
    expect((await t.request('GET', `/event/${othersEvent}`, { token: other.token })).statusCode).toBe(200);

    // Idempotent: a second call finds the tombstone.
    const again = await eraseAccount(t.ctx, userId, 'self');
    expect(Object.values(again).every((n) => n === 0)).toBe(true);

    // The address is free to register again.
    const back = await t.request('POST', '/auth/register', {
      body: { fullName: 'Michal Again', email: host.email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' },
    });
    expect(back.statusCode).toBe(201);
    expect(await userIdOf(host.email)).not.toBe(userId);
  });

  it('keeps blocked_at and erases a blocked account', async () => {
    const host = await signUpHost(t);
    const userId = await userIdOf(host.email);
    await t.ctx.db.execute(sql`update users set blocked_at = now() where id = ${userId}`);
    await eraseAccount(t.ctx, userId, 'deregistered');
    const { rows } = await t.ctx.db.execute<{ blocked_at: Date | null; erased_at: Date | null }>(
      sql`select blocked_at, erased_at from users where id = ${userId}`,
    );
    expect(rows[0]!.blocked_at).not.toBeNull();
    expect(rows[0]!.erased_at).not.toBeNull();
  });

  it('two erasures at once erase once', async () => {
    const host = await signUpHost(t);
    const userId = await userIdOf(host.email);
    const eventId = await createEvent(t, host.token);
    await seedGuestData(t, host.token, eventId);
    const [a, b] = await Promise.all([eraseAccount(t.ctx, userId, 'inactive'), eraseAccount(t.ctx, userId, 'inactive')]);
    expect([a!.eventsDeleted, b!.eventsDeleted].sort()).toEqual([0, 1]);
    expect([a!.guests, b!.guests].sort()).toEqual([0, 2]);
  });

  it('answers zeros for an unknown user', async () => {
    const counts = await eraseAccount(t.ctx, '00000000-0000-4000-8000-000000000000', 'self');
    expect(Object.values(counts).every((n) => n === 0)).toBe(true);
  });
});
