import { API, eventStatsSchema } from '@magiim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

/** How often the dashboard asks for new answers while its tab is visible. */
export const STATS_POLL_MS = 5_000;

export const statsKeys = {
  one: (eventId: string) => ['events', eventId, 'stats'] as const,
};

/**
 * The dashboard's figures, refreshed every few seconds while the tab is visible (TanStack Query pauses the
 * interval in a hidden tab) and at once when the host comes back to it, so answers appear without a reload.
 */
export const useEventStats = (eventId: string) =>
  useQuery({
    queryKey: statsKeys.one(eventId),
    queryFn: ({ signal }) => apiRequest(API.stats(eventId), { schema: eventStatsSchema, signal }),
    refetchInterval: STATS_POLL_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
