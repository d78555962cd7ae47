import {
  API,
  answerHistoryResponseSchema,
  guestSchema,
  okResponseSchema,
  previewLinksSchema,
  publicAnswersResponseSchema,
  publicInviteLinkSchema,
  publicLinkStateSchema,
  type EventDto,
  type PublicLinkSettingsInput,
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
  publicLink: (eventId: string) => ['public-link', eventId] as const,
  publicAnswers: (eventId: string, query: PublicAnswersQuery) => ['guests', eventId, 'public-answers', query] as const,
};

export interface PublicAnswersQuery {
  guestId?: string;
  kind?: 'guests' | 'answers';
}

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

/** Who may answer on the public link, its new-guest budget and what waits for the host. */
export const usePublicLink = (eventId: string) =>
  useQuery({
    queryKey: invitationKeys.publicLink(eventId),
    queryFn: ({ signal }) => apiRequest(API.event.publicLink(eventId), { schema: publicLinkStateSchema, signal }),
    refetchInterval: 30_000,
  });

export const useSetPublicLink = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: PublicLinkSettingsInput) =>
      apiRequest(API.event.publicLink(eventId), { method: 'PUT', body: settings, schema: publicLinkStateSchema }),
    onSuccess: (state) => queryClient.setQueryData(invitationKeys.publicLink(eventId), state),
  });
};

/** Public-link answers kept for the host; under the guests key, so a guest change refreshes them too. */
export const usePublicAnswers = (eventId: string, query: PublicAnswersQuery) =>
  useQuery({
    queryKey: invitationKeys.publicAnswers(eventId, query),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (query.guestId) params.set('guestId', query.guestId);
      if (query.kind) params.set('kind', query.kind);
      const search = params.toString();
      return apiRequest(`${API.guests.publicAnswers(eventId)}${search ? `?${search}` : ''}`, { schema: publicAnswersResponseSchema, signal });
    },
    refetchInterval: 30_000,
  });

/** Applies a kept answer (or approves a new guest), or dismisses it; the guest list, answers and counts refresh. */
export const useDecidePublicAnswer = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ answerId, decision }: { answerId: string; decision: 'apply' | 'dismiss' }) =>
      apiRequest(decision === 'apply' ? API.guests.applyPublicAnswer(eventId, answerId) : API.guests.dismissPublicAnswer(eventId, answerId), {
        method: 'POST',
        schema: okResponseSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: guestKeys.all(eventId) }),
        queryClient.invalidateQueries({ queryKey: invitationKeys.publicLink(eventId) }),
      ]),
  });
};
