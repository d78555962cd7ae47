import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_HEADER, USHER_TOKEN_HEADER, type CheckinUsherLink } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest } from '../guests/guest-test-kit.js';

/**
 * The access matrix of every seating route (issue 31): the owner and a co-host may; another host, a wrong event id
 * and a removed co-host answer 404 NOT_FOUND (ids cannot be probed); no session answers 401, and so does an usher's
 * link token (it opens check-in only) — and nothing changes.
 */

let t: TestApp;
let owner: string;
let stranger: string;
let cohost: string;
let removed: string;
let usherToken: string;
let eventId: string;
let tableNumber = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Send = (method: Method, url: string, body?: object) => Promise<LightMyRequestResponse>;

const sendAs =
  (headers: Record<string, string>): Send =>
  (method, url, body) =>
    t.app.inject({ method, url: `/api${url}`, headers: { [PLATFORM_HEADER]: 'web', ...headers }, ...(body !== undefined ? { payload: body } : {}) });
const bearer = (token: string) => sendAs({ authorization: `Bearer ${token}` });

const userIdOf = async (email: string): Promise<string> =>
  ((await t.ctx.db.execute(sql`select id from users where email = ${email}`)).rows[0] as { id: string }).id;
const newTable = async () => {
  tableNumber += 1;
  const res = await bearer(owner)('POST', `/seating/${eventId}/tables`, { number: tableNumber, capacity: 30 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tables: { id: string; number: number }[] }).tables.find((x) => x.number === tableNumber)!.id;
};
const plan = async () => (await bearer(owner)('GET', `/seating/${eventId}`)).json() as unknown;

interface Route {
  /** State the call needs, made by the owner. */
  prepare: () => Promise<{ tableId: string; guestId: string }>;
  call: (send: Send, id: string, made: { tableId: string; guestId: string }) => Promise<LightMyRequestResponse>;
}
const withTableAndGuest = async () => ({ tableId: await newTable(), guestId: (await addGuest(t, owner, eventId, { countOfInvites: 1 })).id });
const nothing = async () => ({ tableId: randomUUID(), guestId: randomUUID() });

const ROUTES: Record<string, Route> = {
  'GET seating/{id}': { prepare: nothing, call: (send, id) => send('GET', `/seating/${id}`) },
  'POST seating/{id}/tables': { prepare: nothing, call: (send, id) => send('POST', `/seating/${id}/tables`, { number: 900 + (tableNumber % 90), capacity: 4 }) },
  'PUT seating/{id}/tables/{tableId}': {
    prepare: withTableAndGuest,
    call: (send, id, made) => send('PUT', `/seating/${id}/tables/${made.tableId}`, { name: 'Moved', x: 120, y: 80 }),
  },
  'DELETE seating/{id}/tables/{tableId}': { prepare: withTableAndGuest, call: (send, id, made) => send('DELETE', `/seating/${id}/tables/${made.tableId}`) },
  'PUT seating/{id}/guests/{guestId}': {
    prepare: withTableAndGuest,
    call: (send, id, made) => send('PUT', `/seating/${id}/guests/${made.guestId}`, { tableId: made.tableId }),
  },
  'POST seating/{id}/auto': { prepare: nothing, call: (send, id) => send('POST', `/seating/${id}/auto`) },
  'PUT seating/{id}/settings': { prepare: nothing, call: (send, id) => send('PUT', `/seating/${id}/settings`, { showTablesToGuests: true }) },
  'GET seating/export/{id}/{lang}': { prepare: nothing, call: (send, id) => send('GET', `/seating/export/${id}/he`) },
};

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  stranger = (await signUpHost(t)).token;
  const co = await signUpHost(t);
  const gone = await signUpHost(t);
  cohost = co.token;
  removed = gone.token;
  eventId = await createEvent(t, owner);
  await createEvent(t, stranger);
  await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}, ${await userIdOf(co.email)}, 'cohost'), (${eventId}, ${await userIdOf(gone.email)}, 'cohost')`);
  // The owner removes the second co-host through the product's own route.
  const res = await bearer(owner)('DELETE', `/event/${eventId}/cohosts/${await userIdOf(gone.email)}`);
  expect(res.statusCode, res.body).toBe(200);
  const usher = await bearer(owner)('POST', `/checkin/${eventId}/ushers`);
  expect(usher.statusCode, usher.body).toBe(200);
  usherToken = /#usher=([A-Za-z0-9_-]+)$/.exec((usher.json() as CheckinUsherLink).url)![1]!;
  // The usher's token is good where it belongs.
  expect((await sendAs({ [USHER_TOKEN_HEADER]: usherToken })('GET', `/checkin/${eventId}/summary`)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

describe.each(Object.entries(ROUTES))('%s', (_name, route) => {
  const refused = async (send: () => Send, status: number, code: string, id = () => eventId) => {
    const made = await route.prepare();
    const before = await plan();
    const res = await route.call(send(), id(), made);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ code, message: expect.any(String) });
    expect(await plan()).toEqual(before);
  };

  it("refuses another host as not found, and changes nothing", () => refused(() => bearer(stranger), 404, 'NOT_FOUND'));
  it('refuses a removed co-host as not found', () => refused(() => bearer(removed), 404, 'NOT_FOUND'));
  it('answers a wrong event id the same way', () => refused(() => bearer(owner), 404, 'NOT_FOUND', () => randomUUID()));
  it('refuses no session', () => refused(() => sendAs({}), 401, 'UNAUTHORIZED'));
  it("refuses an usher's link token: it opens check-in only", () => refused(() => sendAs({ [USHER_TOKEN_HEADER]: usherToken }), 401, 'UNAUTHORIZED'));

  it('lets a co-host', async () => {
    const made = await route.prepare();
    const res = await route.call(bearer(cohost), eventId, made);
    expect(res.statusCode, res.body).toBe(200);
  });
});
