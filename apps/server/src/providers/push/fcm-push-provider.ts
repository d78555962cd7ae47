import { readFile } from 'node:fs/promises';
import { importPKCS8, SignJWT } from 'jose';
import { PushError, type PushProvider, type PushResult } from './index.js';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const TIMEOUT_MS = 10_000;
/** An access token is renewed this long before Google says it expires. */
const EXPIRY_MARGIN_MS = 60_000;
const ASSERTION_LIFETIME_SECONDS = 3600;

interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | null;
}

/** The signed JWT a service account trades for an access token (RFC 7523, RS256). */
export const signServiceAccountJwt = async (account: ServiceAccount, tokenUrl: string, nowSeconds: number): Promise<string> => {
  let key: Awaited<ReturnType<typeof importPKCS8>>;
  try {
    key = await importPKCS8(account.privateKey, 'RS256');
  } catch {
    throw new PushError('FCM service account private key unreadable', 'config');
  }
  return new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) })
    .setIssuer(account.clientEmail)
    .setAudience(tokenUrl)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ASSERTION_LIFETIME_SECONDS)
    .sign(key);
};

const readServiceAccount = async (file: string): Promise<ServiceAccount> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new PushError('FCM service account file unreadable', 'config');
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  if (typeof record.client_email !== 'string' || typeof record.private_key !== 'string') {
    throw new PushError('FCM service account file lacks client_email or private_key', 'config');
  }
  return { clientEmail: record.client_email, privateKey: record.private_key, privateKeyId: typeof record.private_key_id === 'string' ? record.private_key_id : null };
};

const post = async (url: string, init: { headers: Record<string, string>; body: string }, what: string): Promise<Response> => {
  try {
    return await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const timeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new PushError(timeout ? `${what} timed out` : `${what} unreachable`, timeout ? 'timeout' : 'unavailable');
  }
};

type FcmErrorBody = {
  error?: { status?: string; message?: string; details?: { errorCode?: string; fieldViolations?: { field?: string }[] }[] };
};

/** A token FCM no longer knows (404 UNREGISTERED) or refuses as a token (400 INVALID_ARGUMENT on message.token). */
const deadReasonOf = (status: number, body: FcmErrorBody | null): string | null => {
  const details = body?.error?.details ?? [];
  const codes = details.map((detail) => detail.errorCode).filter(Boolean);
  if (status === 404 && (codes.includes('UNREGISTERED') || body?.error?.status === 'NOT_FOUND')) return 'UNREGISTERED';
  if (status === 400) {
    const onToken =
      details.some((detail) => detail.fieldViolations?.some((violation) => violation.field === 'message.token')) ||
      /registration token/i.test(body?.error?.message ?? '');
    if (onToken && (codes.includes('INVALID_ARGUMENT') || body?.error?.status === 'INVALID_ARGUMENT')) return 'INVALID_ARGUMENT';
  }
  return null;
};

/**
 * Firebase Cloud Messaging HTTP v1: `POST {apiUrl}/v1/projects/{projectId}/messages:send` with an OAuth2 access
 * token, got by signing a JWT with the service account's key and trading it at `tokenUrl`; the access token is kept
 * until shortly before it expires (and dropped on a 401). The device token never appears in an error.
 */
export const createFcmPushProvider = (options: { projectId: string; serviceAccountFile: string; apiUrl: string; tokenUrl: string }): PushProvider => {
  let account: Promise<ServiceAccount> | null = null;
  let access: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  const fetchAccessToken = async (): Promise<string> => {
    account ??= readServiceAccount(options.serviceAccountFile).catch((error: unknown) => {
      account = null;
      throw error;
    });
    const assertion = await signServiceAccountJwt(await account, options.tokenUrl, Math.floor(Date.now() / 1000));
    const res = await post(
      options.tokenUrl,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
      },
      'FCM token endpoint',
    );
    const body = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown; error?: unknown } | null;
    if (!res.ok || typeof body?.access_token !== 'string') {
      throw new PushError(`FCM token endpoint answered ${res.status}${typeof body?.error === 'string' ? ` (${body.error.slice(0, 100)})` : ''}`, 'unauthorized');
    }
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    access = { token: body.access_token, expiresAt: Date.now() + seconds * 1000 - EXPIRY_MARGIN_MS };
    return body.access_token;
  };

  const accessToken = async (): Promise<string> => {
    if (access && access.expiresAt > Date.now()) return access.token;
    // Concurrent pushes share one exchange.
    pending ??= fetchAccessToken().finally(() => {
      pending = null;
    });
    return pending;
  };

  const url = `${options.apiUrl}/v1/projects/${encodeURIComponent(options.projectId)}/messages:send`;
  return {
    name: 'fcm',
    send: async ({ token, title, body, data }): Promise<PushResult> => {
      const bearer = await accessToken();
      const res = await post(
        url,
        {
          headers: { 'content-type': 'application/json; charset=utf-8', authorization: `Bearer ${bearer}` },
          body: JSON.stringify({ message: { token, notification: { title, body }, data } }),
        },
        'FCM',
      );
      if (res.ok) {
        const answer = (await res.json().catch(() => null)) as { name?: unknown } | null;
        return { ok: true, id: typeof answer?.name === 'string' ? answer.name : null };
      }
      const error = (await res.json().catch(() => null)) as FcmErrorBody | null;
      const dead = deadReasonOf(res.status, error);
      if (dead) return { ok: false, dead: true, reason: dead };
      if (res.status === 401) access = null;
      const code = res.status === 401 || res.status === 403 ? 'unauthorized' : res.status === 429 ? 'rateLimited' : res.status >= 500 ? 'unavailable' : 'failed';
      // FCM's own status name only: its message may quote the request.
      throw new PushError(`FCM answered ${res.status}${error?.error?.status ? ` (${error.error.status})` : ''}`, code);
    },
  };
};
