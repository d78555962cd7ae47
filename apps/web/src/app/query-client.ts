import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

// A 4xx answer will not change by asking again; a dropped connection might.
const shouldRetry = (failureCount: number, error: unknown): boolean =>
  !(isApiError(error) && error.status >= 400 && error.status < 500) && failureCount < 1;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
