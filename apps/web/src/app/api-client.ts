import { API_BASE, API_TIMEOUT_MS, PLATFORM_HEADER } from '@magiim/shared';
import type { ZodType } from 'zod';
import { ApiError, toApiError } from './api-error';
import { DEVICE_ID_HEADER, deviceId } from './device-id';
import { currentPlatform } from './platform';
import { readAccessToken } from './session';
// Types only (erased at build): the checks' module itself loads after paint.
import type * as ResponseSchemasModule from './response-schemas';

export interface GlobalErrorHandlers {
  /** 429: a toast saying when to try again (seconds, when the server said), the caller shows nothing more. */
  onRateLimited: (retryAfterSeconds: number | null) => void;
  /** 401 verify_email: the user must confirm the address first. */
  onVerifyEmail: (error: ApiError) => void;
  /** Any other 401 on a call that carried a token: the session is gone. */
  onSessionExpired: () => void;
}

let handlers: GlobalErrorHandlers = { onRateLimited() {}, onVerifyEmail() {}, onSessionExpired() {} };

/** Wired once at start-up, so this module needs neither the router nor React. */
export const setGlobalErrorHandlers = (next: GlobalErrorHandlers): void => {
  handlers = next;
};

type ResponseSchemas = typeof ResponseSchemasModule;

/** A check named by the first screens' modules without loading zod with them (app/response-schemas.ts). */
export interface LazySchema<T> {
  readonly fromResponseSchemas: (schemas: ResponseSchemas) => ZodType<T>;
}
export const lazySchema = <T>(pick: (schemas: ResponseSchemas) => ZodType<T>): LazySchema<T> => ({ fromResponseSchemas: pick });
const isLazy = <T>(schema: ZodType<T> | LazySchema<T>): schema is LazySchema<T> => 'fromResponseSchemas' in schema;

let loadingSchemas: Promise<ResponseSchemas> | undefined;
let announceSchemas: (schemas: ResponseSchemas) => void = () => undefined;
const schemasLoaded = new Promise<ResponseSchemas>((resolve) => {
  announceSchemas = resolve;
});

/** Loads the answer checks (once; a failed load is tried again by the next caller). */
export const loadResponseSchemas = (): Promise<ResponseSchemas> =>
  (loadingSchemas ??= import('./response-schemas').then(
    (schemas) => {
      announceSchemas(schemas);
      return schemas;
    },
    (error: unknown) => {
      loadingSchemas = undefined;
      throw error;
    },
  ));

/** Resolves when something has loaded the answer checks, without loading them itself. */
export const responseSchemasLoaded = (): Promise<ResponseSchemas> => schemasLoaded;

/** The zod schema of a check, loading the lazy ones first. */
export const resolveSchema = async <T>(schema: ZodType<T> | LazySchema<T>): Promise<ZodType<T>> =>
  isLazy(schema) ? schema.fromResponseSchemas(await loadResponseSchemas()) : schema;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates the answer against the shared contract (a lazy check loads zod when the answer arrives). */
  schema?: ZodType<T> | LazySchema<T>;
  signal?: AbortSignal;
  /** Sign-in calls leave the (possibly stale) token out. */
  withToken?: boolean;
  /** Extra headers (an usher link's token at the door, issue 31). */
  headers?: Record<string, string>;
}

const readPayload = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Seconds until a 429 may be retried: the body's `retryAfterSeconds`, else the `Retry-After` header. */
export const readRetryAfter = (error: ApiError, header: string | null): number | null => {
  const fromBody = error.details.retryAfterSeconds;
  if (typeof fromBody === 'number' && Number.isFinite(fromBody) && fromBody >= 0) return Math.ceil(fromBody);
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
};

/** 429, 401 verify_email and lost sessions are handled in one place for every kind of call (JSON, upload, download). */
export const handleGlobally = (error: ApiError, sentToken: boolean, retryAfterHeader: string | null): void => {
  if (error.status === 429) {
    error.handledGlobally = true;
    handlers.onRateLimited(readRetryAfter(error, retryAfterHeader));
  } else if (error.status === 401 && error.code === 'verify_email') {
    error.handledGlobally = true;
    handlers.onVerifyEmail(error);
  } else if (error.status === 401 && sentToken) {
    error.handledGlobally = true;
    handlers.onSessionExpired();
  }
};

/** The headers every API call carries: platform, device id and, when there is one, the bearer token. */
export const apiHeaders = (token: string | null): Record<string, string> => {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    [PLATFORM_HEADER]: currentPlatform(),
    [DEVICE_ID_HEADER]: deviceId(),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
};

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, withToken = true } = options;
  const token = withToken ? readAccessToken() : null;
  const headers = { ...apiHeaders(token), ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = AbortSignal.timeout(API_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause; // the caller cancelled; TanStack Query expects the abort error
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', 'The request timed out');
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }

  const payload = await readPayload(response);
  if (!response.ok) {
    const error = toApiError(response.status, payload);
    handleGlobally(error, Boolean(token), response.headers.get('retry-after'));
    throw error;
  }
  if (!schema) return payload as T;
  const parsed = (isLazy(schema) ? await resolveSchema(schema) : schema).safeParse(payload);
  if (!parsed.success) {
    console.error(`Unexpected answer from ${method} ${path}`, parsed.error);
    throw new ApiError(response.status, 'INTERNAL', 'Unexpected response');
  }
  return parsed.data;
}
