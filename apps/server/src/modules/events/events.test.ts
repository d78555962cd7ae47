import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { EVENT_IMAGE_MAX_BYTES, INVITEE_STATUSES, SPECIAL_MEALS } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { events, guests } from '../../db/schema/events.js';
import { createEvent, eventInput, inDays, KNOWN_PLACE, OTHER_PLACE, sendMultipart, useFakePlaces } from './event-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
});
afterAll(async () => {
  await t?.close();
});

let phoneCounter = 0;
const addGuest = async (eventId: string, values: Partial<typeof guests.$inferInsert> = {}) => {
  phoneCounter += 1;
  await t.ctx.db.insert(guests).values({
    eventId,
    fullName: `Guest ${phoneCounter}`,
    phoneNumber: `+97250${String(1_000_000 + phoneCounter).slice(-7)}`,
    lang: 'he',
    ...values,
  });
};

const pngOf = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 60, b: 200 } } }).png().toBuffer();

describe('create an event', () => {
  it('creates from a JSON body, resolves the place, keeps names of its languages only and switches the guide tour on', async () => {
    const { token } = await signUpHost(t);
    expect((await t.request('GET', '/user/me', { token })).json().userData.guideTour).toBe(false);

    const res = await t.request('POST', '/event/newEvent', {
      token,
      body: eventInput({
        names: { he: 'החתונה', en: 'The wedding', ru: 'Свадьба' },
        // Whatever the client claims about the place, the provider's answer is stored.
        location: { placeId: KNOWN_PLACE.placeId, name: 'אולם גן אורנים', address: 'Fake 1', lat: 1, lng: 2 },
      }),
    });
    expect(res.statusCode).toBe(200);
    const event = res.json();
    expect(event).toMatchObject({
      names: { he: 'החתונה', en: 'The wedding' },
      date: inDays(60),
      time: '19:30',
      rsvpStartDate: inDays(40),
      // The typed name is the venue; the place keeps its own name, so the first shape's address holds both.
      location: {
        placeId: KNOWN_PLACE.placeId,
        name: 'אולם גן אורנים',
        address: `${KNOWN_PLACE.name}, ${KNOWN_PLACE.address}`,
        lat: KNOWN_PLACE.lat,
        lng: KNOWN_PLACE.lng,
        venue: { he: 'אולם גן אורנים' },
        place: { name: { he: KNOWN_PLACE.name, en: KNOWN_PLACE.name } },
      },
      defaultLang: 'he',
      langs: ['he', 'en'],
      meals: { ask: 'some_guests', options: ['vegetarian', 'vegan'] },
      progressStatus: 0,
      orderPackageId: null,
      imageUrl: null,
      imageSizes: null,
      guestCount: 0,
      inviteeCount: 0,
      role: 'owner',
      messageSystemPreference: 3,
    });
    expect(event.names.ru).toBeUndefined();
    expect(Object.keys(event.statusCounts).sort()).toEqual([...INVITEE_STATUSES].sort());

    expect((await t.request('GET', '/user/me', { token })).json().userData.guideTour).toBe(true);
    const [member] = (await t.ctx.database.pool.query('select role from event_members where event_id = $1', [event.id])).rows;
    expect(member).toEqual({ role: 'owner' });
  });

  it('names the location by the place when the host typed no venue', async () => {
    const { token } = await signUpHost(t);
    const res = await t.request('POST', '/event/newEvent', { token, body: eventInput({ location: { placeId: OTHER_PLACE.placeId } }) });
    expect(res.json().location).toMatchObject({ ...OTHER_PLACE, venue: {} });
  });

  it('creates from a multipart body without an image', async () => {
    const { token } = await signUpHost(t);
    const res = await sendMultipart(t, 'POST', '/event/newEvent', [{ name: 'data', value: JSON.stringify(eventInput()) }], token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ time: '19:30', imageUrl: null });
  });

  it('refuses a multipart body on a route that takes only JSON, as an unsupported type', async () => {
    const { token } = await signUpHost(t);
    const created = (await t.request('POST', '/event/newEvent', { token, body: eventInput() })).json();
    const res = await sendMultipart(t, 'POST', `/guests/new/${created.id}`, [{ name: 'data', value: '{}' }], token);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('refuses a multipart body without data or with data that is not JSON', async () => {
    const { token } = await signUpHost(t);
    const none = await sendMultipart(t, 'POST', '/event/newEvent', [{ name: 'other', value: 'x' }], token);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'data', message: 'validation.required' }] });
    const broken = await sendMultipart(t, 'POST', '/event/newEvent', [{ name: 'data', value: '{"names":' }], token);
    expect(broken.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'data', message: 'validation.invalidValue' }] });
  });

  it('validates the data part with the shared schema, naming the fields like a JSON body does', async () => {
    const { token } = await signUpHost(t);
    const body = eventInput({ meals: { ask: 'all_guests', options: ['vegan'] } });
    const viaJson = await t.request('POST', '/event/newEvent', { token, body });
    const viaMultipart = await sendMultipart(t, 'POST', '/event/newEvent', [{ name: 'data', value: JSON.stringify(body) }], token);
    for (const res of [viaJson, viaMultipart]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual({ path: 'meals.options', message: 'validation.minMealOptions?num=2' });
    }
  });

  it('refuses a default language without a name, and a default language outside the event languages', async () => {
    const { token } = await signUpHost(t);
    const noName = await t.request('POST', '/event/newEvent', { token, body: eventInput({ names: { en: 'Wedding' } }) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().issues).toContainEqual({ path: 'names.he', message: 'validation.eventNameRequired' });
    const outside = await t.request('POST', '/event/newEvent', { token, body: eventInput({ langs: ['en'] }) });
    expect(outside.json().issues).toContainEqual({ path: 'defaultLang', message: 'validation.defaultLangNotInLangs' });
  });

  it.each([
    ['a past date', { date: inDays(-1), rsvpStartDate: inDays(-5) }, 'EVENT_DATE_PASSED', 'date', 'validation.eventDatePassed'],
    ['a date too close to order', { date: inDays(2), rsvpStartDate: inDays(1) }, 'EVENT_DATE_TOO_CLOSE', 'date', 'validation.eventDateTooClose?num=3'],
    ['an RSVP start in the past', { rsvpStartDate: inDays(-1) }, 'RSVP_START_DATE_PASSED', 'rsvpStartDate', 'validation.rsvpStartDatePassed'],
    ['an RSVP start after the event', { rsvpStartDate: inDays(61) }, 'RSVP_START_AFTER_EVENT', 'rsvpStartDate', 'validation.rsvpStartAfterEvent'],
  ] as const)('refuses %s', async (_name, dates, code, path, message) => {
    const { token } = await signUpHost(t);
    const res = await t.request('POST', '/event/newEvent', { token, body: eventInput(dates) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, issues: [{ path, message }] });
  });

  it('accepts the first day far enough to order, with invitations from today', async () => {
    const { token } = await signUpHost(t);
    const res = await t.request('POST', '/event/newEvent', { token, body: eventInput({ date: inDays(3), rsvpStartDate: inDays(0) }) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a place id that did not come from the suggestions, and does not switch the guide tour on', async () => {
    const { token } = await signUpHost(t);
    const res = await t.request('POST', '/event/newEvent', { token, body: eventInput({ location: { placeId: 'made-up', name: 'My garden' } }) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'LOCATION_NOT_FOUND', issues: [{ path: 'location', message: 'validation.chooseLocation' }] });
    expect((await t.request('GET', '/user/me', { token })).json().userData.guideTour).toBe(false);
    expect((await t.request('GET', '/event/fetchEvents', { token })).json()).toEqual([]);
  });

  it('answers PLACES_UNAVAILABLE when the provider fails', async () => {
    const { token } = await signUpHost(t);
    const places = t.ctx.places;
    t.ctx.places = { ...places, details: async () => Promise.reject(new Error('socket hang up')) };
    try {
      const res = await t.request('POST', '/event/newEvent', { token, body: eventInput() });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PLACES_UNAVAILABLE');
    } finally {
      t.ctx.places = places;
    }
  });

  it('answers EVENT_CREATE_FAILED when the event cannot be stored', async () => {
    const { token } = await signUpHost(t);
    // The schema lets nothing through that the table refuses, so a trigger stands in for a failing insert.
    await t.ctx.database.pool.query(`create or replace function magiim_test_refuse() returns trigger language plpgsql as $$
      begin if new.time = '06:06' then raise exception 'refused'; end if; return new; end $$`);
    await t.ctx.database.pool.query('create trigger magiim_test_refuse before insert on events for each row execute function magiim_test_refuse()');
    try {
      const res = await t.request('POST', '/event/newEvent', { token, body: eventInput({ time: '06:06' }) });
      expect(res.statusCode).toBe(500);
      expect(res.json().code).toBe('EVENT_CREATE_FAILED');
      expect((await t.request('GET', '/user/me', { token })).json().userData.guideTour).toBe(false);
    } finally {
      await t.ctx.database.pool.query('drop trigger magiim_test_refuse on events');
    }
  });

  it('refuses an image over the size limit with IMAGE_TOO_LARGE', async () => {
    const { token } = await signUpHost(t);
    const res = await sendMultipart(
      t,
      'POST',
      '/event/newEvent',
      [
        { name: 'data', value: JSON.stringify(eventInput()) },
        { name: 'image', value: Buffer.alloc(EVENT_IMAGE_MAX_BYTES + 1, 1), filename: 'big.png', contentType: 'image/png' },
      ],
      token,
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('IMAGE_TOO_LARGE');
  });
});

describe('list and read events', () => {
  it("lists the caller's events, the latest date first, with guest counts from one grouped query", async () => {
    const { token } = await signUpHost(t);
    const early = await createEvent(t, token, { date: inDays(20), rsvpStartDate: inDays(5) });
    const late = await createEvent(t, token, { date: inDays(90), rsvpStartDate: inDays(30) });
    const middle = await createEvent(t, token, { date: inDays(45), rsvpStartDate: inDays(30) });
    await addGuest(late, { countOfInvites: 3 });
    await addGuest(late, { countOfInvites: 2, status: 'approved', attending: 2 });
    await addGuest(late, { countOfInvites: 1, status: 'declined' });
    await addGuest(middle, { countOfInvites: 4, status: 'approved' });
    // Another host's event never shows.
    const other = await signUpHost(t);
    await createEvent(t, other.token);

    const res = await t.request('GET', '/event/fetchEvents', { token });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((e: { id: string }) => e.id)).toEqual([late, middle, early]);
    expect(list[0]).toMatchObject({ guestCount: 3, inviteeCount: 6, statusCounts: { pending: 1, approved: 1, declined: 1, maybe: 0 } });
    expect(list[1]).toMatchObject({ guestCount: 1, inviteeCount: 4, statusCounts: { approved: 1, pending: 0 } });
    expect(list[2]).toMatchObject({ guestCount: 0, inviteeCount: 0 });
    expect(list[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const one = await t.request('GET', `/event/${late}`, { token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(list[0]);
  });

  it('answers an empty list to a host without events', async () => {
    const { token } = await signUpHost(t);
    expect((await t.request('GET', '/event/fetchEvents', { token })).json()).toEqual([]);
  });

  it('lists the special meals', async () => {
    const { token } = await signUpHost(t);
    const res = await t.request('GET', '/meals/all', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([...SPECIAL_MEALS]);
    expect((await t.request('GET', '/meals/all')).statusCode).toBe(401);
  });
});

describe('edit an event', () => {
  it('changes only the fields sent (JSON and multipart alike)', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const res = await sendMultipart(t, 'POST', `/event/editEvent/${id}`, [{ name: 'data', value: JSON.stringify({ time: '20:15' }) }], token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ time: '20:15', date: inDays(60), names: { he: 'החתונה של נועה ודני' } });

    const json = await t.request('POST', `/event/editEvent/${id}`, {
      token,
      body: { transport: { ask: 'all_guests', options: ['Bus from Tel Aviv'] }, includeCallsPreference: true },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ time: '20:15', transport: { ask: 'all_guests', options: ['Bus from Tel Aviv'] }, includeCallsPreference: true });
  });

  it('drops names of removed languages and refuses a merged result whose default language has no name', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const fewer = await t.request('POST', `/event/editEvent/${id}`, { token, body: { langs: ['he'] } });
    expect(fewer.statusCode).toBe(200);
    expect(fewer.json()).toMatchObject({ langs: ['he'], names: { he: 'החתונה של נועה ודני' } });
    expect(fewer.json().names.en).toBeUndefined();

    // English back as the default, but its name went with it.
    const noName = await t.request('POST', `/event/editEvent/${id}`, { token, body: { langs: ['he', 'en'], defaultLang: 'en' } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'names.en', message: 'validation.eventNameRequired' }] });
    const notInLangs = await t.request('POST', `/event/editEvent/${id}`, { token, body: { defaultLang: 'ru', names: { ru: 'Свадьба' } } });
    expect(notInLangs.json().issues).toContainEqual({ path: 'defaultLang', message: 'validation.defaultLangNotInLangs' });
  });

  it('refuses removing a language guests use (LANGUAGE_IN_USE) and names it as non-removable', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token, { langs: ['he', 'en', 'ar'], names: { he: 'חתונה', en: 'Wedding', ar: 'زفاف' } });
    await addGuest(id, { lang: 'en' });
    await addGuest(id, { lang: 'he' });

    const languages = await t.request('GET', `/event/non-removable-languages/${id}`, { token });
    expect(languages.statusCode).toBe(200);
    expect([...languages.json()].sort()).toEqual(['en', 'he']);

    const res = await t.request('POST', `/event/editEvent/${id}`, { token, body: { langs: ['he', 'ar'] } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LANGUAGE_IN_USE', issues: [{ path: 'langs' }] });
    const unused = await t.request('POST', `/event/editEvent/${id}`, { token, body: { langs: ['he', 'en'] } });
    expect(unused.statusCode).toBe(200);
  });

  it('answers the default language as non-removable even without guests', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token, { defaultLang: 'en' });
    expect((await t.request('GET', `/event/non-removable-languages/${id}`, { token })).json()).toEqual(['en']);
  });

  it('checks only the dates being changed, and a new date against the RSVP start already set', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    // A stored date that has since passed does not block other edits.
    await t.ctx.db.update(events).set({ date: inDays(-3), rsvpStartDate: inDays(-10) }).where(eq(events.id, id));
    expect((await t.request('POST', `/event/editEvent/${id}`, { token, body: { time: '18:00' } })).statusCode).toBe(200);

    const passed = await t.request('POST', `/event/editEvent/${id}`, { token, body: { date: inDays(-1) } });
    expect(passed.json()).toMatchObject({ code: 'EVENT_DATE_PASSED', issues: [{ path: 'date' }] });
    const close = await t.request('POST', `/event/editEvent/${id}`, { token, body: { date: inDays(1) } });
    expect(close.json().code).toBe('EVENT_DATE_TOO_CLOSE');

    await t.ctx.db.update(events).set({ date: inDays(60), rsvpStartDate: inDays(40) }).where(eq(events.id, id));
    const beforeRsvp = await t.request('POST', `/event/editEvent/${id}`, { token, body: { date: inDays(30) } });
    expect(beforeRsvp.statusCode).toBe(400);
    expect(beforeRsvp.json()).toMatchObject({ code: 'RSVP_START_AFTER_EVENT', issues: [{ path: 'rsvpStartDate' }] });
    const both = await t.request('POST', `/event/editEvent/${id}`, { token, body: { date: inDays(30), rsvpStartDate: inDays(14) } });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toMatchObject({ date: inDays(30), rsvpStartDate: inDays(14) });
    const rsvpAfter = await t.request('POST', `/event/editEvent/${id}`, { token, body: { rsvpStartDate: inDays(31) } });
    expect(rsvpAfter.json().code).toBe('RSVP_START_AFTER_EVENT');
  });

  it('renames the venue without a lookup, and resolves a new place', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const renamed = await t.request('POST', `/event/editEvent/${id}`, { token, body: { location: { placeId: KNOWN_PLACE.placeId, name: 'The garden hall' } } });
    expect(renamed.json().location).toMatchObject({
      placeId: KNOWN_PLACE.placeId,
      name: 'The garden hall',
      address: `${KNOWN_PLACE.name}, ${KNOWN_PLACE.address}`,
      venue: { he: 'The garden hall' },
    });
    const moved = await t.request('POST', `/event/editEvent/${id}`, { token, body: { location: { placeId: OTHER_PLACE.placeId } } });
    expect(moved.json().location).toMatchObject({ ...OTHER_PLACE, venue: {} });
    const unknown = await t.request('POST', `/event/editEvent/${id}`, { token, body: { location: { placeId: 'nowhere' } } });
    expect(unknown.json().code).toBe('LOCATION_NOT_FOUND');
  });

  it('refuses meals asked with fewer than two options', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const res = await t.request('POST', `/event/editEvent/${id}`, { token, body: { meals: { ask: 'all_guests', options: ['glatt'] } } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'meals.options', message: 'validation.minMealOptions?num=2' });
  });
});

