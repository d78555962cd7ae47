import {
  API,
  cohostAcceptResponseSchema,
  cohostInvitationInfoSchema,
  cohostInvitationSchema,
  cohostListSchema,
  okResponseSchema,
  type CohostInviteInput,
} from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { eventKeys } from '../events/api';

export const cohostKeys = {
  list: (eventId: string) => ['events', eventId, 'cohosts'] as const,
  invitation: (token: string) => ['cohost-invitation', token] as const,
};

export const useCohosts = (eventId: string) =>
  useQuery({
    queryKey: cohostKeys.list(eventId),
    queryFn: ({ signal }) => apiRequest(API.cohosts.list(eventId), { schema: cohostListSchema, signal }),
  });

export const useInviteCohost = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CohostInviteInput) => apiRequest(API.cohosts.list(eventId), { method: 'POST', body: input, schema: cohostInvitationSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohostKeys.list(eventId) }),
  });
};

/** Removes a co-host by user id, or revokes an open invitation by its id. */
export const useRemoveCohost = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(API.cohosts.one(eventId, id), { method: 'DELETE', schema: okResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohostKeys.list(eventId) }),
  });
};

/** What the link is for; a used, revoked or expired link answers INVITE_LINK_INVALID (not retried). */
export const useCohostInvitation = (token: string) =>
  useQuery({
    queryKey: cohostKeys.invitation(token),
    queryFn: ({ signal }) =>
      apiRequest(`${API.cohosts.invitation}?${new URLSearchParams({ token }).toString()}`, { schema: cohostInvitationInfoSchema, signal }),
    retry: false,
    enabled: token.length > 0,
  });

export const useAcceptCohostInvitation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiRequest(API.cohosts.accept, { method: 'POST', body: { token }, schema: cohostAcceptResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventKeys.all }),
  });
};
