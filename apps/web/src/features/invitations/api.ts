import {
  API,
  answerHistoryResponseSchema,
  guestSchema,
  previewLinksSchema,
  publicInviteLinkSchema,
  type EventDto,
} from '@magiim/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { eventKeys } from '../events/api';
import { guestKeys } from '../guests/api';
import { msUntilRefresh } from './share-links';

export interface AnswerHistoryQuery {
  page: number;
  pageSize: number;
  guestId?: string;
  changedOnly?: boolean;
}

export const invitationKeys = {
  previewLinks: (eventId: string) => ['preview-links', eventId] as const,
  answers: (eventId: string, query: AnswerHistoryQuery) => ['guests', eventId, 'answers', query] as const,
};

const answersPath = (eventId: string, { page, pageSize, guestId, changedOnly }: AnswerHistoryQuery): string => {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (guestId) params.set('guestId', guestId);
  if (changedOnly) params.set('changedOnly', 'true');
  return `${API.guests.answers(eventId)}?${params.toString()}`;
};

/** "Guest answers": newest first; lives under the guests key, so any guest change refreshes it too. */
export const useAnswerHistory = (eventId: string, query: AnswerHistoryQuery) =>
  useQuery({
    queryKey: invitationKeys.answers(eventId, query),
    queryFn: ({ signal }) => apiRequest(answersPath(eventId, query), { schema: answerHistoryResponseSchema, signal }),
    placeholderData: keepPreviousData,
    // New answers appear while the screen is open (not while the tab is hidden).
    refetchInterval: 15_000,
  });

/** Signed preview links, fetched again a minute before they expire (the frame then reloads with the new one). */
export const usePreviewLinks = (eventId: string) =>
  useQuery({
    queryKey: invitationKeys.previewLinks(eventId),
    queryFn: ({ signal }) => apiRequest(API.event.previewLinks(eventId), { schema: previewLinksSchema, signal }),
    staleTime: (query) => (query.state.data ? msUntilRefresh(query.state.data.expiresAt) : 0),
    refetchInterval: (query) => (query.state.data ? Math.max(5_000, msUntilRefresh(query.state.data.expiresAt)) : false),
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });

/** A new personal link: the guest comes back with it; the old link stops working. */
export const useRotateGuestLink = (eventId: string, guestId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.guests.rotateLink(eventId, guestId), { method: 'POST', schema: guestSchema }),
    onSuccess: (guest) => {
      queryClient.setQueryData(guestKeys.one(eventId, guestId), guest);
      return queryClient.invalidateQueries({ queryKey: guestKeys.all(eventId), predicate: (query) => query.queryKey[2] === 'list' });
    },
  });
};

/** A new public link: written into the cached event, so every screen shows the new one at once. */
export const useRotatePublicLink = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.event.rotatePublicLink(eventId), { method: 'POST', schema: publicInviteLinkSchema }),
    onSuccess: ({ publicInviteUrl }) => {
      queryClient.setQueryData<EventDto>(eventKeys.one(eventId), (event) => (event ? { ...event, publicInviteUrl } : event));
      return queryClient.invalidateQueries({ queryKey: eventKeys.all, exact: true });
    },
  });
};
