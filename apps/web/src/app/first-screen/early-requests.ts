import { API, API_BASE, API_TIMEOUT_MS } from '@magiim/shared';
import { apiHeaders } from '../api-client';
import { readSession } from '../session';

/** The answers a first screen shows before anything else: the event list, or the dashboard's event and figures. */
export type EarlyQuery = { kind: 'events' } | { kind: 'event'; eventId: string } | { kind: 'stats'; eventId: string };

export interface EarlyRequest {
  query: EarlyQuery;
  path: string;
  /** The session it was asked with: an answer for another session is not used. */
  token: string;
  answer: Promise<Response>;
}

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the address's first screen asks the API for (the routes of app/router.tsx). */
export const firstScreenQueries = (pathname: string): EarlyQuery[] => {
  if (/^\/(?:manage-events(?:\/[^/]+)?)?\/?$/.test(pathname)) return [{ kind: 'events' }];
  const [, eventId = '', screen = ''] = /^\/event\/([^/]+)(?:\/([^/]+))?/.exec(pathname) ?? [];
  if (!EVENT_ID.test(eventId)) return [];
  // The dashboard's home (the bare /event/:id leads there) shows the figures; its other screens, only the frame.
  if (screen === '' || screen === 'statistics') return [{ kind: 'event', eventId }, { kind: 'stats', eventId }];
  if (screen === 'settings' || screen === 'guest') return [{ kind: 'event', eventId }];
  return [];
};

export const earlyQueryPath = (query: EarlyQuery): string => {
  switch (query.kind) {
    case 'events':
      return API.event.fetchEvents;
    case 'event':
      return API.event.byId(query.eventId);
    case 'stats':
      return API.stats(query.eventId);
  }
};

/**
 * Asks for the first screen's data as soon as the entry runs, while React, MUI and the page's code are still
 * on their way; app/first-screen/seed-queries.ts hands the answers to TanStack Query. Signed-in hosts only.
 */
export const startEarlyRequests = (pathname: string): EarlyRequest[] => {
  const session = readSession();
  if (!session) return [];
  return firstScreenQueries(pathname).map((query) => {
    const path = earlyQueryPath(query);
    const answer = fetch(`${API_BASE}${path}`, { headers: apiHeaders(session.accessToken), signal: AbortSignal.timeout(API_TIMEOUT_MS) });
    // A failure is handled where the answer is read (by asking again); until then it is not an unhandled rejection.
    answer.catch(() => undefined);
    return { query, path, token: session.accessToken, answer };
  });
};