describe('event settings', () => {
  it('sets the invitation date with the same rules', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const ok = await t.request('POST', `/event/${id}/updateInvitationDate`, { token, body: { date: inDays(46) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().rsvpStartDate).toBe(inDays(46));
    const passed = await t.request('POST', `/event/${id}/updateInvitationDate`, { token, body: { date: inDays(-1) } });
    expect(passed.json()).toMatchObject({ code: 'RSVP_START_DATE_PASSED', issues: [{ path: 'rsvpStartDate', message: 'validation.rsvpStartDatePassed' }] });
    const after = await t.request('POST', `/event/${id}/updateInvitationDate`, { token, body: { date: inDays(61) } });
    expect(after.json().code).toBe('RSVP_START_AFTER_EVENT');
    const invalid = await t.request('POST', `/event/${id}/updateInvitationDate`, { token, body: { date: '2026-02-30' } });
    expect(invalid.json().issues).toContainEqual({ path: 'date', message: 'validation.invalidDate' });
  });

  it('sets the calls preference and the message channel', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const calls = await t.request('POST', `/event/includeCallsPreference/${id}`, { token, body: { includeCalls: true } });
    expect(calls.json().includeCallsPreference).toBe(true);
    const sms = await t.request('POST', `/event/setMessageSystemPreference/${id}`, { token, body: { messageSystem: 1 } });
    expect(sms.json().messageSystemPreference).toBe(1);
    const call = await t.request('POST', `/event/setMessageSystemPreference/${id}`, { token, body: { messageSystem: 2 } });
    expect(call.statusCode).toBe(400);
    expect((await t.request('GET', `/event/${id}`, { token })).json()).toMatchObject({ includeCallsPreference: true, messageSystemPreference: 1 });
  });
});

