import { safeNextPath } from '@magiim/shared';

/**
 * Where a registration was heading (a co-host invitation), kept in this browser from registering until the first
 * sign-in after verifying, for a verification link that does not carry it (one asked for again). A day at most.
 */
const KEY = 'pendingNext';
const MAX_AGE_MS = 24 * 3_600_000;

export const rememberPendingNext = (next: string): void => {
  try {
    localStorage.setItem(KEY, JSON.stringify({ next, at: Date.now() }));
  } catch {
    // storage off: the link's own ?next= still carries it
  }
};

/** The remembered path, if fresh and of this site. */
export const pendingNext = (): string | null => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { next?: unknown; at?: unknown } | null;
    if (!stored || typeof stored.at !== 'number' || Date.now() - stored.at > MAX_AGE_MS) return null;
    return safeNextPath(stored.next, window.location.origin);
  } catch {
    return null;
  }
};

export const forgetPendingNext = (): void => {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
};
