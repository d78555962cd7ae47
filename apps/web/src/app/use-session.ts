import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@magiim/shared';
import { readAccessToken, readSession, subscribeSession, type StoredSession } from './session';

let cachedRaw: string | undefined;
let cachedSession: StoredSession | null = null;

// useSyncExternalStore needs the same object while storage is unchanged.
const getSnapshot = (): StoredSession | null => {
  const raw = [STORAGE_KEYS.accessToken, STORAGE_KEYS.userData, STORAGE_KEYS.userAbility]
    .map((key) => localStorage.getItem(key) ?? '')
    .join('\u0000');
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedSession = readSession();
  }
  return cachedSession;
};

/** The signed-in user, or null; re-renders on sign-in, sign-out and profile updates. */
export const useSession = (): StoredSession | null => useSyncExternalStore(subscribeSession, getSnapshot, () => null);

/** The stored token, also the verify-only one of a user who has not confirmed the e-mail yet. */
export const useAccessToken = (): string | null => useSyncExternalStore(subscribeSession, () => readAccessToken(), () => null);
