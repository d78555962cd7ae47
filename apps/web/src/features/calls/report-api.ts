import { API, CALL_REPORT_PAGE_SIZE, callReportSchema, type CallReport, type CallResult } from '@magiim/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';

/** Under the messaging keys, so a start, a pause or a resend (which invalidate `['messaging', eventId]`) refresh it too. */
export const callReportKeys = {
  all: (eventId: string) => ['messaging', eventId, 'callReport'] as const,
  page: (eventId: string, page: number, result: CallResult | null) => ['messaging', eventId, 'callReport', page, result ?? 'all'] as const,
  guest: (eventId: string, guestId: string) => ['messaging', eventId, 'callReport', 'guest', guestId] as const,
};

/** While the round runs the report is asked again every few seconds (answers arrive by the minute). */
export const CALL_REPORT_REFRESH_MS = 4_000;

export const callReportUrl = (eventId: string, offset: number, limit: number, result: CallResult | null): string => {
  const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
  if (result) query.set('result', result);
  return `${API.calls.report(eventId)}?${query.toString()}`;
};

export const fetchCallReport = (eventId: string, offset: number, limit: number, result: CallResult | null, signal?: AbortSignal): Promise<CallReport> =>
  apiRequest<CallReport>(callReportUrl(eventId, offset, limit, result), { signal, schema: callReportSchema });

/** One page (50 guests) of the call round, filtered by result; refreshed while the round is running. */
export const useCallReport = (eventId: string, page: number, result: CallResult | null) =>
  useQuery({
    queryKey: callReportKeys.page(eventId, page, result),
    queryFn: ({ signal }) => fetchCallReport(eventId, page * CALL_REPORT_PAGE_SIZE, CALL_REPORT_PAGE_SIZE, result, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? CALL_REPORT_REFRESH_MS : false),
  });

export const guestCallsUrl = (eventId: string, guestId: string): string =>
  `${API.calls.report(eventId)}?${new URLSearchParams({ guestId, limit: '1' }).toString()}`;

/** One guest's calls (attempts, results, next try) for the guest's history, read with the report's guest filter;
 * item null when the guest is not in the round. */
export const useGuestCalls = (eventId: string, guestId: string, enabled: boolean) =>
  useQuery({
    queryKey: callReportKeys.guest(eventId, guestId),
    enabled,
    queryFn: async ({ signal }) => {
      const report = await apiRequest<CallReport>(guestCallsUrl(eventId, guestId), { signal, schema: callReportSchema });
      const item = report.items.find((row) => row.guestId === guestId) ?? null;
      return { item, running: report.state === 'running' };
    },
    refetchInterval: (query) => (query.state.data?.running ? CALL_REPORT_REFRESH_MS * 2 : false),
  });
