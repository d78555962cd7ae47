import {
  API,
  type ActionTimingPatch,
  type ActionTimingsResponse,
  type GuestMessageHistory,
  type MessageAction,
  type MessageFunnel,
  type MessageTemplateEdit,
  type MessageTemplatesResponse,
  type TimedAction,
} from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

export interface ActionPreview {
  action: MessageAction;
  recipients: number;
  messages: number;
  /** Of the messages, those expected to go by SMS. */
  smsMessages: number;
  smsParts: number;
}

export const messagingKeys = {
  templates: (eventId: string) => ['messaging', eventId, 'templates'] as const,
  timing: (eventId: string) => ['messaging', eventId, 'timing'] as const,
  funnel: (eventId: string) => ['messaging', eventId, 'funnel'] as const,
  history: (eventId: string, guestId: string) => ['messaging', eventId, 'history', guestId] as const,
  preview: (eventId: string, action: MessageAction) => ['messaging', eventId, 'preview', action] as const,
};

const hasPending = (data: MessageTemplatesResponse | undefined) => Boolean(data?.templates.some((template) => template.status === 'pendingApproval'));

/** The host's texts and the defaults; while one is in review it is asked again every few seconds. */
export const useMessageTemplates = (eventId: string) =>
  useQuery({
    queryKey: messagingKeys.templates(eventId),
    queryFn: ({ signal }) => apiRequest<MessageTemplatesResponse>(API.messageTemplate.get(eventId), { signal }),
    refetchInterval: (query) => (hasPending(query.state.data) ? 3_000 : false),
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: 'always',
  });

export const useSaveTemplate = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTemplateEdit) => apiRequest<MessageTemplatesResponse>(API.messageTemplate.edit(eventId), { method: 'POST', body }),
    onSuccess: (data) => {
      queryClient.setQueryData(messagingKeys.templates(eventId), data);
      // The review answers on its own time: the texts are asked again (every few seconds while one is in review),
      // and every other view of the event's messaging (the setup checklist, the timing screen) reads afresh.
      void queryClient.invalidateQueries({ queryKey: ['messaging', eventId] });
    },
  });
};

export const useResetTemplates = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lang: string) => apiRequest<MessageTemplatesResponse>(API.messageTemplate.delete(eventId, lang), { method: 'DELETE' }),
    onSuccess: (data) => queryClient.setQueryData(messagingKeys.templates(eventId), data),
  });
};

const isRunning = (data: ActionTimingsResponse | undefined) => Boolean(data?.actions.some((action) => action.state === 'running'));

export const useActionTiming = (eventId: string) =>
  useQuery({
    queryKey: messagingKeys.timing(eventId),
    queryFn: ({ signal }) => apiRequest<ActionTimingsResponse>(API.actionTiming.get(eventId), { signal }),
    refetchInterval: (query) => (isRunning(query.state.data) ? 5_000 : false),
  });

/** After a start, a pause or a resend: the timing, the funnel and the guest list's progress column. */
const useRefreshSending = (eventId: string) => {
  const queryClient = useQueryClient();
  return (data?: ActionTimingsResponse) => {
    if (data) queryClient.setQueryData(messagingKeys.timing(eventId), data);
    void queryClient.invalidateQueries({ queryKey: ['messaging', eventId] });
    void queryClient.invalidateQueries({ queryKey: ['guests', eventId] });
  };
};

export const usePatchTiming = (eventId: string) => {
  const refresh = useRefreshSending(eventId);
  return useMutation({
    mutationFn: (body: ActionTimingPatch) => apiRequest<ActionTimingsResponse>(API.actionTiming.patch(eventId), { method: 'PATCH', body }),
    onSuccess: refresh,
  });
};

export const useStartAction = (eventId: string) => {
  const refresh = useRefreshSending(eventId);
  return useMutation({
    /** A message round, or `calls`: the call round (premium with calls included). */
    mutationFn: (action: TimedAction) => apiRequest<ActionTimingsResponse>(API.actionTiming.start(eventId), { method: 'POST', body: { action } }),
    onSuccess: refresh,
  });
};

export const usePauseSending = (eventId: string) => {
  const refresh = useRefreshSending(eventId);
  return useMutation({
    mutationFn: (paused: boolean) => apiRequest<ActionTimingsResponse>(API.actionTiming.pause(eventId), { method: 'POST', body: { paused } }),
    onSuccess: refresh,
  });
};

export const useActionPreview = (eventId: string, action: MessageAction | null) =>
  useQuery({
    queryKey: messagingKeys.preview(eventId, action ?? 'round1'),
    queryFn: ({ signal }) => apiRequest<ActionPreview>(`${API.messages.preview(eventId)}?action=${action ?? 'round1'}`, { signal }),
    enabled: action !== null,
    staleTime: 0,
  });

/** The funnel refreshes itself while the dashboard is open (reports arrive over minutes). */
export const useMessageFunnel = (eventId: string, enabled = true) =>
  useQuery({
    queryKey: messagingKeys.funnel(eventId),
    queryFn: ({ signal }) => apiRequest<MessageFunnel>(API.messages.funnel(eventId), { signal }),
    refetchInterval: 10_000,
    enabled,
  });

export const useResend = (eventId: string) => {
  const refresh = useRefreshSending(eventId);
  return useMutation({
    mutationFn: (body: { action: MessageAction; only: 'unread' | 'failed' }) =>
      apiRequest<{ queued: number }>(API.messages.resend(eventId), { method: 'POST', body }),
    onSuccess: () => refresh(),
  });
};

export const useGuestMessageHistory = (eventId: string, guestId: string) =>
  useQuery({
    queryKey: messagingKeys.history(eventId, guestId),
    queryFn: ({ signal }) => apiRequest<GuestMessageHistory>(API.messages.guest(eventId, guestId), { signal }),
  });
