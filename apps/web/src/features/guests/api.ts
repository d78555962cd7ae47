import { sideLabelsKey } from './side-labels-api';
import {
  API,
  type GroupDto,
  type GuestBulkInput,
  type GuestDto,
  type GuestEdit,
  type GuestInput,
  type GuestListQuery,
  type GuestListResponse,
  type GuestRowsInput,
  type ImportMapping,
  type ImportResult,
  type Lang,
  type SideLabels,
} from '@magiim/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { apiDownload, apiUpload } from '../../app/api-transfer';

export const guestKeys = {
  all: (eventId: string) => ['guests', eventId] as const,
  list: (eventId: string, query: GuestListQuery) => ['guests', eventId, 'list', query] as const,
  one: (eventId: string, guestId: string) => ['guests', eventId, 'one', guestId] as const,
  groups: (eventId: string) => ['groups', eventId] as const,
  sides: sideLabelsKey,
};

/** After any change to the list: the lists, the groups' counts and the event's counts (cards, dashboard). */
const refreshAfterChange = (queryClient: QueryClient, eventId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: guestKeys.all(eventId) }),
    queryClient.invalidateQueries({ queryKey: guestKeys.groups(eventId) }),
    queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'events' || query.queryKey[0] === 'event' }),
  ]);

const queryString = (query: GuestListQuery): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

/** One page of the guest list; the previous page stays on screen while the next one loads. */
export const useGuestList = (eventId: string, query: GuestListQuery) =>
  useQuery({
    queryKey: guestKeys.list(eventId, query),
    queryFn: ({ signal }) => apiRequest<GuestListResponse>(`${API.guests.list(eventId)}${queryString(query)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export const useGuest = (eventId: string, guestId: string) =>
  useQuery({
    queryKey: guestKeys.one(eventId, guestId),
    queryFn: ({ signal }) => apiRequest<GuestDto>(API.guests.one(eventId, guestId), { signal }),
  });

export const useCreateGuest = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestInput) => apiRequest<GuestDto>(API.guests.new(eventId), { method: 'POST', body }),
    // Not awaited: quick add empties its row (and the count goes back to 1) as soon as the guest is added,
    // not after the list has been fetched again, when the host may already be typing the next one.
    onSuccess: () => {
      void refreshAfterChange(queryClient, eventId);
    },
  });
};

export const useEditGuest = (eventId: string, guestId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestEdit) => apiRequest<GuestDto>(API.guests.edit(eventId, guestId), { method: 'PUT', body }),
    onSuccess: (guest) => {
      queryClient.setQueryData(guestKeys.one(eventId, guestId), guest);
      return refreshAfterChange(queryClient, eventId);
    },
  });
};

export const useDeleteGuest = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (guestId: string) => apiRequest(API.guests.one(eventId, guestId), { method: 'DELETE' }),
    onSuccess: () => refreshAfterChange(queryClient, eventId),
  });
};

export const useBulkGuests = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GuestBulkInput) => apiRequest<{ affected: number }>(API.guests.bulk(eventId), { method: 'POST', body }),
    onSuccess: () => refreshAfterChange(queryClient, eventId),
  });
};

/** Pasted rows or picked contacts: `commit: false` only checks, `true` adds the good rows. */
export const useGuestRows = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, commit }: { rows: GuestRowsInput['rows']; commit: boolean }) =>
      apiRequest<ImportResult>(`${API.guests.rows(eventId)}?commit=${commit}`, { method: 'POST', body: { rows } }),
    onSuccess: (result) => (result.imported > 0 ? refreshAfterChange(queryClient, eventId) : undefined),
  });
};

export const useGuestFileImport = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit, mapping, onProgress }: { file: File; commit: boolean; mapping?: ImportMapping | null; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      // The same file again with the host's reading of its columns: nothing of it is kept on the server between the steps.
      if (mapping) form.append('mapping', JSON.stringify(mapping));
      form.append('file', file, file.name);
      return apiUpload<ImportResult>(`${API.guests.import(eventId)}?commit=${commit}`, form, { onProgress });
    },
    onSuccess: (result) => (result.imported > 0 ? refreshAfterChange(queryClient, eventId) : undefined),
  });
};

export const downloadGuestExport = (eventId: string, lang: Lang) => apiDownload(API.guests.export(eventId, lang), 'guests.xlsx');
export const downloadImportTemplate = (lang: Lang) => apiDownload(API.guests.importTemplate(lang), 'guests-template.xlsx');

export const useGoogleContacts = () =>
  useMutation({
    mutationFn: (accessToken: string) =>
      apiRequest<{ contacts: { name: string; phoneNumber: string }[] }>(API.guests.googleContacts, { method: 'POST', body: { accessToken } }),
  });

export const useGroups = (eventId: string) =>
  useQuery({
    queryKey: guestKeys.groups(eventId),
    queryFn: ({ signal }) => apiRequest<GroupDto[]>(API.groups.fetch(eventId), { signal }),
  });

export const useCreateGroup = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<GroupDto>(API.groups.new(eventId), { method: 'POST', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.groups(eventId) }),
  });
};

export const useRenameGroup = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, name }: { groupId: string; name: string }) =>
      apiRequest<GroupDto>(API.groups.one(eventId, groupId), { method: 'PUT', body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestKeys.groups(eventId) }),
  });
};

export const useDeleteGroup = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => apiRequest(API.groups.one(eventId, groupId), { method: 'DELETE' }),
    onSuccess: () => refreshAfterChange(queryClient, eventId),
  });
};

export { useSideLabels } from './side-labels-api';

export const useSaveSideLabels = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SideLabels) => apiRequest<SideLabels>(API.guests.sides(eventId), { method: 'PUT', body }),
    onSuccess: (labels) => {
      queryClient.setQueryData(guestKeys.sides(eventId), labels);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] === 'events' && query.queryKey[2] === 'stats' });
    },
  });
};
