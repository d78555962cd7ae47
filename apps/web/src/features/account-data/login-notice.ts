/**
 * A message for the sign-in page, left by the page that sent the user there (the account was deleted). The sign-in
 * page is a page of its own (login.html), so it travels in the tab's session storage and is read once.
 */
const KEY = 'magiim.loginNotice';
export const LOGIN_NOTICES = ['auth.login.accountDeleted'] as const;
export type LoginNotice = (typeof LOGIN_NOTICES)[number];

export const leaveLoginNotice = (notice: LoginNotice, storage: Storage | undefined = globalThis.sessionStorage): void => {
  try {
    storage?.setItem(KEY, notice);
  } catch {
    // Storage refused (private mode): the sign-in page simply shows no message.
  }
};

export const takeLoginNotice = (storage: Storage | undefined = globalThis.sessionStorage): LoginNotice | null => {
  try {
    const value = storage?.getItem(KEY) ?? null;
    storage?.removeItem(KEY);
    return (LOGIN_NOTICES as readonly string[]).includes(value ?? '') ? (value as LoginNotice) : null;
  } catch {
    return null;
  }
};
