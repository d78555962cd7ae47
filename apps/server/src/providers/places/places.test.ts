import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGooglePlaces } from './google.js';
import { createSandboxPlaces } from './sandbox.js';

describe('offline Israeli localities', () => {
  const places = createSandboxPlaces();

  it.each([
    ['ירוש', 'he', 'ירושלים'],
    ['Jerus', 'en', 'Jerusalem'],
    ['tel a', 'en', 'Tel Aviv'],
    ['raan', 'en', "Ra'anana"],
    ['קרית שמונה', 'he', 'קריית שמונה'],
    ['Хайф', 'ru', 'Хайфа'],
    ['حيفا', 'ar', 'حيفا'],
  ] as const)('%s (%s) suggests %s first', async (query, lang, expected) => {
    expect((await places.suggest(query, lang))[0]?.name).toBe(expected);
  });

  it('answers at most 8 suggestions and nothing for an unknown name', async () => {
    expect((await places.suggest('כפר', 'he')).length).toBe(8);
    expect(await places.suggest('zzzzqqq', 'en')).toEqual([]);
  });

  it('names a locality in each language by the same id (the city of an event in several languages)', async () => {
    const [rishon] = await places.suggest('ראשון לציון', 'he');
    expect((await places.details(rishon!.placeId, 'en'))?.name).toBe('Rishon LeZion');
    expect((await places.details(rishon!.placeId, 'ar'))?.name).toMatch(/ريشون/);
    expect((await places.details(rishon!.placeId, 'ru'))?.name).toMatch(/Ришон/);
  });

  it('resolves a suggestion by its id in any language, and nothing else', async () => {
    const [jerusalem] = await places.suggest('Jerusalem', 'en');
    const details = await places.details(jerusalem!.placeId, 'he');
    expect(details).toMatchObject({ placeId: jerusalem!.placeId, name: 'ירושלים' });
    expect(details!.lat).toBeCloseTo(31.78, 1);
    expect(details!.lng).toBeCloseTo(35.2, 1);
    expect(await places.details('il-999999', 'he')).toBeNull();
    expect(await places.details('ChIJ-made-up', 'he')).toBeNull();
  });
});

