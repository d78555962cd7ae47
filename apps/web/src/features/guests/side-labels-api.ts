import { API, type SideLabels } from '@magiim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

// Apart from ./api.ts: the statistics (a first screen) read the side labels without the guest list's code.
export const sideLabelsKey = (eventId: string) => ['sides', eventId] as const;

/** Issue 32: the labels of the couple's two sides ('' for the translated default). */
export const useSideLabels = (eventId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: sideLabelsKey(eventId),
    queryFn: ({ signal }) => apiRequest<SideLabels>(API.guests.sides(eventId), { signal }),
    staleTime: 60_000,
  });
