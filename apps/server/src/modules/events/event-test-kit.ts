import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { addDays, PLATFORM_HEADER, todayInBusinessZone, type EventInput, type Lang } from '@magiim/shared';
import type { TestApp } from '../../../test/test-app.js';
import type { PlaceDetails, PlacesProvider } from '../../providers/places/index.js';

/** Test support for the event suites (imported by *.test.ts only). */

export const KNOWN_PLACE: PlaceDetails = {
  placeId: 'place-gan-oranim',
  name: 'Gan Oranim',
  address: 'HaOranim 1, Haifa',
  lat: 32.794,
  lng: 34.989,
};
export const OTHER_PLACE: PlaceDetails = { placeId: 'place-beit-hakerem', name: 'Beit HaKerem Hall', address: 'Jerusalem', lat: 31.78, lng: 35.19 };

/** A places provider that knows two places, so tests do not depend on the offline dataset or Google. */
export const useFakePlaces = (t: TestApp): PlacesProvider => {
  const places: PlacesProvider = {
    name: 'test',
    suggest: async () => [],
    details: async (placeId: string, _lang: Lang) => [KNOWN_PLACE, OTHER_PLACE].find((place) => place.placeId === placeId) ?? null,
  };
  t.ctx.places = places;
  return places;
};

export const inDays = (days: number) => addDays(todayInBusinessZone(), days);

export const eventInput = (overrides: Partial<EventInput> = {}): EventInput => ({
  names: { he: 'החתונה של נועה ודני', en: "Noa and Dani's wedding" },
  date: inDays(60),
  time: '19:30',
  location: { placeId: KNOWN_PLACE.placeId },
  defaultLang: 'he',
  langs: ['he', 'en'],
  rsvpStartDate: inDays(40),
  meals: { ask: 'some_guests', options: ['vegetarian', 'vegan'] },
  transport: { ask: 'no_need_to_ask', options: [] },
  includeCallsPreference: false,
  messageSystemPreference: 3,
  ...overrides,
});

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body as a browser would send it. */
export const multipartBody = (parts: MultipartPart[]) => {
  const boundary = `----magiim${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
};

export const sendMultipart = (
  t: TestApp,
  method: 'POST',
  url: string,
  parts: MultipartPart[],
  token?: string,
): Promise<LightMyRequestResponse> => {
  const { payload, contentType } = multipartBody(parts);
  return t.app.inject({
    method,
    url: `/api${url}`,
    payload,
    headers: {
      'content-type': contentType,
      [PLATFORM_HEADER]: 'web',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
};

/** Creates an event through the API (JSON body) and answers its id. */
export const createEvent = async (t: TestApp, token: string, overrides: Partial<EventInput> = {}): Promise<string> => {
  const res = await t.request('POST', '/event/newEvent', { token, body: eventInput(overrides) });
  if (res.statusCode !== 200) throw new Error(`create event failed: ${res.body}`);
  return (res.json() as { id: string }).id;
};
