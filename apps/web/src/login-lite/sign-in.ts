import {
  API,
  checkLoginInput,
  DEFAULT_LANG,
  directionOf,
  isAbilityRules,
  isLang,
  isStoredUserData,
  STORAGE_KEYS,
  type Lang,
  type LoginResponse,
} from '@magiim/shared';
import { apiRequest } from '../app/api-client';
import { isApiError } from '../app/api-error';
import { returnPathOf } from '../app/routing/return-path';
import { writeSession } from '../app/session';
import { fieldOfIssuePath } from '../components/use-server-errors';
import { forgetVerificationEmail } from '../features/auth/verification-email-memory';
import { saveUserLanguage } from '../features/user-settings/save-user-language';

/**
 * What the light sign-in page does, apart from drawing it: the address, the language, the calls and the
 * session, as the SPA's LoginPage, GuestOnly and LangParam did. No React here, so it is tested in node.
 */

export const FIELDS = ['email', 'password'] as const;
export type Field = (typeof FIELDS)[number];
export type LoginValues = Record<Field, string>;
/** Encoded messages (`validation.required`), translated when shown. */
export type FieldErrors = Partial<Record<Field, string>>;

/** Where to go after sign-in: `?next=` when the browser would read it as a page of this site, else the event list. */
export const loginTarget = (search: string, origin: string = window.location.origin): string =>
  returnPathOf({ from: new URLSearchParams(search).get('next') }, origin);

/** The sign-in page's own address in a language, keeping the query (`?next=`, `?platform=`). */
export const loginPath = (lang: Lang | undefined, search = ''): string => `/login${lang ? `/${lang}` : ''}${search}`;

/**
 * The language of `/login/<lang>`, else the one last chosen, else Hebrew. An unknown `<lang>` is dropped from
 * the address (`fixedPath`), as the SPA's LangParam did.
 */
export const languageOfAddress = (pathname: string, stored: string | null): { lang: Lang; fixedPath?: string } => {
  const segment = /^\/login\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (segment !== undefined && isLang(segment)) return { lang: segment };
  const fallback = isLang(stored) ? stored : DEFAULT_LANG;
  return segment === undefined ? { lang: fallback } : { lang: fallback, fixedPath: '/login' };
};

export const storedLanguage = (): string | null => {
  try {
    return localStorage.getItem(STORAGE_KEYS.lang);
  } catch {
    return null;
  }
};

/** Remembers the language and sets `<html lang dir>`, as the SPA's setLanguage. */
export const applyLanguage = (lang: Lang): void => {
  try {
    localStorage.setItem(STORAGE_KEYS.lang, lang);
  } catch {
    // private mode: the address keeps the language for this visit
  }
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
};

/** The form's own checks (shared `checkLoginInput`, loginSchema's rules without zod). */
export const checkValues = (values: LoginValues): FieldErrors => checkLoginInput(values);

/** What the server gets: the address trimmed and lower-cased, as loginSchema reads it. */
export const cleanValues = (values: LoginValues): LoginValues => ({ email: values.email.trim().toLowerCase(), password: values.password });

/**
 * Where a failed call's message goes (components/use-server-errors.ts): nowhere when the global handler told
 * the user already (429 toast, verify_email page), its validation issues onto their fields, else the form.
 */
export const routeError = (error: unknown): { fields: FieldErrors; form: unknown } => {
  if (isApiError(error) && error.handledGlobally) return { fields: {}, form: null };
  const fields: FieldErrors = {};
  if (isApiError(error)) {
    for (const issue of error.issues) {
      const field = fieldOfIssuePath(issue.path);
      if ((FIELDS as readonly string[]).includes(field)) fields[field as Field] ??= issue.message;
    }
  }
  return Object.keys(fields).length > 0 ? { fields, form: null } : { fields, form: error };
};

/** The sign-in answer checked without zod (the shared light checks mirror loginResponseSchema). */
export const checkedLoginResponse = (value: unknown): LoginResponse => {
  const response = value as Partial<LoginResponse> | null;
  if (!response || typeof response.accessToken !== 'string' || !isStoredUserData(response.userData) || !isAbilityRules(response.userAbility)) {
    throw new Error('unexpected sign-in answer');
  }
  return response as LoginResponse;
};

// A 401 verify_email and a 429 are handled by the global handlers (main.tsx), as in the SPA.
export const signInWithPassword = async (values: LoginValues): Promise<LoginResponse> =>
  checkedLoginResponse(await apiRequest(API.auth.login, { method: 'POST', body: cleanValues(values), withToken: false }));

export const signInWithGoogle = async (credential: string, lang: Lang): Promise<LoginResponse> =>
  checkedLoginResponse(await apiRequest(API.auth.google, { method: 'POST', body: { credential, lang }, withToken: false }));

/**
 * Keeps the session where the SPA reads it (accessToken, userData, userAbility) and, as the SPA does at
 * sign-in, saves the language in use on the account when it differs, before the SPA takes over.
 */
export const startSession = async (response: LoginResponse, lang: Lang, { withPassword }: { withPassword: boolean }): Promise<void> => {
  if (withPassword) forgetVerificationEmail();
  writeSession(response);
  await saveUserLanguage(lang);
};

export interface PublicConfigLite {
  googleClientId: string | null;
  supportEmail: string | null;
}

/** `GET /api/config`, read without zod; a failure means no Google button and no support address. */
export const loadConfig = async (): Promise<PublicConfigLite> => {
  try {
    const config = (await apiRequest(API.config, { withToken: false })) as Record<string, unknown> | null;
    return {
      googleClientId: typeof config?.googleClientId === 'string' && config.googleClientId ? config.googleClientId : null,
      supportEmail: typeof config?.supportEmail === 'string' && config.supportEmail ? config.supportEmail : null,
    };
  } catch {
    return { googleClientId: null, supportEmail: null };
  }
};
