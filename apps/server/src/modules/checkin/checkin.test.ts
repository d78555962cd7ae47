import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_HEADER, USHER_TOKEN_HEADER, type CheckinGuest, type CheckinSummary, type CheckinUsherLink } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest, setGuestAnswer, setInviteeLimit } from '../guests/guest-test-kit.js';
import { ensureCheckinCode } from './public.js';
import * as checkin from './checkin.service.js';
import { personalTokenOf } from '../invitations/invite-test-kit.js';

/** `checkin/{id}/…` on the real database: codes, arrivals, walk-ins, usher links and who may open the door. */

let t: TestApp;
let owner: { token: string; email: string };
let stranger: { token: string; email: string };
let cohost: { token: string; email: string };
let eventId: string;
let otherEventId: string;

const userIdOf = async (email: string): Promise<string> =>
  ((await t.ctx.db.execute(sql`select id from users where email = ${email}`)).rows[0] as { id: string }).id;

/** A request as an usher's screen sends it: the link's token in its header, no session. */
const asUsher = (usherToken: string, method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: { [PLATFORM_HEADER]: 'web', [USHER_TOKEN_HEADER]: usherToken },
    ...(body !== undefined ? { payload: body as object } : {}),
  });

const usherTokenOf = (link: CheckinUsherLink) => {
  const match = /#usher=([A-Za-z0-9_-]+)$/.exec(link.url);
  if (!match?.[1]) throw new Error(`no usher token in ${link.url}`);
  return match[1];
};