describe('Google Places adapter against a local fake of the Places API (New)', () => {
  let server: Server;
  let baseUrl = '';
  const seen: { method: string; url: string; key?: string; mask?: string; body: string }[] = [];
  let failNext = 0;

  beforeAll(async () => {
    server = createServer((request: IncomingMessage, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          key: request.headers['x-goog-api-key'] as string | undefined,
          mask: request.headers['x-goog-fieldmask'] as string | undefined,
          body,
        });
        const json = (status: number, value: unknown) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(value));
        };
        if (failNext > 0) return (failNext--, json(503, { error: { code: 503 } }));
        if (request.headers['x-goog-api-key'] !== 'test-key') return json(403, { error: { code: 403, status: 'PERMISSION_DENIED' } });
        if (request.method === 'POST' && request.url === '/v1/places:autocomplete') {
          return json(200, {
            suggestions: [
              {
                placePrediction: {
                  placeId: 'ChIJ_hall_1',
                  text: { text: 'Gan Oranim, Kfar Saba, Israel' },
                  structuredFormat: { mainText: { text: 'Gan Oranim' }, secondaryText: { text: 'Kfar Saba, Israel' } },
                },
              },
              { queryPrediction: { text: { text: 'halls near me' } } },
            ],
          });
        }
        if (request.method === 'GET' && request.url?.startsWith('/v1/places/ChIJ_hall_1')) {
          // Like Google: the names come in the language asked for.
          const english = request.url.endsWith('languageCode=en');
          return json(200, {
            id: 'ChIJ_hall_1',
            displayName: { text: english ? 'Gan Oranim' : 'גן אורנים' },
            formattedAddress: english ? 'Kfar Saba, Israel' : 'כפר סבא, ישראל',
            location: { latitude: 32.17, longitude: 34.9 },
          });
        }
        if (request.method === 'GET' && request.url?.startsWith('/v1/places/ChIJ_venue_2')) {
          const english = request.url.endsWith('languageCode=en');
          return json(200, {
            id: 'ChIJ_venue_2',
            displayName: { text: english ? 'Magic Garden Halls' : 'אולמי הגן הקסום' },
            formattedAddress: english ? 'HaYotzrim 5, Rishon LeZion, Israel' : 'היוצרים 5, ראשון לציון, ישראל',
            location: { latitude: 31.99, longitude: 34.77 },
            types: ['event_venue', 'establishment', 'point_of_interest'],
            addressComponents: [
              { longText: english ? 'HaYotzrim' : 'היוצרים', types: ['route'] },
              { longText: english ? 'Rishon LeZion' : 'ראשון לציון', types: ['locality', 'political'] },
            ],
          });
        }
        return json(404, { error: { code: 404, status: 'NOT_FOUND' } });
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks for suggestions in the language, leaning to Israel, with the key in a header and a field mask', async () => {
    const places = createGooglePlaces({ apiKey: 'test-key', baseUrl });
    expect(await places.suggest('gan or', 'en')).toEqual([{ placeId: 'ChIJ_hall_1', name: 'Gan Oranim', address: 'Kfar Saba, Israel' }]);
    const call = seen.at(-1)!;
    expect(call.key).toBe('test-key');
    expect(call.url).not.toContain('test-key');
    expect(call.mask).toContain('suggestions.placePrediction.placeId');
    expect(JSON.parse(call.body)).toMatchObject({ input: 'gan or', languageCode: 'en', includedRegionCodes: ['il'] });
  });

  it('resolves details by place id, and an unknown or malformed id to null', async () => {
    const places = createGooglePlaces({ apiKey: 'test-key', baseUrl });
    expect(await places.details('ChIJ_hall_1', 'he')).toEqual({ placeId: 'ChIJ_hall_1', name: 'גן אורנים', address: 'כפר סבא, ישראל', lat: 32.17, lng: 34.9 });
    expect(seen.at(-1)!.mask).toBe('id,displayName,formattedAddress,location,types,addressComponents');
    expect(seen.at(-1)!.url).toBe('/v1/places/ChIJ_hall_1?languageCode=he');
    expect(await places.details('ChIJ_unknown', 'he')).toBeNull();
    const before = seen.length;
    expect(await places.details('../../admin?x=1', 'he')).toBeNull();
    expect(seen.length).toBe(before);
  });

  it('answers the name and address in the language asked for, each language its own request', async () => {
    const places = createGooglePlaces({ apiKey: 'test-key', baseUrl });
    const before = seen.length;
    const [he, en] = await Promise.all([places.details('ChIJ_hall_1', 'he'), places.details('ChIJ_hall_1', 'en')]);
    expect(he).toMatchObject({ name: 'גן אורנים', address: 'כפר סבא, ישראל' });
    expect(en).toMatchObject({ name: 'Gan Oranim', address: 'Kfar Saba, Israel' });
    expect(seen.slice(before).map((call) => call.url).sort()).toEqual(['/v1/places/ChIJ_hall_1?languageCode=en', '/v1/places/ChIJ_hall_1?languageCode=he']);
  });

  it('answers a hall as the venue, with its city as the place', async () => {
    const places = createGooglePlaces({ apiKey: 'test-key', baseUrl });
    expect(await places.details('ChIJ_venue_2', 'en')).toEqual({
      placeId: 'ChIJ_venue_2',
      name: 'Rishon LeZion',
      venue: 'Magic Garden Halls',
      address: 'HaYotzrim 5, Rishon LeZion, Israel',
      lat: 31.99,
      lng: 34.77,
    });
    expect(await places.details('ChIJ_venue_2', 'he')).toMatchObject({ name: 'ראשון לציון', venue: 'אולמי הגן הקסום' });
  });

  it('answers PLACES_UNAVAILABLE when Google fails, refuses the key or cannot be reached', async () => {
    failNext = 1;
    await expect(createGooglePlaces({ apiKey: 'test-key', baseUrl }).suggest('x', 'he')).rejects.toMatchObject({ code: 'PLACES_UNAVAILABLE' });
    await expect(createGooglePlaces({ apiKey: 'wrong', baseUrl }).suggest('x', 'he')).rejects.toMatchObject({ code: 'PLACES_UNAVAILABLE' });
    await expect(createGooglePlaces({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:1' }).suggest('x', 'he')).rejects.toMatchObject({
      code: 'PLACES_UNAVAILABLE',
    });
  });
});
