/**
 * The address waiting for verification, kept for this tab so the verification page can name it after a
 * registration or a sign-in refused with verify_email.
 */
const KEY = 'verificationEmail';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const tabStorage = (): SessionStore | undefined =>
  typeof sessionStorage === 'undefined' ? undefined : sessionStorage;

export const rememberVerificationEmail = (email: string, storage = tabStorage()): void => {
  storage?.setItem(KEY, email.trim().toLowerCase());
};

export const recallVerificationEmail = (storage = tabStorage()): string | null => storage?.getItem(KEY) || null;

export const forgetVerificationEmail = (storage = tabStorage()): void => {
  storage?.removeItem(KEY);
};
