import { API, devMailboxResponseSchema } from '@magiim/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

/** Mail the development server caught instead of sending; polled so new mail shows up by itself. */
export const useDevMailbox = (enabled: boolean) =>
  useQuery({
    queryKey: ['dev', 'mailbox'],
    queryFn: ({ signal }) => apiRequest(API.dev.mailbox, { schema: devMailboxResponseSchema, signal, withToken: false }),
    enabled,
    refetchInterval: 3000,
    staleTime: 0,
  });
