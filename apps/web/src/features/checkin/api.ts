import {
  API,
  checkinContextSchema,
  checkinGuestSchema,
  checkinSearchResponseSchema,
  checkinSummarySchema,
  checkinUsherLinkSchema,
  checkinUsherListSchema,
  type CheckinContext,
  type CheckinGuest,
  type CheckinSearchResponse,
  type CheckinSummary,
  type CheckinUsherLink,
  type CheckinUsherList,
} from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { doorRequestOptions } from './door-access';

export const checkinKeys = {
  all: (eventId: string) => ['checkin', eventId] as const,
  context: (eventId: string) => ['checkin', eventId, 'context'] as const,
  summary: (eventId: string) => ['checkin', eventId, 'summary'] as const,
  search: (eventId: string, q: string) => ['checkin', eventId, 'search', q] as const,
  scan: (eventId: string, code: string) => ['checkin', eventId, 'scan', code] as const,
};

/** The guest of a scanned or typed code; read again whenever the door's figures change. */
export const useCheckinScan = (eventId: string, code: string | null) =>
  useQuery({
    queryKey: checkinKeys.scan(eventId, code ?? ''),
    queryFn: () => scanCode(eventId, code ?? ''),
    enabled: Boolean(code),
    retry: false,
    networkMode: 'always',
  });

/** Live figures refresh at least this often (issue 31: within 5 s). */
export const SUMMARY_REFRESH_MS = 4_000;

export const useCheckinContext = (eventId: string) =>
  useQuery({
    queryKey: checkinKeys.context(eventId),
    queryFn: ({ signal }) => apiRequest<CheckinContext>(API.checkin.context(eventId), { signal, schema: checkinContextSchema, ...doorRequestOptions(eventId) }),
    retry: false,
    staleTime: Infinity,
  });

export const useCheckinSummary = (eventId: string, enabled = true) =>
  useQuery({
    queryKey: checkinKeys.summary(eventId),
    queryFn: ({ signal }) => apiRequest<CheckinSummary>(API.checkin.summary(eventId), { signal, schema: checkinSummarySchema, ...doorRequestOptions(eventId) }),
    refetchInterval: SUMMARY_REFRESH_MS,
    enabled,
  });

export const useCheckinSearch = (eventId: string, q: string) =>
  useQuery({
    queryKey: checkinKeys.search(eventId, q),
    queryFn: ({ signal }) =>
      apiRequest<CheckinSearchResponse>(`${API.checkin.search(eventId)}?q=${encodeURIComponent(q)}`, { signal, schema: checkinSearchResponseSchema, ...doorRequestOptions(eventId) }),
    enabled: q.trim().length > 0,
    // Offline, the last answer stays on the screen.
    networkMode: 'always',
    placeholderData: (previous) => previous,
  });

export const scanCode = (eventId: string, code: string) =>
  apiRequest<CheckinGuest>(API.checkin.scan(eventId), { method: 'POST', body: { code }, schema: checkinGuestSchema, ...doorRequestOptions(eventId) });

export const sendArrival = (eventId: string, guestId: string, people: number) =>
  apiRequest<CheckinGuest>(API.checkin.arrivals(eventId), { method: 'POST', body: { guestId, people }, schema: checkinGuestSchema, ...doorRequestOptions(eventId) });

export const sendUndo = (eventId: string, guestId: string) =>
  apiRequest<CheckinGuest>(API.checkin.arrival(eventId, guestId), { method: 'DELETE', schema: checkinGuestSchema, ...doorRequestOptions(eventId) });

export const addWalkIn = (eventId: string, body: { fullName: string; phoneNumber: string; people: number }) =>
  apiRequest<CheckinGuest>(API.checkin.walkIns(eventId), { method: 'POST', body, schema: checkinGuestSchema, ...doorRequestOptions(eventId) });

const usherKey = (eventId: string) => ['checkin', eventId, 'ushers'] as const;

/** The owner's usher links (a co-host is refused: the section then stays hidden). */
export const useUsherLinks = (eventId: string, enabled: boolean) =>
  useQuery({
    queryKey: usherKey(eventId),
    queryFn: ({ signal }) => apiRequest<CheckinUsherList>(API.checkin.ushers(eventId), { signal, schema: checkinUsherListSchema }),
    enabled,
    retry: false,
  });

export const useCreateUsherLink = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CheckinUsherLink>(API.checkin.ushers(eventId), { method: 'POST', schema: checkinUsherLinkSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usherKey(eventId) }),
  });
};

export const useRevokeUsherLink = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (usherId: string) => apiRequest(API.checkin.usher(eventId, usherId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usherKey(eventId) }),
  });
};
