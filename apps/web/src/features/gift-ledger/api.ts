import {
  API,
  giftImportResultSchema,
  giftLedgerResponseSchema,
  guestListResponseSchema,
  type GiftEntryInput,
  type GiftImportResult,
  type GiftLedgerResponse,
  type GuestListResponse,
  type Lang,
} from '@magiim/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { apiDownload, apiUpload } from '../../app/api-transfer';

export const giftLedgerKeys = {
  ledger: (eventId: string) => ['gift-ledger', eventId] as const,
  guestSearch: (eventId: string, q: string) => ['gift-ledger', eventId, 'guest-search', q] as const,
};

/** Issue 32: the gifts received, their totals and the guests who came and gave nothing recorded. */
export const useGiftLedger = (eventId: string) =>
  useQuery({
    queryKey: giftLedgerKeys.ledger(eventId),
    queryFn: ({ signal }) => apiRequest<GiftLedgerResponse>(API.giftLedger.list(eventId), { signal, schema: giftLedgerResponseSchema }),
  });

/** Each change answers the whole ledger: it becomes the cached one. */
export const useAddGift = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GiftEntryInput) =>
      apiRequest<GiftLedgerResponse>(API.giftLedger.entries(eventId), { method: 'POST', body, schema: giftLedgerResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(giftLedgerKeys.ledger(eventId), data),
  });
};

export const useDeleteGift = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entryId: string) =>
      apiRequest<GiftLedgerResponse>(API.giftLedger.entry(eventId, entryId), { method: 'DELETE', schema: giftLedgerResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(giftLedgerKeys.ledger(eventId), data),
  });
};

/** The guests whose name or phone holds `q` (the quick entry's search); nothing asked for an empty search. */
export const useGuestSearch = (eventId: string, q: string) =>
  useQuery({
    queryKey: giftLedgerKeys.guestSearch(eventId, q),
    queryFn: ({ signal }) =>
      apiRequest<GuestListResponse>(`${API.guests.list(eventId)}?${new URLSearchParams({ q, pageSize: '20', sort: 'name' }).toString()}`, {
        signal,
        schema: guestListResponseSchema,
      }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** An xlsx of gifts: `commit: false` only checks, `true` adds the good rows (and refreshes the ledger). */
export const useGiftImport = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, commit, onProgress }: { file: File; commit: boolean; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return apiUpload<GiftImportResult>(`${API.giftLedger.import(eventId)}?commit=${commit}`, form, { onProgress }).then((result) =>
        giftImportResultSchema.parse(result),
      );
    },
    onSuccess: (result) => (result.committed && result.added > 0 ? queryClient.invalidateQueries({ queryKey: giftLedgerKeys.ledger(eventId) }) : undefined),
  });
};

/** Downloads the ledger as xlsx in `lang` (its name comes from the server). */
export const downloadGiftLedger = (eventId: string, lang: Lang) => apiDownload(API.giftLedger.export(eventId, lang), `gifts-${lang}.xlsx`);
