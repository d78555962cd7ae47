// Shared set-up of the in-process engine benchmarks (rounds, webhooks, calls): the app listening, a venue, a paid event.
import { addDays, todayInBusinessZone } from '@magiim/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../apps/server/src/platform/context.js';
import { API_HEADERS } from './bench-server.js';

const BENCH_PLACE = { placeId: 'bench-hall', name: 'Bench Hall', address: 'Tel Aviv', lat: 32.08, lng: 34.78 };

/** The venue lookup answers the bench's hall without Google. */
export const useBenchPlaces = (ctx: AppContext): void => {
  ctx.places = { name: 'bench', suggest: async () => [], details: async (id) => (id === BENCH_PLACE.placeId ? BENCH_PLACE : null) };
};

/** Listens on a free loopback port; answers the app's base URL. */
export const listenLocally = async (app: FastifyInstance): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

/** A wedding two months ahead, by WhatsApp, created through the API as a host would; answers its id. */
export const createBenchEvent = async (url: string, token: string, options: { includeCalls?: boolean } = {}): Promise<string> => {
  const today = todayInBusinessZone();
  const created = await fetch(`${url}/api/event/newEvent`, {
    method: 'POST',
    headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      names: { he: 'חתונת בנצ׳מרק', en: 'Benchmark wedding' },
      date: addDays(today, 60),
      time: '19:30',
      location: { placeId: BENCH_PLACE.placeId },
      defaultLang: 'he',
      langs: ['he', 'en'],
      rsvpStartDate: addDays(today, 40),
      meals: { ask: 'no_need_to_ask', options: [] },
      transport: { ask: 'no_need_to_ask', options: [] },
      includeCallsPreference: options.includeCalls ?? false,
      messageSystemPreference: 3,
    }),
  });
  if (!created.ok) throw new Error(`new event: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
};
