import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest, setGuestAnswer } from '../guests/guest-test-kit.js';
import { seatingTableLookup } from './public.js';
import { ensureCheckinCode } from '../checkin/public.js';

/** `seating/{id}` on the real database: capacity (also under parallel moves), auto-seat, delete, access. */

let t: TestApp;
let owner: string;
let intruder: string;
let cohost: string;
let eventId: string;

interface Plan {
  tables: { id: string; number: number; name: string | null; capacity: number; shape: string; x: number; y: number; seated: number }[];
  guests: { guestId: string; tableId: string | null; seats: number; fullName: string; groupId: string | null }[];
  unseatedSeats: number;
  showTablesToGuests: boolean;
}

const plan = async (token = owner) => {
  const res = await t.request('GET', `/seating/${eventId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Plan;
};
const addTable = async (number: number, capacity: number) => {
  const res = await t.request('POST', `/seating/${eventId}/tables`, { token: owner, body: { number, capacity } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as Plan).tables.find((x) => x.number === number)!.id;
};
const move = (guestId: string, tableId: string | null, token = owner) => t.request('PUT', `/seating/${eventId}/guests/${guestId}`, { token, body: { tableId } });

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  intruder = (await signUpHost(t)).token;
  const co = await signUpHost(t);
  cohost = co.token;
  eventId = await createEvent(t, owner);
  await createEvent(t, intruder);
  const pool = t.ctx.database.pool;
  const { rows } = await pool.query('select id from users where email = $1', [co.email]);
  await pool.query("insert into event_members (event_id, user_id, role) values ($1, $2, 'cohost')", [eventId, rows[0].id]);
});
afterAll(async () => {
  await t?.close();
});

describe('seating/{id}', () => {
  it('counts seats: attending when coming, invites when not answered or maybe, none when declined', async () => {
    const table = await addTable(1, 10);
    const coming = await addGuest(t, owner, eventId, { countOfInvites: 4 });
    await setGuestAnswer(t, coming.id, 'approved', 2);
    const maybe = await addGuest(t, owner, eventId, { countOfInvites: 3 });
    await setGuestAnswer(t, maybe.id, 'maybe');
    expect((await move(coming.id, table)).statusCode).toBe(200);
    const p = await plan();
    expect(p.tables[0]).toMatchObject({ number: 1, capacity: 10, seated: 2 });
    expect(p.guests.find((g) => g.guestId === maybe.id)).toMatchObject({ guestId: maybe.id, tableId: null, seats: 3, fullName: maybe.fullName });
    expect(p.unseatedSeats).toBe(3);
    const lookup = await seatingTableLookup(t.ctx.db)(eventId, [coming.id, maybe.id]);
    expect(lookup.get(coming.id)).toEqual({ number: 1, name: null });
    expect(lookup.has(maybe.id)).toBe(false);
  });

  it('shows the guest\'s table at the door: the check-in scan reads the seating chart', async () => {
    const table = await addTable(7, 10);
    const guest = await addGuest(t, owner, eventId, { countOfInvites: 2 });
    await setGuestAnswer(t, guest.id, 'approved', 2);
    expect((await move(guest.id, table)).statusCode).toBe(200);
    const code = await ensureCheckinCode(t.ctx, eventId, guest.id);
    const scan = await t.request('POST', `/checkin/${eventId}/scan`, { token: owner, body: { code } });
    expect(scan.statusCode, scan.body).toBe(200);
    expect(scan.json()).toMatchObject({ guestId: guest.id, table: { number: 7, name: null } });
  });

  it('refuses a move past the capacity with TABLE_FULL', async () => {
    const table = await addTable(2, 3);
    const a = await addGuest(t, owner, eventId, { countOfInvites: 2 });
    const b = await addGuest(t, owner, eventId, { countOfInvites: 2 });
    expect((await move(a.id, table)).statusCode).toBe(200);
    const res = await move(b.id, table);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'TABLE_FULL' });
  });

  it('never fills a table past its capacity under parallel moves from owner and co-host', async () => {
    const table = await addTable(3, 4);
    const guests = await Promise.all(Array.from({ length: 6 }, () => addGuest(t, owner, eventId, { countOfInvites: 2 })));
    const results = await Promise.all(guests.map((g, i) => move(g.id, table, i % 2 ? cohost : owner)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(4);
    expect((await plan()).tables.find((x) => x.id === table)!.seated).toBe(4);
  });

  it('unseats the guests of a deleted table', async () => {
    const table = await addTable(4, 5);
    const g = await addGuest(t, owner, eventId);
    await move(g.id, table);
    expect((await t.request('DELETE', `/seating/${eventId}/tables/${table}`, { token: owner })).statusCode).toBe(200);
    expect((await plan()).guests.find((x) => x.guestId === g.id)!.tableId).toBeNull();
  });

  it('auto-seats unseated coming guests, groups together, never above capacity', async () => {
    const p0 = await plan();
    for (const x of p0.tables) await t.request('DELETE', `/seating/${eventId}/tables/${x.id}`, { token: owner });
    await t.ctx.database.pool.query("update guests set status = 'declined' where event_id = $1", [eventId]);
    const t10 = await addTable(10, 3);
    const t11 = await addTable(11, 5);
    const big = await addGuest(t, owner, eventId, { countOfInvites: 4 });
    await setGuestAnswer(t, big.id, 'approved', 4);
    const small = await addGuest(t, owner, eventId);
    await setGuestAnswer(t, small.id, 'approved', 2);
    const huge = await addGuest(t, owner, eventId, { countOfInvites: 9 });
    await setGuestAnswer(t, huge.id, 'approved', 9);
    const res = await t.request('POST', `/seating/${eventId}/auto`, { token: owner });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { notSeated: string[] }).notSeated).toEqual([huge.id]);
    const p = await plan();
    for (const x of p.tables) expect(x.seated).toBeLessThanOrEqual(x.capacity);
    expect(p.guests.find((g) => g.guestId === big.id)!.tableId).toBe(t11);
    expect(p.guests.find((g) => g.guestId === small.id)!.tableId).toBe(t10);
  });

  it('refuses a stranger and lets a co-host read', async () => {
    expect((await t.request('GET', `/seating/${eventId}`, { token: intruder })).statusCode).toBe(404);
    expect((await t.request('POST', `/seating/${eventId}/tables`, { token: intruder, body: { number: 50, capacity: 5 } })).statusCode).toBe(404);
    expect((await t.request('POST', `/seating/${eventId}/auto`, { token: intruder })).statusCode).toBe(404);
    expect((await t.request('GET', `/seating/${eventId}`)).statusCode).toBe(401);
    expect((await t.request('GET', `/seating/${eventId}`, { token: cohost })).statusCode).toBe(200);
  });
});

describe('seating/{id}/settings', () => {
  it('turns "show tables to guests" on and off for the owner and co-hosts, and refuses a stranger', async () => {
    expect((await plan()).showTablesToGuests).toBe(false);
    const on = await t.request('PUT', `/seating/${eventId}/settings`, { token: cohost, body: { showTablesToGuests: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ showTablesToGuests: true });
    expect((await plan()).showTablesToGuests).toBe(true);
    const stranger = await t.request('PUT', `/seating/${eventId}/settings`, { token: intruder, body: { showTablesToGuests: false } });
    expect(stranger.statusCode).toBe(404);
    expect((await t.request('PUT', `/seating/${eventId}/settings`, { body: { showTablesToGuests: false } })).statusCode).toBe(401);
    expect((await t.request('PUT', `/seating/${eventId}/settings`, { token: owner, body: { showTablesToGuests: 'yes' } })).statusCode).toBe(400);
    expect((await plan()).showTablesToGuests).toBe(true);
    expect((await t.request('PUT', `/seating/${eventId}/settings`, { token: owner, body: { showTablesToGuests: false } })).statusCode).toBe(200);
    expect((await plan()).showTablesToGuests).toBe(false);
  });
});

describe('a declining guest', () => {
  it('leaves their table and rings the host\'s bell', async () => {
    const table = await addTable(60, 10);
    const g = await addGuest(t, owner, eventId, { countOfInvites: 2 });
    expect((await move(g.id, table)).statusCode).toBe(200);
    await setGuestAnswer(t, g.id, 'declined', 0);
    expect((await plan()).guests.find((x) => x.guestId === g.id)!.tableId).toBeNull();
    const { rows } = await t.ctx.database.pool.query("select count from notifications where event_id = $1 and type = 'seatFreedOnDecline' and read_at is null", [eventId]);
    expect(rows[0]?.count).toBeGreaterThanOrEqual(1);
  });
});
