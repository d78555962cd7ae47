import {
  API,
  type EventDto,
  type EventEdit,
  type EventInput,
  type Lang,
} from '@magiim/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, lazySchema, resolveSchema } from '../../app/api-client';
import { apiUpload } from '../../app/api-transfer';
import { writeUserData } from '../../app/session';

// The answer checks load on their own (app/response-schemas.ts): this module is on the first screens.
const eventListSchema = lazySchema((s) => s.eventListSchema);
const eventSchema = lazySchema((s) => s.eventSchema);
const nonRemovableLanguagesSchema = lazySchema((s) => s.nonRemovableLanguagesSchema);
const okResponseSchema = lazySchema((s) => s.okResponseSchema);
const placeSuggestionsSchema = lazySchema((s) => s.placeSuggestionsSchema);
const profileResponseSchema = lazySchema((s) => s.profileResponseSchema);

export const eventKeys = {
  all: ['events'] as const,
  one: (id: string) => ['events', id] as const,
  nonRemovableLanguages: (id: string) => ['events', id, 'non-removable-languages'] as const,
  places: (q: string, lang: string) => ['places', lang, q] as const,
};

export const useEvents = () =>
  useQuery({
    queryKey: eventKeys.all,
    queryFn: ({ signal }) => apiRequest(API.event.fetchEvents, { schema: eventListSchema, signal }),
  });

export const useEventById = (id: string) =>
  useQuery({
    queryKey: eventKeys.one(id),
    queryFn: ({ signal }) => apiRequest(API.event.byId(id), { schema: eventSchema, signal }),
  });

export const useNonRemovableLanguages = (id: string) =>
  useQuery({
    queryKey: eventKeys.nonRemovableLanguages(id),
    queryFn: ({ signal }) => apiRequest(API.event.nonRemovableLanguages(id), { schema: nonRemovableLanguagesSchema, signal }),
  });

/** Suggestions for the location field; an empty query asks nothing. */
export const usePlaceSuggestions = (q: string, lang: Lang) =>
  useQuery({
    queryKey: eventKeys.places(q, lang),
    queryFn: ({ signal }) =>
      apiRequest(`${API.places.suggest}?${new URLSearchParams({ q, lang }).toString()}`, { schema: placeSuggestionsSchema, signal }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

export interface EventSubmission<T> {
  data: T;
  /** A new invitation image, sent as the multipart part `image`. */
  image?: File | null;
  onProgress?: (fraction: number) => void;
}

/** newEvent/editEvent take JSON, or multipart with the JSON in `data` when an image goes along. */
const sendEvent = async <T>(path: string, { data, image, onProgress }: EventSubmission<T>): Promise<EventDto> => {
  const answer = image
    ? await (() => {
        const form = new FormData();
        form.append('data', JSON.stringify(data));
        form.append('image', image, image.name);
        return apiUpload<unknown>(path, form, { onProgress });
      })()
    : await apiRequest<unknown>(path, { method: 'POST', body: data });
  return (await resolveSchema(eventSchema)).parse(answer);
};

/** The server switches the guide tour on when an event is created; the stored user data follows. */
const refreshUserData = async (): Promise<void> => {
  try {
    writeUserData((await apiRequest(API.user.me, { schema: profileResponseSchema })).userData);
  } catch {
    // The tour flag is a nicety; the event exists either way.
  }
};

export const useCreateEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: EventSubmission<EventInput>) => sendEvent(API.event.newEvent, submission),
    onSuccess: async (event) => {
      queryClient.setQueryData(eventKeys.one(event.id), event);
      await Promise.all([queryClient.invalidateQueries({ queryKey: eventKeys.all, exact: true }), refreshUserData()]);
      void queryClient.invalidateQueries({ queryKey: ['user', 'me'] });
    },
  });
};

const storeEvent = (queryClient: ReturnType<typeof useQueryClient>, event: EventDto) => {
  queryClient.setQueryData(eventKeys.one(event.id), event);
  void queryClient.invalidateQueries({ queryKey: eventKeys.all, exact: true });
};

export const useEditEvent = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (submission: EventSubmission<EventEdit>) => sendEvent(API.event.editEvent(id), submission),
    onSuccess: (event) => storeEvent(queryClient, event),
  });
};

export const useDeleteEventImage = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(API.event.deleteImage(id), { method: 'DELETE', schema: eventSchema }),
    onSuccess: (event) => storeEvent(queryClient, event),
  });
};

export const useDeleteEvent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(API.event.byId(id), { method: 'DELETE', schema: okResponseSchema }),
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<EventDto[]>(eventKeys.all, (events) => events?.filter((event) => event.id !== id));
      queryClient.removeQueries({ queryKey: eventKeys.one(id) });
    },
  });
};
