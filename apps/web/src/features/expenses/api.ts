import { API, expensesResponseSchema, type ExpensesEdit, type ExpensesResponse, type Lang } from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { apiDownload } from '../../app/api-transfer';

export const expenseKeys = {
  list: (eventId: string) => ['expenses', eventId] as const,
};

export const useExpenses = (eventId: string) =>
  useQuery({
    queryKey: expenseKeys.list(eventId),
    queryFn: ({ signal }) => apiRequest<ExpensesResponse>(API.expenses.list(eventId), { signal, schema: expensesResponseSchema }),
    // The page holds the host's edits; a refetch in the background would not replace them anyway.
    refetchOnWindowFocus: false,
  });

/** `PUT expenses/{id}`: the whole list at the version read; the answer becomes the cached list. */
export const useSaveExpenses = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ExpensesEdit) =>
      apiRequest<ExpensesResponse>(API.expenses.list(eventId), { method: 'PUT', body, schema: expensesResponseSchema }),
    onSuccess: (data) => queryClient.setQueryData(expenseKeys.list(eventId), data),
  });
};

/** Downloads the xlsx in `lang` (its name comes from the server). */
export const downloadExpenseExport = (eventId: string, lang: Lang) => apiDownload(API.expenses.export(eventId, lang), `expenses-${lang}.xlsx`);
