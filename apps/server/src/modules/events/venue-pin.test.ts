import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, Lang } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createSandboxPlaces } from '../../providers/places/sandbox.js';
import { addGuest } from '../guests/guest-test-kit.js';
import { openPage, personalTokenOf } from '../invitations/invite-test-kit.js';
import { createEvent } from './event-test-kit.js';

/**
 * Issue 27 §6: without a Google key the places are Israeli localities (their centre); the host puts the pin on
 * the hall or types its street address, the event keeps them, and Waze and Google Maps send guests there.
 */

let t: TestApp;
let host: string;
let rishon: { placeId: string; center?: { lat: number; lng: number } | undefined };
const PIN = { lat: 31.95123, lng: 34.80456 };

beforeAll(async () => {
  t = await createTestApp();
  // The offline provider (no key), as a host without Google has it.
  t.ctx.places = createSandboxPlaces();
  host = (await signUpHost(t)).token;
  const suggestions = (await t.request('GET', '/places/suggest?q=' + encodeURIComponent('ראשון לציון') + '&lang=he', { token: host })).json() as (typeof rishon)[];
  rishon = suggestions[0]!;
});
afterAll(async () => {
  await t?.close();
});

const getEvent = async (eventId: string): Promise<EventDto> => (await t.request('GET', `/event/${eventId}`, { token: host })).json() as EventDto;
const navigateLinksOf = async (eventId: string, lang: Lang = 'en') => {
  const guest = await addGuest(t, host, eventId, {});
  const token = personalTokenOf(guest);
  const page = await openPage(t, token, `?lang=${lang}`);
  const html = (await t.app.inject({ method: 'GET', url: `/navigate/${token}?lang=${lang}` })).body;
  const waze = /href="(https:\/\/waze\.com\/ul\?[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  const maps = /href="(https:\/\/www\.google\.com\/maps\/dir\/[^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
  return { page, waze, maps };
};

describe('the hall, not the city', () => {
  it('the offline suggestions carry the locality centre the map starts from', () => {
    expect(rishon.placeId).toBeTruthy();
    expect(rishon.center).toMatchObject({ lat: expect.any(Number), lng: expect.any(Number) });
  });

  it('stores the host’s pin on the event, and the navigation links use it, not the locality’s centre', async () => {
    const eventId = await createEvent(t, host, { location: { placeId: rishon.placeId, venue: { he: 'אולמי הגן' }, venuePoint: PIN } });
    const event = await getEvent(eventId);
    expect(event.location.venuePoint).toEqual(PIN);
    expect(event.location.lat).toBeCloseTo(rishon.center!.lat, 5);
    const stored = (await t.ctx.db.execute<{ location: { venuePoint: unknown } }>(sql`select location from events where id = ${eventId}`)).rows[0]!;
    expect(stored.location.venuePoint).toEqual(PIN);

    const { page, waze, maps } = await navigateLinksOf(eventId);
    expect(page.event.location.venuePoint).toEqual(PIN);
    expect(waze).toBe('https://waze.com/ul?ll=31.951230,34.804560&navigate=yes');
    expect(maps).toBe('https://www.google.com/maps/dir/?api=1&destination=31.951230,34.804560');

    // An edit that does not touch the location keeps the pin; moving it stores the new point.
    expect((await t.request('POST', `/event/editEvent/${eventId}`, { token: host, body: { time: '20:00' } })).statusCode).toBe(200);
    expect((await getEvent(eventId)).location.venuePoint).toEqual(PIN);
    const moved = { lat: 31.96, lng: 34.81 };
    const edit = await t.request('POST', `/event/editEvent/${eventId}`, { token: host, body: { location: { placeId: rishon.placeId, venue: { he: 'אולמי הגן' }, venuePoint: moved } } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await getEvent(eventId)).location.venuePoint).toEqual(moved);
  });

  it('a typed street address without a pin: the links search the hall by name and address', async () => {
    const eventId = await createEvent(t, host, { location: { placeId: rishon.placeId, venue: { he: 'אולמי הגן', en: 'Garden Halls' }, venueAddress: 'Herzl 12' } });
    expect((await getEvent(eventId)).location).toMatchObject({ venuePoint: null, venueAddress: 'Herzl 12' });
    const { waze, maps } = await navigateLinksOf(eventId, 'en');
    expect(new URL(waze!).searchParams.get('q')).toBe('Garden Halls, Herzl 12, Rishon LeZion');
    expect(new URL(maps!).searchParams.get('destination')).toBe('Garden Halls, Herzl 12, Rishon LeZion');
  });

  it('without pin or address: as before, the locality’s point; a pin off the globe is refused', async () => {
    const eventId = await createEvent(t, host, { location: { placeId: rishon.placeId } });
    expect((await getEvent(eventId)).location).toMatchObject({ venuePoint: null, venueAddress: '' });
    const { waze } = await navigateLinksOf(eventId);
    expect(waze).toBe(`https://waze.com/ul?ll=${rishon.center!.lat.toFixed(6)},${rishon.center!.lng.toFixed(6)}&navigate=yes`);
    const bad = await t.request('POST', `/event/editEvent/${eventId}`, { token: host, body: { location: { placeId: rishon.placeId, venuePoint: { lat: 200, lng: 34 } } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION' });
  });
});
