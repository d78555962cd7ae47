import type { Db } from '../../platform/db.js';
import type { ViewCounter } from '../../platform/context.js';
import { addViews } from './invitations.repository.js';

/**
 * Page opens are counted in memory and written once a second in one statement: the guest page stays a pure
 * read at any rate, and a crash loses at most a second of view counts (never an answer).
 */
export const createViewCounter = (db: Db, intervalMs = 1000): ViewCounter => {
  let pending = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();
  const flush = (): Promise<void> => {
    if (pending.size === 0) return writing;
    const batch = pending;
    pending = new Map();
    writing = writing.then(() =>
      addViews(db, batch).catch(() => {
        // Put the counts back for the next tick (the database may be restarting).
        for (const [id, n] of batch) pending.set(id, (pending.get(id) ?? 0) + n);
      }),
    );
    return writing;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    count: (guestId) => {
      pending.set(guestId, (pending.get(guestId) ?? 0) + 1);
    },
    flush,
    stop: async () => {
      clearInterval(timer);
      await flush();
    },
  };
};
