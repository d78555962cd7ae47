import { eventListSchema, eventSchema, eventStatsSchema } from '@magiim/shared';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { eventKeys } from '../../features/events/api';
import { statsKeys } from '../../features/statistics/api';
import { apiRequest } from '../api-client';
import { readAccessToken } from '../session';
import type { EarlyQuery, EarlyRequest } from './early-requests';

/** Reads an early answer as apiRequest would; anything but a 2xx for the current session is refused. */
export const readEarlyAnswer = async <T>(request: EarlyRequest, schema: ZodType<T>): Promise<T> => {
  if (readAccessToken() !== request.token) throw new Error('asked for another session');
  const response = await request.answer;
  if (!response.ok) throw new Error(`answered ${response.status}`);
  return schema.parse(await response.json());
};

const seed = <T>(client: QueryClient, queryKey: QueryKey, schema: ZodType<T>, request: EarlyRequest): void => {
  void client.prefetchQuery({
    queryKey,
    // An error answer, a dropped connection or a changed session: ask again the usual way, so the app's
    // handling (a lost session signs out, a missing event shows not-found) is exactly the same.
    queryFn: ({ signal }) => readEarlyAnswer(request, schema).catch(() => apiRequest(request.path, { schema, signal })),
  });
};

const seedOne = (client: QueryClient, request: EarlyRequest, query: EarlyQuery): void => {
  switch (query.kind) {
    case 'events':
      return seed(client, eventKeys.all, eventListSchema, request);
    case 'event':
      return seed(client, eventKeys.one(query.eventId), eventSchema, request);
    case 'stats':
      return seed(client, statsKeys.one(query.eventId), eventStatsSchema, request);
  }
};

/**
 * Hands the answers main.tsx asked for before the app's code arrived to TanStack Query, under the keys the
 * screens' hooks use: a hook that mounts meanwhile joins the request in flight instead of sending another.
 */
export const seedFirstQueries = (client: QueryClient, requests: EarlyRequest[]): void => {
  for (const request of requests) seedOne(client, request, request.query);
};
