import { HOST_ABILITY, STORAGE_KEYS } from '@magiim/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../../test-support/memory-storage';
import { firstScreenQueries, startEarlyRequests } from './early-requests';
import { firstScreenModulesFor } from './route-modules';

const ID = '2541de79-a8e3-4cb5-b1ae-144d0da6bdd0';

describe('firstScreenQueries', () => {
  it('names the data of the event list and of the dashboard, and nothing for other pages', () => {
    for (const path of ['/', '/manage-events', '/manage-events/en', '/manage-events/']) expect(firstScreenQueries(path)).toEqual([{ kind: 'events' }]);
    for (const path of [`/event/${ID}`, `/event/${ID}/`, `/event/${ID}/statistics`]) {
      expect(firstScreenQueries(path)).toEqual([
        { kind: 'event', eventId: ID },
        { kind: 'stats', eventId: ID },
      ]);
    }
    expect(firstScreenQueries(`/event/${ID}/guest/list`)).toEqual([{ kind: 'event', eventId: ID }]);
    expect(firstScreenQueries(`/event/${ID}/settings/2`)).toEqual([{ kind: 'event', eventId: ID }]);
    // Previews, a malformed id and public pages ask for nothing early.
    for (const path of [`/event/${ID}/invitation`, '/event/not-an-id/statistics', '/register', '/login', '/userSettings']) expect(firstScreenQueries(path)).toEqual([]);
  });

  it("matches the screens whose code the entry preloads", () => {
    expect(firstScreenModulesFor('/manage-events/he')).toEqual(['manageEventsLayout', 'manageEventsPage']);
    expect(firstScreenModulesFor(`/event/${ID}/statistics`)).toEqual(['eventLayout', 'statisticsPage']);
    expect(firstScreenModulesFor(`/event/${ID}/guest/list`)).toEqual(['eventLayout']);
    expect(firstScreenModulesFor('/register')).toEqual([]);
  });
});

describe('startEarlyRequests', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn().mockResolvedValue(new Response('[]'));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('localStorage', createMemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks nothing without a stored session', () => {
    expect(startEarlyRequests('/manage-events')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks with the stored session, the platform and the device id, as the API client does', () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    localStorage.setItem(
      STORAGE_KEYS.userData,
      JSON.stringify({ id: 'u1', fullName: 'Dana', email: 'd@example.com', emailVerified: true, lang: 'he', pendingEmail: null, hasPassword: true }),
    );
    localStorage.setItem(STORAGE_KEYS.userAbility, JSON.stringify(HOST_ABILITY));
    const requests = startEarlyRequests(`/event/${ID}/statistics`);
    expect(requests.map((r) => [r.path, r.token])).toEqual([
      [`/event/${ID}`, 'token-1'],
      [`/stats/${ID}`, 'token-1'],
    ]);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`/api/stats/${ID}`);
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-1');
    expect(headers['x-platform']).toBe('web');
    expect(headers['x-device-id']).toMatch(/^[\w-]{16,64}$/);
  });
});
