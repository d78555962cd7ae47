import { isAbilityRules, isStoredUserData, STORAGE_KEYS, type AbilityRule, type LoginResponse, type UserData } from '@magiim/shared';

/**
 * The signed-in user as kept in local storage (spec §3, §4): the same keys the mobile app web view reads.
 * Signed in means all three keys hold valid values.
 */
export type StoredSession = LoginResponse;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const browserStorage = (): KeyValueStorage | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;

const parseJson = (raw: string | null): unknown => {
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

export const readSession = (storage = browserStorage()): StoredSession | null => {
  if (!storage) return null;
  const accessToken = storage.getItem(STORAGE_KEYS.accessToken);
  // Checked without zod: this runs before the first page, and zod is not part of the first screen's JavaScript.
  const userData = parseJson(storage.getItem(STORAGE_KEYS.userData));
  const userAbility = parseJson(storage.getItem(STORAGE_KEYS.userAbility));
  if (!accessToken || !isStoredUserData(userData) || !isAbilityRules(userAbility)) return null;
  return { accessToken, userData: userData as UserData, userAbility: userAbility as AbilityRule[] };
};

export const readAccessToken = (storage = browserStorage()): string | null =>
  storage?.getItem(STORAGE_KEYS.accessToken) || null;

export const writeSession = (session: StoredSession, storage = browserStorage()): void => {
  if (!storage) return;
  storage.setItem(STORAGE_KEYS.accessToken, session.accessToken);
  storage.setItem(STORAGE_KEYS.userData, JSON.stringify(session.userData));
  storage.setItem(STORAGE_KEYS.userAbility, JSON.stringify(session.userAbility));
  // The host mark cookie (HOST_MARK_COOKIE) is HttpOnly: the server sets it at sign-in and clears it at sign-out.
  notifySessionChanged();
};

/**
 * An unverified user holds only a token that may ask for the verification link again: stored under the
 * same key so API calls carry it, without user data or abilities, so the user is not signed in.
 */
export const writeVerificationSession = (accessToken: string, storage = browserStorage()): void => {
  if (!storage) return;
  storage.setItem(STORAGE_KEYS.accessToken, accessToken);
  storage.removeItem(STORAGE_KEYS.userData);
  storage.removeItem(STORAGE_KEYS.userAbility);
  notifySessionChanged();
};

export const writeUserData = (userData: UserData, storage = browserStorage()): void => {
  if (!storage) return;
  storage.setItem(STORAGE_KEYS.userData, JSON.stringify(userData));
  notifySessionChanged();
};

export const clearSession = (storage = browserStorage()): void => {
  if (!storage) return;
  storage.removeItem(STORAGE_KEYS.accessToken);
  storage.removeItem(STORAGE_KEYS.userData);
  storage.removeItem(STORAGE_KEYS.userAbility);
  notifySessionChanged();
};

export const readAbilityRules = (storage = browserStorage()): AbilityRule[] | null =>
  readSession(storage)?.userAbility ?? null;

type Listener = () => void;
const listeners = new Set<Listener>();

export const subscribeSession = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function notifySessionChanged(): void {
  for (const listener of listeners) listener();
}

// Another tab signing in or out changes what this tab may show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    const keys: readonly (string | null)[] = Object.values(STORAGE_KEYS);
    if (event.key === null || keys.includes(event.key)) notifySessionChanged();
  });
}