const makeUsher = async (id = eventId) => {
  const res = await t.request('POST', `/checkin/${id}/ushers`, { token: owner.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CheckinUsherLink;
};

const comingGuest = async (fullName: string, attending: number, id = eventId, token = owner.token) => {
  const guest = await addGuest(t, token, id, { fullName, countOfInvites: Math.max(attending, 1) });
  await setGuestAnswer(t, guest.id, 'approved', attending);
  await t.ctx.db.execute(sql`update guests set answered_at = now() where id = ${guest.id}`);
  return guest;
};

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = await signUpHost(t);
  stranger = await signUpHost(t, { fullName: 'Other Host' });
  cohost = await signUpHost(t, { fullName: 'Dani Levi' });
  eventId = await createEvent(t, owner.token);
  otherEventId = await createEvent(t, stranger.token);
  await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}, ${await userIdOf(cohost.email)}, 'cohost')`);
});
afterAll(async () => {
  await t?.close();
});

describe('check-in codes', () => {
  it('stores only a keyed hash of the code; the code finds its guest, a wrong code or another event\'s code does not', async () => {
    const guest = await comingGuest('Yael Mizrahi', 3);
    const code = await ensureCheckinCode(t.ctx, eventId, guest.id);
    expect(await ensureCheckinCode(t.ctx, eventId, guest.id)).toBe(code);
    const stored = (await t.ctx.db.execute(sql`select * from checkin_codes where guest_id = ${guest.id}`)).rows as Record<string, unknown>[];
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored[0]?.code_hash).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const res = await t.request('POST', `/checkin/${eventId}/scan`, { token: owner.token, body: { code } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ guestId: guest.id, fullName: 'Yael Mizrahi', expected: 3, table: null, arrived: false, arrivedPeople: 0 });

    const wrong = await t.request('POST', `/checkin/${eventId}/scan`, { token: owner.token, body: { code: `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}` } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().code).toBe('NOT_FOUND');

    const otherGuest = await comingGuest('Other Guest', 1, otherEventId, stranger.token);
    const otherCode = await ensureCheckinCode(t.ctx, otherEventId, otherGuest.id);
    expect((await t.request('POST', `/checkin/${eventId}/scan`, { token: owner.token, body: { code: otherCode } })).statusCode).toBe(404);
  });

  it('shows the table from the injected seating lookup, in the scan and the summary by table', async () => {
    const seatedEvent = await createEvent(t, owner.token);
    const near = await comingGuest('Table Twelve', 2, seatedEvent);
    const far = await comingGuest('No Table', 1, seatedEvent);
    const asked: string[][] = [];
    const deps = {
      lookupTables: async (id: string, guestIds: readonly string[]) => {
        expect(id).toBe(seatedEvent);
        asked.push([...guestIds]);
        return new Map([[near.id, { number: 12, name: 'Family' }]]);
      },
    };
    const code = await ensureCheckinCode(t.ctx, seatedEvent, near.id);
    expect(await checkin.scan(t.ctx, deps, seatedEvent, code)).toMatchObject({ guestId: near.id, table: { number: 12, name: 'Family' } });
    expect(asked).toEqual([[near.id]]);
    await checkin.recordArrival(t.ctx, deps, seatedEvent, near.id, 2);
    expect(await checkin.summarize(t.ctx, deps, seatedEvent)).toEqual({
      expected: 3,
      arrived: 2,
      byTable: [
        { table: { number: 12, name: 'Family' }, expected: 2, arrived: 2 },
        { table: null, expected: 1, arrived: 0 },
      ],
    });
    expect(far.id).toBeTruthy();
  });
});

describe('the guest\'s page', () => {
  it('shows a coming guest their check-in code and its QR, which scans to them; a guest not coming sees none', async () => {
    const coming = await comingGuest('Page Guest', 2);
    const html = (await t.app.inject({ method: 'GET', url: `/invite/${personalTokenOf(coming)}` })).body;
    const code = /data-checkin-code="([A-Za-z0-9_-]+)"/.exec(html)?.[1];
    expect(code).toBeTruthy();
    expect(html).toContain('<svg');
    expect(personalTokenOf(coming)).not.toBe(code);
    const scanned = await t.request('POST', `/checkin/${eventId}/scan`, { token: owner.token, body: { code } });
    expect(scanned.json()).toMatchObject({ guestId: coming.id, expected: 2 });

    // The directions page (the direction message's link) shows the same code.
    const directions = (await t.app.inject({ method: 'GET', url: `/navigate/${personalTokenOf(coming)}` })).body;
    expect(/data-checkin-code="([A-Za-z0-9_-]+)"/.exec(directions)?.[1]).toBe(code);

    const pending = await addGuest(t, owner.token, eventId, { fullName: 'Pending Guest' });
    const pendingHtml = (await t.app.inject({ method: 'GET', url: `/invite/${personalTokenOf(pending)}` })).body;
    expect(pendingHtml).not.toContain('data-checkin-code');
  });
});

describe('arrivals', () => {
  it('records arrival idempotently (the last count stands), undoes it, and sums by table', async () => {
    const before = (await t.request('GET', `/checkin/${eventId}/summary`, { token: owner.token })).json() as CheckinSummary;
    const a = await comingGuest('Avi Ben David', 4);
    const post = (people: number) => t.request('POST', `/checkin/${eventId}/arrivals`, { token: owner.token, body: { guestId: a.id, people } });

    const first = await post(4);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ guestId: a.id, arrived: true, arrivedPeople: 4, expected: 4 });
    // The offline queue sends it again, then the usher corrects the count: one row, the last count.
    expect((await post(4)).statusCode).toBe(200);
    expect((await post(3)).json()).toMatchObject({ arrived: true, arrivedPeople: 3 });
    const rows = (await t.ctx.db.execute(sql`select people from checkin_arrivals where guest_id = ${a.id}`)).rows;
    expect(rows).toEqual([{ people: 3 }]);

    const after = (await t.request('GET', `/checkin/${eventId}/summary`, { token: owner.token })).json() as CheckinSummary;
    expect(after.arrived - before.arrived).toBe(3);
    expect(after.expected - before.expected).toBe(4);
    expect(after.byTable.map((row) => row.table)).toEqual([null]);

    const undo = await t.request('DELETE', `/checkin/${eventId}/arrivals/${a.id}`, { token: owner.token });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json()).toMatchObject({ arrived: false, arrivedPeople: 0 });
    expect((await t.request('DELETE', `/checkin/${eventId}/arrivals/${a.id}`, { token: owner.token })).statusCode).toBe(200);
    const undone = (await t.request('GET', `/checkin/${eventId}/summary`, { token: owner.token })).json() as CheckinSummary;
    expect(undone.arrived).toBe(before.arrived);
  });

  it('refuses a guest of another event and a count out of range', async () => {
    const otherGuest = await comingGuest('Not Here', 2, otherEventId, stranger.token);
    const res = await t.request('POST', `/checkin/${eventId}/arrivals`, { token: owner.token, body: { guestId: otherGuest.id, people: 2 } });
    expect(res.statusCode).toBe(404);
    const a = await comingGuest('Range Test', 2);
    expect((await t.request('POST', `/checkin/${eventId}/arrivals`, { token: owner.token, body: { guestId: a.id, people: 51 } })).statusCode).toBe(400);
    expect((await t.request('POST', `/checkin/${eventId}/arrivals`, { token: owner.token, body: { guestId: a.id, people: -1 } })).statusCode).toBe(400);
  });

  it('adds a walk-in as a coming, arrived guest; the same phone again checks that guest in without a second guest', async () => {
    const body = { fullName: 'Walk In Family', phoneNumber: '052-555-0101', people: 2 };
    const res = await t.request('POST', `/checkin/${eventId}/walk-ins`, { token: owner.token, body });
    expect(res.statusCode, res.body).toBe(200);
    const guest = res.json() as CheckinGuest;
    expect(guest).toMatchObject({ fullName: 'Walk In Family', expected: 2, arrived: true, arrivedPeople: 2 });
    const again = await t.request('POST', `/checkin/${eventId}/walk-ins`, { token: owner.token, body: { ...body, people: 3 } });
    expect(again.json()).toMatchObject({ guestId: guest.guestId, arrivedPeople: 3 });
    const count = (await t.ctx.db.execute(sql`select count(*)::int as n from guests where event_id = ${eventId} and full_name = 'Walk In Family'`)).rows;
    expect(count).toEqual([{ n: 1 }]);
    const walkIn = (await t.ctx.db.execute(sql`select walk_in from checkin_arrivals where guest_id = ${guest.guestId}`)).rows;
    expect(walkIn).toEqual([{ walk_in: true }]);
  });

  it('holds walk-ins to the package cap, also in parallel; a guest already on the full list still checks in', async () => {
    const id = await createEvent(t, owner.token);
    const invited = await addGuest(t, owner.token, id, { fullName: 'Invited Guest', phoneNumber: '052-555-0301' });
    await setInviteeLimit(t, id, 3);
    const walkIns = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.request('POST', `/checkin/${id}/walk-ins`, { token: owner.token, body: { fullName: `Door Guest ${i}`, phoneNumber: `052-555-031${i}`, people: 1 } }),
      ),
    );
    const codes = walkIns.map((res) => (res.statusCode === 200 ? 'ok' : (res.json() as { code: string }).code));
    expect(codes.filter((code) => code === 'ok')).toHaveLength(2);
    expect(codes.filter((code) => code === 'INVITEE_LIMIT_REACHED')).toHaveLength(4);
    expect(walkIns.find((res) => res.statusCode !== 200)?.statusCode).toBe(409);
    const count = (await t.ctx.db.execute(sql`select count(*)::int as n from guests where event_id = ${id}`)).rows;
    expect(count).toEqual([{ n: 3 }]);
    // The list is full, but the invited guest's phone at the door is that guest arriving, not a new one.
    const known = await t.request('POST', `/checkin/${id}/walk-ins`, { token: owner.token, body: { fullName: 'Invited Guest', phoneNumber: '052-555-0301', people: 2 } });
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json()).toMatchObject({ guestId: invited.id, arrived: true, arrivedPeople: 2 });
  });

  it('finds guests by name, and by phone for a host', async () => {
    const g = await addGuest(t, owner.token, eventId, { fullName: 'Shira Peretz', phoneNumber: '054-777-1234' });
    const byName = await t.request('GET', `/checkin/${eventId}/search?q=${encodeURIComponent('shira')}`, { token: owner.token });
    expect(byName.statusCode, byName.body).toBe(200);
    expect((byName.json() as { guests: CheckinGuest[] }).guests.map((x) => x.guestId)).toEqual([g.id]);
    const byPhone = await t.request('GET', `/checkin/${eventId}/search?q=0547771234`, { token: owner.token });
    expect((byPhone.json() as { guests: CheckinGuest[] }).guests.map((x) => x.guestId)).toEqual([g.id]);
  });
});

describe('usher links', () => {
  it('opens only this event\'s door, shows no phones or answers, and a phone search finds nothing', async () => {
    const link = await makeUsher();
    expect(link.url).toContain(`/event/${eventId}/check-in#usher=`);
    const token = usherTokenOf(link);
    const stored = JSON.stringify((await t.ctx.db.execute(sql`select * from checkin_ushers where id = ${link.id}`)).rows);
    expect(stored).not.toContain(token);

    const g = await addGuest(t, owner.token, eventId, { fullName: 'Moshe Usher-Test', phoneNumber: '053-888-4321', comments: 'secret note' });
    await setGuestAnswer(t, g.id, 'approved', 2);
    const code = await ensureCheckinCode(t.ctx, eventId, g.id);
    const scanned = await asUsher(token, 'POST', `/checkin/${eventId}/scan`, { code });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const searched = await asUsher(token, 'GET', `/checkin/${eventId}/search?q=Usher-Test`);
    expect(searched.statusCode).toBe(200);
    const summary = await asUsher(token, 'GET', `/checkin/${eventId}/summary`);
    expect(summary.statusCode).toBe(200);
    const context = await asUsher(token, 'GET', `/checkin/${eventId}`);
    expect(context.json()).toMatchObject({ role: 'usher' });
    for (const res of [scanned, searched, summary, context]) {
      expect(res.body).not.toMatch(/phone|\+972|538884321|secret note|comments|answer/i);
    }
    expect((await asUsher(token, 'GET', `/checkin/${eventId}/search?q=0538884321`)).json()).toEqual({ guests: [] });
    const arrived = await asUsher(token, 'POST', `/checkin/${eventId}/arrivals`, { guestId: g.id, people: 2 });
    expect(arrived.statusCode, arrived.body).toBe(200);

    // Another event, the owner's own pages, and making more links stay shut.
    expect((await asUsher(token, 'GET', `/checkin/${otherEventId}/summary`)).json().code).toBe('INVALID_TOKEN');
    expect((await asUsher(token, 'GET', `/guests/list/${eventId}`)).statusCode).toBe(401);
    expect((await asUsher(token, 'POST', `/checkin/${eventId}/ushers`)).statusCode).toBe(401);
  });

  it('can be revoked', async () => {
    const link = await makeUsher();
    const token = usherTokenOf(link);
    expect((await asUsher(token, 'GET', `/checkin/${eventId}/summary`)).statusCode).toBe(200);
    expect((await t.request('DELETE', `/checkin/${eventId}/ushers/${link.id}`, { token: owner.token })).json()).toEqual({ ok: true });
    const after = await asUsher(token, 'GET', `/checkin/${eventId}/summary`);
    expect(after.statusCode).toBe(400);
    expect(after.json().code).toBe('INVALID_TOKEN');
    const listed = (await t.request('GET', `/checkin/${eventId}/ushers`, { token: owner.token })).json() as { ushers: { id: string; revoked: boolean }[] };
    expect(listed.ushers.find((u) => u.id === link.id)?.revoked).toBe(true);
  });

  it('expires at the end of the day after the event, Asia/Jerusalem', async () => {
    const dated = await createEvent(t, owner.token);
    await t.ctx.db.execute(sql`update events set date = '2026-03-10' where id = ${dated}`);
    const link = await makeUsher(dated);
    // 12 March 00:00 in Jerusalem (winter time, UTC+2).
    expect(link.expiresAt).toBe('2026-03-11T22:00:00.000Z');
    const token = usherTokenOf(link);
    // The clock is the database's: a date two days ago has already expired.
    await t.ctx.db.execute(sql`update events set date = (now() at time zone 'Asia/Jerusalem')::date - 2 where id = ${dated}`);
    const expired = await makeUsher(dated);
    expect((await asUsher(usherTokenOf(expired), 'GET', `/checkin/${dated}/summary`)).json().code).toBe('INVALID_TOKEN');
    expect((await asUsher(token, 'GET', `/checkin/${dated}/summary`)).json().code).toBe('INVALID_TOKEN');
    await t.ctx.db.execute(sql`update events set date = (now() at time zone 'Asia/Jerusalem')::date - 1 where id = ${dated}`);
    const lastDay = await makeUsher(dated);
    expect((await asUsher(usherTokenOf(lastDay), 'GET', `/checkin/${dated}/summary`)).statusCode).toBe(200);
  });
});

