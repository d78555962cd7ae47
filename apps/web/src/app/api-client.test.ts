import { API_TIMEOUT_MS, STORAGE_KEYS, profileResponseSchema } from '@magiim/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryStorage } from '../test-support/memory-storage';
import { apiRequest, lazySchema, setGlobalErrorHandlers } from './api-client';
import { ApiError } from './api-error';

const handlers = { onRateLimited: vi.fn(), onVerifyEmail: vi.fn(), onSessionExpired: vi.fn() };
let fetchMock: ReturnType<typeof vi.fn>;

const respond = (status: number, body?: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(body === undefined ? null : JSON.stringify(body), { status }));

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
};

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
};

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', createMemoryStorage());
  for (const handler of Object.values(handlers)) handler.mockReset();
  setGlobalErrorHandlers(handlers);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('calls /api with the platform header, JSON body and a timeout', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    respond(201, { email: 'a@b.co' });
    await expect(apiRequest('/auth/register', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ email: 'a@b.co' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/auth/register');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers['x-platform']).toBe('web');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBeUndefined();
    expect(timeout).toHaveBeenCalledWith(API_TIMEOUT_MS);
  });

  it('sends the stored bearer token unless told not to', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'tok');
    respond(200, {});
    await apiRequest('/user/me');
    expect(lastRequest().headers.Authorization).toBe('Bearer tok');
    respond(200, {});
    await apiRequest('/auth/login', { method: 'POST', body: {}, withToken: false });
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('validates the answer against the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { userData: { nope: true } });
    const error = await failure(apiRequest('/user/me', { schema: profileResponseSchema }));
    expect(error.code).toBe('INTERNAL');
  });

  it('validates with a lazy check (zod loaded when the answer arrives) just the same', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const schema = lazySchema((s) => s.okResponseSchema);
    respond(200, { ok: 'yes' });
    expect((await failure(apiRequest('/notifications/read', { method: 'PUT', schema }))).code).toBe('INTERNAL');
    respond(200, { ok: true });
    await expect(apiRequest('/notifications/read', { method: 'PUT', schema })).resolves.toEqual({ ok: true });
  });

  it('toasts on 429 and marks the error handled', async () => {
    respond(429, { code: 'RATE_LIMITED', message: 'slow down' });
    const error = await failure(apiRequest('/auth/login', { method: 'POST', body: {} }));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.handledGlobally).toBe(true);
    expect(handlers.onRateLimited).toHaveBeenCalledOnce();
    expect(handlers.onRateLimited).toHaveBeenCalledWith(null);
  });

  it('passes on when to retry a 429: the body first, else the Retry-After header', async () => {
    respond(429, { code: 'RATE_LIMITED', message: 'slow down', retryAfterSeconds: 840 });
    await failure(apiRequest('/auth/login', { method: 'POST', body: {} }));
    expect(handlers.onRateLimited).toHaveBeenLastCalledWith(840);
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 'RATE_LIMITED', message: 'x' }), { status: 429, headers: { 'Retry-After': '61' } }),
    );
    await failure(apiRequest('/auth/login', { method: 'POST', body: {} }));
    expect(handlers.onRateLimited).toHaveBeenLastCalledWith(61);
  });

  it('sends one random device id, created once and kept in local storage', async () => {
    respond(200, {});
    respond(200, {});
    await apiRequest('/user/me');
    const first = lastRequest().headers['x-device-id'];
    await apiRequest('/user/me');
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(lastRequest().headers['x-device-id']).toBe(first);
    expect(localStorage.getItem('deviceId')).toBe(first);
  });

  it('sends verify_email to the verification page', async () => {
    respond(401, { code: 'verify_email', message: 'verify_email', accessToken: 'verify-only', email: 'a@b.co' });
    const error = await failure(apiRequest('/auth/login', { method: 'POST', body: {}, withToken: false }));
    expect(error.handledGlobally).toBe(true);
    expect(error.details.accessToken).toBe('verify-only');
    expect(handlers.onVerifyEmail).toHaveBeenCalledWith(error);
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
  });

  it('ends the session on another 401 of a call with a token', async () => {
    localStorage.setItem(STORAGE_KEYS.accessToken, 'expired');
    respond(401, { code: 'UNAUTHORIZED', message: 'Session expired' });
    const error = await failure(apiRequest('/user/me'));
    expect(error.handledGlobally).toBe(true);
    expect(handlers.onSessionExpired).toHaveBeenCalledOnce();
  });

  it('leaves a 401 of a sign-in attempt to the caller', async () => {
    respond(401, { code: 'INVALID_CREDENTIALS', message: 'Wrong' });
    const error = await failure(apiRequest('/auth/login', { method: 'POST', body: {}, withToken: false }));
    expect(error.code).toBe('INVALID_CREDENTIALS');
    expect(error.handledGlobally).toBe(false);
    expect(handlers.onSessionExpired).not.toHaveBeenCalled();
  });

  it('passes validation issues to the caller', async () => {
    respond(400, { code: 'VALIDATION', message: 'bad', issues: [{ path: 'email', message: 'validation.invalidEmail' }] });
    const error = await failure(apiRequest('/auth/register', { method: 'POST', body: {} }));
    expect(error.issues).toEqual([{ path: 'email', message: 'validation.invalidEmail' }]);
    expect(error.handledGlobally).toBe(false);
  });

  it('reports a dropped connection as NETWORK', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await failure(apiRequest('/config'))).code).toBe('NETWORK');
  });

  it('returns undefined for an empty answer', async () => {
    respond(204);
    await expect(apiRequest('/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
