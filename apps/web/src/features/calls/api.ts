import {
  API,
  API_BASE,
  API_TIMEOUT_MS,
  voiceTemplatesResponseSchema,
  type TextToSpeechRequest,
  type VoiceTemplateEdit,
  type VoiceTemplatesResponse,
} from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiHeaders, apiRequest, handleGlobally } from '../../app/api-client';
import { ApiError, toApiError } from '../../app/api-error';
import { readAccessToken } from '../../app/session';

export const callKeys = {
  voiceTemplates: (eventId: string) => ['calls', eventId, 'voiceTemplates'] as const,
};

/** The host's call scripts (one per language they saved) and the defaults of the event's languages. */
export const useVoiceTemplates = (eventId: string) =>
  useQuery({
    queryKey: callKeys.voiceTemplates(eventId),
    queryFn: ({ signal }) => apiRequest<VoiceTemplatesResponse>(API.voiceTemplate.get(eventId), { signal, schema: voiceTemplatesResponseSchema }),
  });

/** Saves one language's script (premium only: PREMIUM_REQUIRED otherwise); the answer replaces the cached scripts. */
export const useSaveVoiceTemplate = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VoiceTemplateEdit) =>
      apiRequest<VoiceTemplatesResponse>(API.voiceTemplate.edit(eventId), { method: 'POST', body, schema: voiceTemplatesResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(callKeys.voiceTemplates(eventId), data),
  });
};

const readError = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

/**
 * `POST text-to-speech/{id}`: the text read aloud, as audio bytes (`audio/wav` or `audio/mpeg`). Same headers and
 * error handling as every JSON call; an answer that is not audio is refused.
 */
export const fetchSpeech = async (eventId: string, body: TextToSpeechRequest, signal?: AbortSignal): Promise<Blob> => {
  const token = readAccessToken();
  const headers = { ...apiHeaders(token), Accept: 'audio/mpeg, audio/wav, application/json', 'Content-Type': 'application/json' };
  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${API.textToSpeech(eventId)}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  if (!response.ok) {
    const error = toApiError(response.status, await readError(response));
    handleGlobally(error, Boolean(token), response.headers.get('retry-after'));
    throw error;
  }
  const blob = await response.blob();
  const type = response.headers.get('content-type') ?? blob.type;
  if (!type.startsWith('audio/') || blob.size === 0) throw new ApiError(response.status, 'INTERNAL', 'Unexpected response');
  return blob.type ? blob : new Blob([blob], { type });
};
