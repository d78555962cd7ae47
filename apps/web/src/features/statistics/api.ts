import { API } from '@magiim/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../app/api-client';

// The answer check loads on its own (app/response-schemas.ts): this module is on the first screens.
const eventStatsSchema = lazySchema((s) => s.eventStatsSchema);

/** How often the dashboard asks for new answers while its tab is visible. */
export const STATS_POLL_MS = 5_000;

/**
 * How long the first answer counts as fresh: the answer asked for while the app loaded (app/first-screen) is not
 * asked again the moment the dashboard mounts. Later answers are stale at once, so returning to the dashboard asks.
 */
export const FIRST_STATS_FRESH_MS = 3_000;

export const statsKeys = {
  one: (eventId: string) => ['events', eventId, 'stats'] as const,
};

/**
 * The dashboard's figures, refreshed every few seconds while the tab is visible (TanStack Query pauses the
 * interval in a hidden tab) and at once when the host comes back to it, so answers appear without a reload.
 */
export const eventStatsQuery = (eventId: string) =>
  queryOptions({
    queryKey: statsKeys.one(eventId),
    queryFn: ({ signal }) => apiRequest(API.stats(eventId), { schema: eventStatsSchema, signal }),
    refetchInterval: STATS_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: (query) => (query.state.dataUpdateCount === 1 ? FIRST_STATS_FRESH_MS : 0),
  });

export const useEventStats = (eventId: string) => useQuery(eventStatsQuery(eventId));
