import { USHER_TOKEN_HEADER } from '@magiim/shared';

/**
 * An usher opens `/event/:id/check-in#usher=<token>`: the token rides in the fragment (never sent to a server or
 * logged), is kept in this tab's session storage for the event, and is taken off the address bar.
 */
const keyOf = (eventId: string) => `magiim.usher.${eventId}`;

export const takeUsherTokenFromUrl = (eventId: string, location: { hash: string; pathname: string; search: string } = window.location): void => {
  const match = /(?:^#|&)usher=([A-Za-z0-9_-]{16,200})/.exec(location.hash);
  if (!match?.[1]) return;
  sessionStorage.setItem(keyOf(eventId), match[1]);
  window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
};

export const usherTokenOf = (eventId: string): string | null => {
  try {
    return sessionStorage.getItem(keyOf(eventId));
  } catch {
    return null;
  }
};

/** The request options of a door call: the usher's header without the host's session, or the host's session. */
export const doorRequestOptions = (eventId: string): { withToken: boolean; headers?: Record<string, string> } => {
  const usher = usherTokenOf(eventId);
  return usher ? { withToken: false, headers: { [USHER_TOKEN_HEADER]: usher } } : { withToken: true };
};
