import type { EventDto, EventStatsDto } from '@magiim/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { eventKeys } from '../../features/events/api';
import { statsKeys } from '../../features/statistics/api';
import { apiRequest, lazySchema, responseSchemasLoaded, type LazySchema } from '../api-client';
import { readAccessToken } from '../session';
import type { EarlyQuery, EarlyRequest } from './early-requests';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A quick look at an early answer before the first render: the shape the screen reads first. The full check (the
 * shared zod schema, app/response-schemas.ts) is not on the first screen: it runs once it has loaded after paint.
 */
export const firstLooks = {
  events: (value: unknown) => Array.isArray(value) && value.every((event) => isRecord(event) && typeof event.id === 'string' && isRecord(event.names)),
  event: (value: unknown) => isRecord(value) && typeof value.id === 'string' && isRecord(value.names),
  stats: (value: unknown) => isRecord(value) && typeof value.attending === 'number' && typeof value.guests === 'number',
} satisfies Record<EarlyQuery['kind'], (value: unknown) => boolean>;

/** Reads an early answer as apiRequest would; anything but a 2xx for the current session, or of another shape, is refused. */
export const readEarlyAnswer = async (request: EarlyRequest, looksRight: (value: unknown) => boolean): Promise<unknown> => {
  if (readAccessToken() !== request.token) throw new Error('asked for another session');
  const response = await request.answer;
  if (!response.ok) throw new Error(`answered ${response.status}`);
  const value: unknown = await response.json();
  if (!looksRight(value)) throw new Error('an answer of another shape');
  return value;
};

/**
 * The full check of a seeded answer, once the checks have loaded: an answer the contract refuses is dropped and
 * asked again the usual way, which ends as a refused answer always has ("Unexpected response").
 */
const checkWhenLoaded = <T>(client: QueryClient, queryKey: QueryKey, schema: LazySchema<T>, request: EarlyRequest, data: unknown): void => {
  void responseSchemasLoaded().then((schemas) => {
    const parsed = schema.fromResponseSchemas(schemas).safeParse(data);
    if (parsed.success || client.getQueryData(queryKey) !== data) return;
    console.error(`Unexpected answer from GET ${request.path}`, parsed.error);
    void client.resetQueries({ queryKey, exact: true });
  });
};

const seed = <T>(client: QueryClient, queryKey: QueryKey, schema: LazySchema<T>, request: EarlyRequest): void => {
  let early: { data: unknown } | undefined;
  void client
    .prefetchQuery({
      queryKey,
      queryFn: async ({ signal }) => {
        try {
          early = { data: await readEarlyAnswer(request, firstLooks[request.query.kind]) };
        } catch {
          // An error answer, a dropped connection or a changed session: ask again the usual way, so the app's
          // handling (a lost session signs out, a missing event shows not-found) is exactly the same.
          return apiRequest(request.path, { schema, signal });
        }
        return early.data as T;
      },
    })
    // Once the answer is in the cache (not before: the check compares it with what the screen shows).
    .then(() => early && checkWhenLoaded(client, queryKey, schema, request, early.data));
};

const seedOne = (client: QueryClient, request: EarlyRequest, query: EarlyQuery): void => {
  switch (query.kind) {
    case 'events':
      return seed(client, eventKeys.all, lazySchema<EventDto[]>((s) => s.eventListSchema), request);
    case 'event':
      return seed(client, eventKeys.one(query.eventId), lazySchema<EventDto>((s) => s.eventSchema), request);
    case 'stats':
      return seed(client, statsKeys.one(query.eventId), lazySchema<EventStatsDto>((s) => s.eventStatsSchema), request);
  }
};

/**
 * Hands the answers main.tsx asked for before the app's code arrived to TanStack Query, under the keys the
 * screens' hooks use: a hook that mounts meanwhile joins the request in flight instead of sending another.
 */
export const seedFirstQueries = (client: QueryClient, requests: EarlyRequest[]): void => {
  for (const request of requests) seedOne(client, request, request.query);
};
