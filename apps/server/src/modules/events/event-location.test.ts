import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, InvitePageDto, Lang } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import type { PlacesProvider } from '../../providers/places/index.js';
import { addGuest } from '../guests/guest-test-kit.js';
import { answer, openPage, personalTokenOf } from '../invitations/invite-test-kit.js';
import { createEvent, eventInput } from './event-test-kit.js';

/**
 * The venue (the hall, per event language) and the place (the city, per language from the places provider)
 * are two fields: both reach the event, the guest page (JSON and HTML), the calendar file and the map links.
 */

const RISHON = 'il-rishon';
const RISHON_NAMES: Record<Lang, string> = { he: 'ראשון לציון', en: 'Rishon LeZion', ru: 'Ришон-ле-Цион', ar: 'ريشون لتسيون' };
const SHFELA: Record<Lang, string> = { he: 'השפלה, ישראל', en: 'Shfela, Israel', ru: 'Шфела, Израиль', ar: 'السهل الساحلي، إسرائيل' };
const VENUE_HE = 'אולמי "הגן הקסום"';
/** A hall the provider knows by name (Google answers an event venue with its city). */
const HALL = 'place-hall';
const HALL_NAMES: Record<Lang, string> = { he: 'אולמי הגן הקסום', en: 'Magic Garden Halls', ru: 'Залы Волшебный сад', ar: 'قاعات الحديقة السحرية' };

let t: TestApp;
let host: string;
const asked: Lang[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const places: PlacesProvider = {
    name: 'test-localities',
    suggest: async () => [],
    details: async (placeId, lang) => {
      asked.push(lang);
      if (placeId === HALL) return { placeId, name: RISHON_NAMES[lang], venue: HALL_NAMES[lang], address: SHFELA[lang], lat: 31.99, lng: 34.77 };
      return placeId === RISHON ? { placeId, name: RISHON_NAMES[lang], address: SHFELA[lang], lat: 31.973, lng: 34.792 } : null;
    },
  };
  t.ctx.places = places;
  host = (await signUpHost(t)).token;
});
afterAll(async () => {
  await t?.close();
});

const getEvent = async (eventId: string, token = host): Promise<EventDto> => (await t.request('GET', `/event/${eventId}`, { token })).json() as EventDto;
const html = async (path: string) => (await t.app.inject({ method: 'GET', url: path })).body;

const eventWithVenue = async () =>
  createEvent(t, host, {
    langs: ['he', 'en', 'ar'],
    names: { he: 'החתונה', en: 'The wedding', ar: 'الزفاف' },
    location: { placeId: RISHON, venue: { he: VENUE_HE, en: 'Magic Garden Halls' } },
  });

