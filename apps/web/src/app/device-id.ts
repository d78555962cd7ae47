/** Local-storage key of this browser's device id (contract with the server's lockout rules). */
export const DEVICE_ID_KEY = 'deviceId';
export const DEVICE_ID_HEADER = 'x-device-id';

const randomId = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/**
 * An opaque random id, created once and kept: a remembered device may still sign in while its account is
 * locked by someone else's wrong passwords. Without storage (private mode) it lives for the page only.
 */
let fallback: string | null = null;
export const deviceId = (): string => {
  try {
    const stored = localStorage.getItem(DEVICE_ID_KEY);
    if (stored && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
    const created = randomId();
    localStorage.setItem(DEVICE_ID_KEY, created);
    return created;
  } catch {
    fallback ??= randomId();
    return fallback;
  }
};
