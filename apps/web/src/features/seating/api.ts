import { API, type Lang, type SeatingAutoResult, type SeatingPlan, type SeatingSettings, type SeatingTableCreate, type SeatingTableUpdate } from '@magiim/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { apiDownload } from '../../app/api-transfer';
import { applyGuestMove, applyTableEdit } from './plan-model';

export const seatingKeys = {
  plan: (eventId: string) => ['seating', eventId, 'plan'] as const,
  changes: (eventId: string) => ['seating', eventId, 'change'] as const,
};

export const useSeatingPlan = (eventId: string) =>
  useQuery({
    queryKey: seatingKeys.plan(eventId),
    queryFn: ({ signal }) => apiRequest<SeatingPlan>(API.seating.plan(eventId), { signal }),
  });

/**
 * Changes shown at once (optimistic), rolled back on an error; the server's plan replaces the screen's only
 * when no other change is still on its way (a quick second move is not undone by the first one's answer).
 */
const useOptimisticPlanChange = <V,>(eventId: string, send: (vars: V) => Promise<SeatingPlan>, change: (plan: SeatingPlan, vars: V) => SeatingPlan) => {
  const queryClient = useQueryClient();
  const key = seatingKeys.plan(eventId);
  const mutationKey = seatingKeys.changes(eventId);
  return useMutation({
    mutationKey,
    mutationFn: send,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<SeatingPlan>(key);
      if (before) queryClient.setQueryData<SeatingPlan>(key, change(before, vars));
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (plan) => {
      if (queryClient.isMutating({ mutationKey }) <= 1) queryClient.setQueryData(key, plan);
    },
  });
};

export const useMoveGuest = (eventId: string) =>
  useOptimisticPlanChange(
    eventId,
    ({ guestId, tableId }: { guestId: string; tableId: string | null }) => apiRequest<SeatingPlan>(API.seating.guest(eventId, guestId), { method: 'PUT', body: { tableId } }),
    (plan, { guestId, tableId }) => applyGuestMove(plan, guestId, tableId),
  );

export const usePlaceTable = (eventId: string) =>
  useOptimisticPlanChange(
    eventId,
    ({ tableId, x, y }: { tableId: string; x: number; y: number }) => apiRequest<SeatingPlan>(API.seating.table(eventId, tableId), { method: 'PUT', body: { x, y } }),
    (plan, { tableId, x, y }) => applyTableEdit(plan, tableId, { x, y }),
  );

const usePlanAnswer = <V,>(eventId: string, send: (vars: V) => Promise<SeatingPlan>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (plan) => queryClient.setQueryData(seatingKeys.plan(eventId), plan),
  });
};

export const useCreateTable = (eventId: string) =>
  usePlanAnswer(eventId, (body: SeatingTableCreate) => apiRequest<SeatingPlan>(API.seating.tables(eventId), { method: 'POST', body }));

export const useEditTable = (eventId: string) =>
  usePlanAnswer(eventId, ({ tableId, body }: { tableId: string; body: SeatingTableUpdate }) =>
    apiRequest<SeatingPlan>(API.seating.table(eventId, tableId), { method: 'PUT', body }),
  );

export const useDeleteTable = (eventId: string) =>
  usePlanAnswer(eventId, (tableId: string) => apiRequest<SeatingPlan>(API.seating.table(eventId, tableId), { method: 'DELETE' }));

export const useAutoSeat = (eventId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<SeatingAutoResult>(API.seating.auto(eventId), { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: seatingKeys.plan(eventId) }),
  });
};

export const useShowTablesToGuests = (eventId: string) => {
  const queryClient = useQueryClient();
  const key = seatingKeys.plan(eventId);
  return useMutation({
    mutationFn: (body: SeatingSettings) => apiRequest<SeatingSettings>(API.seating.settings(eventId), { method: 'PUT', body }),
    onMutate: ({ showTablesToGuests }) => {
      const before = queryClient.getQueryData<SeatingPlan>(key);
      if (before) queryClient.setQueryData<SeatingPlan>(key, { ...before, showTablesToGuests });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData<SeatingPlan>(key, (now) => (now ? { ...now, showTablesToGuests: context.before!.showTablesToGuests } : now));
    },
  });
};

/** The hall's list (.xlsx) in the page's language, as the guest export does. */
export const downloadSeatingExport = (eventId: string, lang: Lang) => apiDownload(API.seating.export(eventId, lang), 'seating.xlsx');
