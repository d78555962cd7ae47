import type { LiveSession } from './session-lookup.js';

/**
 * Read requests reuse a session looked up in the last moment (SESSION_CACHE_MS, 1 s by default) instead of
 * asking the database on every call. Whatever changes a session or its user drops the user's entries in this
 * process at once: every write request by the user (before and after it runs), revoking sessions and blocking
 * (in the repositories). Another API process sees such a change within the window.
 */
const MAX_ENTRIES = 50_000;

interface Entry {
  session: LiveSession;
  until: number;
}

const byToken = new Map<string, Entry>();
const byUser = new Map<string, Set<string>>();

const forget = (tokenHash: string) => {
  const entry = byToken.get(tokenHash);
  if (!entry) return;
  byToken.delete(tokenHash);
  const tokens = byUser.get(entry.session.user.id);
  tokens?.delete(tokenHash);
  if (tokens?.size === 0) byUser.delete(entry.session.user.id);
};

export const cachedSession = (tokenHash: string, now = Date.now()): LiveSession | undefined => {
  const entry = byToken.get(tokenHash);
  if (!entry) return undefined;
  if (entry.until <= now) {
    forget(tokenHash);
    return undefined;
  }
  return entry.session;
};

export const cacheSession = (tokenHash: string, session: LiveSession, ttlMs: number, now = Date.now()): void => {
  if (ttlMs <= 0) return;
  if (byToken.size >= MAX_ENTRIES) forget(byToken.keys().next().value as string);
  forget(tokenHash);
  byToken.set(tokenHash, { session, until: now + ttlMs });
  let tokens = byUser.get(session.user.id);
  if (!tokens) byUser.set(session.user.id, (tokens = new Set()));
  tokens.add(tokenHash);
};

export const evictUserSessions = (userId: string): void => {
  for (const tokenHash of [...(byUser.get(userId) ?? [])]) forget(tokenHash);
};