describe('the venue and the place', () => {
  it('keeps the venue per language and the city per language from the provider, each event language asked', async () => {
    asked.length = 0;
    const eventId = await eventWithVenue();
    expect(asked.sort()).toEqual(['ar', 'en', 'he']);
    const event = await getEvent(eventId);
    expect(event.location).toMatchObject({
      placeId: RISHON,
      venue: { he: VENUE_HE, en: 'Magic Garden Halls' },
      place: {
        name: { he: RISHON_NAMES.he, en: RISHON_NAMES.en, ar: RISHON_NAMES.ar },
        address: { he: SHFELA.he, en: SHFELA.en, ar: SHFELA.ar },
      },
      // The first shape, for the mobile app: the default language's venue, then the city and the region.
      name: VENUE_HE,
      address: `${RISHON_NAMES.he}, ${SHFELA.he}`,
    });
  });

  it('shows the venue and the city on the guest page in each language (JSON and HTML)', async () => {
    const eventId = await eventWithVenue();
    const guest = await addGuest(t, host, eventId, { fullName: 'Dana Levi', lang: 'en' });
    const invite = personalTokenOf(guest);

    const en = await openPage(t, invite, '?lang=en');
    expect(en.event.location).toMatchObject({ venue: 'Magic Garden Halls', place: RISHON_NAMES.en, placeAddress: SHFELA.en });
    // Arabic has no venue of its own: the default language's venue, and the city in Arabic.
    const ar: InvitePageDto = await openPage(t, invite, '?lang=ar');
    expect(ar.event.location).toMatchObject({ venue: VENUE_HE, place: RISHON_NAMES.ar, placeAddress: SHFELA.ar, name: VENUE_HE });

    const page = await html(`/invite/${invite}?lang=en`);
    expect(page).toContain('<bdi>Magic Garden Halls</bdi>');
    expect(page).toContain(`<bdi>${RISHON_NAMES.en}</bdi>`);
    const arabic = await html(`/invite/${invite}?lang=ar`);
    // The Hebrew venue is isolated inside the Arabic page, its quotation marks escaped and kept.
    expect(arabic).toContain('<bdi>אולמי &quot;הגן הקסום&quot;</bdi>');
    expect(arabic).toContain(`<bdi>${RISHON_NAMES.ar}</bdi>`);
  });

  it('writes the venue and the city into the calendar file', async () => {
    const eventId = await eventWithVenue();
    const guest = await addGuest(t, host, eventId, { fullName: 'Dana Levi' });
    const ics = (await html(`/invite/${personalTokenOf(guest)}/calendar.ics?lang=en`)).replace(/\r\n /g, '');
    expect(ics).toContain(`LOCATION:Magic Garden Halls\\, ${RISHON_NAMES.en}\\, Shfela\\, Israel`);
    const he = (await html(`/invite/${personalTokenOf(guest)}/calendar.ics?lang=he`)).replace(/\r\n /g, '');
    expect(he).toContain(`LOCATION:${VENUE_HE}\\, ${RISHON_NAMES.he}\\, השפלה\\, ישראל`);
  });

  it('edits the venue without losing the city, and looks the place up again for a new language', async () => {
    const eventId = await eventWithVenue();
    const edited = await t.request('POST', `/event/editEvent/${eventId}`, { token: host, body: { location: { placeId: RISHON, venue: { he: 'גן אורנים' } } } });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as EventDto).location).toMatchObject({ venue: { he: 'גן אורנים' }, place: { name: { en: RISHON_NAMES.en } } });

    const withRussian = await t.request('POST', `/event/editEvent/${eventId}`, { token: host, body: { langs: ['he', 'en', 'ar', 'ru'] } });
    expect(withRussian.statusCode).toBe(200);
    expect((withRussian.json() as EventDto).location).toMatchObject({ venue: { he: 'גן אורנים' }, place: { name: { ru: RISHON_NAMES.ru } } });
  });

  it("names the venue from the provider's hall in each language the host left empty", async () => {
    const eventId = await createEvent(t, host, { langs: ['he', 'en', 'ar'], names: { he: 'החתונה' }, location: { placeId: HALL, venue: { en: 'Our garden' } } });
    expect((await getEvent(eventId)).location).toMatchObject({
      venue: { he: HALL_NAMES.he, en: 'Our garden', ar: HALL_NAMES.ar },
      place: { name: { he: RISHON_NAMES.he, en: RISHON_NAMES.en, ar: RISHON_NAMES.ar } },
      // Issue 27 §6: a hall from Google Places brings its own point: guests are sent there.
      venuePoint: { lat: 31.99, lng: 34.77 },
    });
  });

  it('takes the first shape (a name alone) as the default language venue', async () => {
    const eventId = await createEvent(t, host, { location: { placeId: RISHON, name: 'Gan Oranim' } });
    // A city is only its centre: no hall point until the host gives one.
    expect((await getEvent(eventId)).location).toMatchObject({ venue: { he: 'Gan Oranim' }, place: { name: { he: RISHON_NAMES.he } }, name: 'Gan Oranim', venuePoint: null });
  });

  it('reads a row stored in the first shape as before', async () => {
    const eventId = await createEvent(t, host, eventInput({ location: { placeId: RISHON } }));
    const old = { placeId: RISHON, name: 'Gan Oranim', address: 'HaOranim 1, Haifa', lat: 32.794, lng: 34.989 };
    await t.ctx.db.execute(sql`update events set location = ${JSON.stringify(old)}::jsonb where id = ${eventId}::uuid`);
    const event = await getEvent(eventId);
    expect(event.location).toMatchObject({ ...old, venue: {}, place: { name: { he: 'Gan Oranim' }, address: { he: 'HaOranim 1, Haifa' } } });
    const guest = await addGuest(t, host, eventId, { fullName: 'Dana Levi', lang: 'en' });
    const page = await openPage(t, personalTokenOf(guest), '?lang=en');
    expect(page.event.location).toMatchObject({ name: 'Gan Oranim', address: 'HaOranim 1, Haifa', venue: '', place: 'Gan Oranim' });
  });

  it("refuses another host's location edit, and changes nothing", async () => {
    const eventId = await eventWithVenue();
    const other = (await signUpHost(t)).token;
    const res = await t.request('POST', `/event/editEvent/${eventId}`, { token: other, body: { location: { placeId: RISHON, venue: { he: 'שלי' } } } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await getEvent(eventId)).location.venue).toEqual({ he: VENUE_HE, en: 'Magic Garden Halls' });
  });

  it('refuses control and bidi-override characters in a venue', async () => {
    const res = await t.request('POST', '/event/newEvent', {
      token: host,
      body: eventInput({ location: { placeId: RISHON, venue: { he: 'אולם\u202Eמזויף' } } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
  });
});

describe('pickup points per language', () => {
  it('shows a translation to guests while answers keep matching the option they chose', async () => {
    const eventId = await createEvent(t, host, {
      langs: ['he', 'en'],
      location: { placeId: RISHON },
      transport: { ask: 'all_guests', options: ['תל אביב, ארלוזורוב', 'חיפה'] },
    });
    const guest = await addGuest(t, host, eventId, { fullName: 'Dana Levi', lang: 'en', countOfInvites: 3 });
    const invite = personalTokenOf(guest);
    const answered = await answer(t, invite, { status: 'approved', attending: 2, transport: { option: 'תל אביב, ארלוזורוב' } });
    expect(answered.statusCode).toBe(200);

    const edit = await t.request('POST', `/event/editEvent/${eventId}`, {
      token: host,
      body: { transport: { ask: 'all_guests', options: ['תל אביב, ארלוזורוב', 'חיפה'], translations: [{ en: 'Tel Aviv, Arlozorov' }, { en: 'Haifa' }] } },
    });
    expect(edit.statusCode).toBe(200);
    expect((edit.json() as EventDto).transport.translations).toEqual([{ en: 'Tel Aviv, Arlozorov' }, { en: 'Haifa' }]);

    const page = await openPage(t, invite, '?lang=en');
    expect(page.questions.transport).toEqual(['תל אביב, ארלוזורוב', 'חיפה']);
    expect(page.questions.transportLabels).toEqual(['Tel Aviv, Arlozorov', 'Haifa']);
    expect(page.answer?.transport).toEqual({ option: 'תל אביב, ארלוזורוב' });
    const body = await html(`/invite/${invite}?lang=en`);
    expect(body).toContain('checked="" value="תל אביב, ארלוזורוב"/><bdi>Tel Aviv, Arlozorov</bdi>');
    expect(body).toContain('<bdi>Tel Aviv, Arlozorov</bdi>');
    // The same answer is accepted again after the translation was added.
    expect((await answer(t, invite, { status: 'approved', attending: 2, transport: { option: 'תל אביב, ארלוזורוב' } })).statusCode).toBe(200);
    const he = await openPage(t, invite, '?lang=he');
    expect(he.questions.transportLabels).toEqual(['תל אביב, ארלוזורוב', 'חיפה']);
  });

  it('refuses more translations than options', async () => {
    const res = await t.request('POST', '/event/newEvent', {
      token: host,
      body: eventInput({ location: { placeId: RISHON }, transport: { ask: 'all_guests', options: ['חיפה'], translations: [{ en: 'Haifa' }, { en: 'Akko' }] } }),
    });
    expect(res.statusCode).toBe(400);
  });
});