describe('who may open the door', () => {
  it('host and co-host in; stranger NOT_FOUND; no session 401; removed co-host NOT_FOUND; only the owner makes usher links', async () => {
    const g = await comingGuest('Access Matrix', 1);
    const routes = [
      ['GET', `/checkin/${eventId}`, undefined],
      ['POST', `/checkin/${eventId}/scan`, { code: 'nope-nope-nope' }],
      ['GET', `/checkin/${eventId}/search?q=a`, undefined],
      ['POST', `/checkin/${eventId}/arrivals`, { guestId: g.id, people: 1 }],
      ['DELETE', `/checkin/${eventId}/arrivals/${g.id}`, undefined],
      ['POST', `/checkin/${eventId}/walk-ins`, { fullName: 'X Y', phoneNumber: '052-555-0199', people: 1 }],
      ['GET', `/checkin/${eventId}/summary`, undefined],
    ] as const;
    const statusFor = async (token: string | undefined) =>
      Promise.all(routes.map(async ([method, url, body]) => (await t.request(method, url, { ...(token ? { token } : {}), ...(body ? { body } : {}) })).statusCode));
    // The scan of a made-up code is NOT_FOUND for everyone let in; every other route answers 200.
    expect(await statusFor(owner.token)).toEqual([200, 404, 200, 200, 200, 200, 200]);
    expect(await statusFor(cohost.token)).toEqual([200, 404, 200, 200, 200, 200, 200]);
    expect(await statusFor(stranger.token)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(await statusFor(undefined)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    // The stranger's NOT_FOUND is the event's, never the guest's: nothing recorded.
    expect((await t.ctx.db.execute(sql`select count(*)::int as n from guests where phone_number like '%525550199' and event_id = ${eventId}`)).rows).toEqual([{ n: 1 }]);

    expect((await t.request('POST', `/checkin/${eventId}/ushers`, { token: cohost.token })).statusCode).toBe(403);
    expect((await t.request('POST', `/checkin/${eventId}/ushers`, { token: stranger.token })).statusCode).toBe(404);

    const removed = await signUpHost(t, { fullName: 'Removed Cohost' });
    const removedId = await userIdOf(removed.email);
    await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}, ${removedId}, 'cohost')`);
    expect((await t.request('GET', `/checkin/${eventId}/summary`, { token: removed.token })).statusCode).toBe(200);
    await t.ctx.db.execute(sql`delete from event_members where event_id = ${eventId} and user_id = ${removedId}`);
    expect(await statusFor(removed.token)).toEqual([404, 404, 404, 404, 404, 404, 404]);
  });
});
