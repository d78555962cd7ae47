import { STORAGE_KEYS } from '@magiim/shared';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../../test-support/memory-storage';
import { eventKeys } from '../../features/events/api';
import { eventStatsQuery } from '../../features/statistics/api';
import { apiRequest, lazySchema, loadResponseSchemas, setGlobalErrorHandlers } from '../api-client';
import type { EarlyRequest } from './early-requests';
import { seedFirstQueries } from './seed-queries';

const early = (answer: Response | Promise<Response>, token = 'token-1'): EarlyRequest => ({
  query: { kind: 'events' },
  path: '/event/fetchEvents',
  token,
  answer: Promise.resolve(answer),
});

describe('seedFirstQueries', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const onSessionExpired = vi.fn();
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', createMemoryStorage());
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    onSessionExpired.mockReset();
    setGlobalErrorHandlers({ onRateLimited() {}, onVerifyEmail() {}, onSessionExpired });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("hands the early answer to the screen's query: the hook finds it without asking again", async () => {
    const client = new QueryClient();
    seedFirstQueries(client, [early(new Response('[]', { status: 200 }))]);
    await expect(client.fetchQuery({ queryKey: eventKeys.all, queryFn: () => Promise.reject(new Error('asked again')), staleTime: 60_000 })).resolves.toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks again the usual way when the early answer is an error, so a lost session is handled as before', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 'UNAUTHORIZED', message: 'no' }), { status: 401 }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    seedFirstQueries(client, [early(new Response('{"code":"UNAUTHORIZED","message":"no"}', { status: 401 }))]);
    await vi.waitFor(() => expect(client.getQueryState(eventKeys.all)?.status).toBe('error'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/event/fetchEvents');
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('does not use an answer asked for another session', async () => {
    fetchMock.mockResolvedValueOnce(new Response('[]', { status: 200 }));
    const client = new QueryClient();
    seedFirstQueries(client, [early(new Response('[{"not":"an event"}]', { status: 200 }), 'token-of-someone-else')]);
    await vi.waitFor(() => expect(client.getQueryData(eventKeys.all)).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again the usual way when the early answer has another shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response('[]', { status: 200 }));
    const client = new QueryClient();
    seedFirstQueries(client, [early(new Response('{"events":[]}', { status: 200 }))]);
    await vi.waitFor(() => expect(client.getQueryData(eventKeys.all)).toEqual([]));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('drops a seeded answer the full check refuses once the checks load, and ends as a refused answer always has', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Looks like an event list at first sight, but the event lacks every other field.
    const wrong = [{ id: 'e1', names: { he: 'x' } }];
    fetchMock.mockResolvedValue(new Response(JSON.stringify(wrong), { status: 200 }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // The list's own query (features/events/api.ts): asked again, its answer is refused as every refused answer is.
    const observer = new QueryObserver(client, {
      queryKey: eventKeys.all,
      queryFn: ({ signal }) => apiRequest('/event/fetchEvents', { schema: lazySchema((s) => s.eventListSchema), signal }),
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    seedFirstQueries(client, [early(new Response(JSON.stringify(wrong), { status: 200 }))]);
    await loadResponseSchemas();
    await vi.waitFor(() => expect(client.getQueryState(eventKeys.all)?.status).toBe('error'));
    unsubscribe();
    expect(client.getQueryData(eventKeys.all)).toBeUndefined();
    expect(client.getQueryState(eventKeys.all)?.error).toMatchObject({ code: 'INTERNAL' });
    expect(console.error).toHaveBeenCalledWith('Unexpected answer from GET /event/fetchEvents', expect.anything());
  });

  it("does not ask for the dashboard's figures again when the dashboard mounts right after the early answer", async () => {
    const figures = { guests: 1, invited: 2, attending: 2, approved: 1, partiallyComing: 0, declined: 0, maybe: 0, noAnswer: 0, wrongNumber: 0, viewed: 1, guestStats: { changedDecision: 0 }, recentResponses: [], changedDecisions: [], byGroup: [], meals: {}, transport: {} };
    const client = new QueryClient();
    const request: EarlyRequest = { query: { kind: 'stats', eventId: 'ev1' }, path: '/stats/ev1', token: 'token-1', answer: Promise.resolve(new Response(JSON.stringify(figures), { status: 200 })) };
    seedFirstQueries(client, [request]);
    await vi.waitFor(() => expect(client.getQueryData(eventStatsQuery('ev1').queryKey)).toEqual(figures));
    const observer = new QueryObserver(client, eventStatsQuery('ev1'));
    const unsubscribe = observer.subscribe(() => undefined);
    // A sentinel mounted after it, on figures not seeded, asks the same way: once its request is seen, a request
    // for the seeded figures would have been seen before it.
    fetchMock.mockImplementation(() => Promise.resolve(new Response(JSON.stringify(figures), { status: 200 })));
    const sentinel = new QueryObserver(client, eventStatsQuery('ev2'));
    const unsubscribeSentinel = sentinel.subscribe(() => undefined);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(sentinel.getCurrentResult().data).toEqual(figures));
    unsubscribe();
    unsubscribeSentinel();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/stats/ev2');
  });
});
