import { API, type NotificationsResponse } from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../app/api-client';

// The answer checks load on their own (app/response-schemas.ts): this module is on the first screens.
const notificationsResponseSchema = lazySchema((s) => s.notificationsResponseSchema);
const okResponseSchema = lazySchema((s) => s.okResponseSchema);

/** How often the bell asks for news while the tab is visible. */
export const NOTIFICATIONS_POLL_MS = 30_000;

export const notificationKeys = { all: ['notifications'] as const };

export const useNotifications = () =>
  useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiRequest(API.notifications.list, { schema: notificationsResponseSchema, signal }),
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

/** Marks every notification read; the list is then fetched again (the unread ones stop growing). */
export const useMarkNotificationsRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.notifications.read, { method: 'PUT', body: {}, schema: okResponseSchema }),
    onMutate: () => {
      // The badge clears at once; the refetch below confirms it.
      queryClient.setQueryData(notificationKeys.all, (data: NotificationsResponse | undefined) => (data ? { ...data, unread: 0 } : data));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
};