describe('delete an event', () => {
  it('deletes an unpaid event with its guests', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    await addGuest(id);
    const res = await t.request('DELETE', `/event/${id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.request('GET', `/event/${id}`, { token })).statusCode).toBe(404);
    const left = await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(guests).where(eq(guests.eventId, id));
    expect(left[0]?.n).toBe(0);
  });

  it('refuses a paid or started event', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    await t.ctx.db.update(events).set({ progressStatus: 1 }).where(eq(events.id, id));
    const res = await t.request('DELETE', `/event/${id}`, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PAID_EVENT_NOT_DELETABLE');
    expect((await t.request('GET', `/event/${id}`, { token })).statusCode).toBe(200);
  });
});

describe('guide tour', () => {
  it('is switched off and on by the host', async () => {
    const { token } = await signUpHost(t);
    await createEvent(t, token);
    const off = await t.request('PUT', '/user/guide-tour', { token, body: { on: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().userData.guideTour).toBe(false);
    expect((await t.request('GET', '/user/me', { token })).json().userData.guideTour).toBe(false);
    const on = await t.request('PUT', '/user/guide-tour', { token, body: { on: true } });
    expect(on.json().userData.guideTour).toBe(true);
    expect((await t.request('PUT', '/user/guide-tour', { token, body: { on: 'yes' } })).statusCode).toBe(400);
    expect((await t.request('PUT', '/user/guide-tour', { body: { on: true } })).statusCode).toBe(401);
  });

  it('comes with the sign-in answer', async () => {
    const { email, token } = await signUpHost(t);
    await createEvent(t, token);
    const login = await t.request('POST', '/auth/login', { body: { email, password: 'Chuppah-2026' } });
    expect(login.json().userData.guideTour).toBe(true);
  });
});

describe('invitation image', () => {
  it('stores an uploaded PNG, serves its renditions, replaces it and deletes it', async () => {
    const { token } = await signUpHost(t);
    const created = await sendMultipart(
      t,
      'POST',
      '/event/newEvent',
      [
        { name: 'data', value: JSON.stringify(eventInput()) },
        { name: 'image', value: await pngOf(1600, 1200), filename: 'invitation.png', contentType: 'image/png' },
      ],
      token,
    );
    expect(created.statusCode).toBe(200);
    const event = created.json();
    expect(event.imageUrl).toMatch(/^\/media\//);
    expect(Object.keys(event.imageSizes ?? {}).length).toBeGreaterThan(0);
    for (const url of [event.imageUrl, ...Object.values(event.imageSizes as Record<string, string>)]) {
      const file = await t.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
    }

    const replaced = await sendMultipart(
      t,
      'POST',
      `/event/editEvent/${event.id}`,
      [{ name: 'image', value: await pngOf(800, 800), filename: 'second.png', contentType: 'image/png' }],
      token,
    );
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().imageUrl).not.toBe(event.imageUrl);
    expect((await t.app.inject({ method: 'GET', url: event.imageUrl })).statusCode).toBe(404);

    const removed = await t.request('DELETE', `/event/deleteImage/${event.id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ imageUrl: null, imageSizes: null });
    expect((await t.app.inject({ method: 'GET', url: replaced.json().imageUrl })).statusCode).toBe(404);
  });

  it('refuses a file that is not an image', async () => {
    const { token } = await signUpHost(t);
    const res = await sendMultipart(
      t,
      'POST',
      '/event/newEvent',
      [
        { name: 'data', value: JSON.stringify(eventInput()) },
        { name: 'image', value: Buffer.from('not an image at all'), filename: 'x.png', contentType: 'image/png' },
      ],
      token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_IMAGE');
    expect((await t.request('GET', '/event/fetchEvents', { token })).json()).toEqual([]);
  });

  it('leaves an edit undone when its image is refused', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const res = await sendMultipart(
      t,
      'POST',
      `/event/editEvent/${id}`,
      [
        { name: 'data', value: JSON.stringify({ time: '21:00' }) },
        { name: 'image', value: Buffer.from('GIF89a not really'), filename: 'x.gif', contentType: 'image/gif' },
      ],
      token,
    );
    expect(res.json().code).toBe('INVALID_IMAGE');
    expect((await t.request('GET', `/event/${id}`, { token })).json()).toMatchObject({ time: '19:30', imageUrl: null });
  });

  it('deletes the image files with the event', async () => {
    const { token } = await signUpHost(t);
    const created = await sendMultipart(
      t,
      'POST',
      '/event/newEvent',
      [
        { name: 'data', value: JSON.stringify(eventInput()) },
        { name: 'image', value: await pngOf(600, 400), filename: 'x.png', contentType: 'image/png' },
      ],
      token,
    );
    const { id, imageUrl } = created.json();
    expect((await t.request('DELETE', `/event/${id}`, { token })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
  });

  it('answers an event without an image to a delete of its image', async () => {
    const { token } = await signUpHost(t);
    const id = await createEvent(t, token);
    const res = await t.request('DELETE', `/event/deleteImage/${id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, imageUrl: null });
  });
});
