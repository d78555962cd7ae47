import { createVerify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local Firebase Cloud Messaging HTTP v1 with its OAuth2 token endpoint:
 * - `POST /token` (form `grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=JWT`): verifies the JWT's
 *   RS256 signature with the service account's public key, its issuer, audience (this endpoint's URL), scope and
 *   lifetime, and answers `{access_token, expires_in, token_type}`; 400 `invalid_grant` otherwise.
 * - `POST /v1/projects/{projectId}/messages:send`: checks the bearer (one the token endpoint issued), the project and
 *   the body `{message: {token, notification: {title, body}, data}}` (data values strings); answers `{name}`, or
 *   404 UNREGISTERED for tokens marked dead, 400 INVALID_ARGUMENT on message.token for tokens marked invalid.
 */
export interface FakeFcmMessage {
  token: string;
  title: string;
  body: string;
  data: Record<string, string>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const startFakeFcm = async (options: { projectId: string; clientEmail: string; publicKey: KeyObject | string; accessTokenSeconds?: number }) => {
  const messages: FakeFcmMessage[] = [];
  const tokenRequests: { ok: boolean; reason?: string }[] = [];
  const issued = new Set<string>();
  const unregistered = new Set<string>();
  const invalid = new Set<string>();
  let counter = 0;
  let url = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const fcmError = (res: ServerResponse, status: number, statusName: string, message: string, errorCode?: string, field?: string) =>
    send(res, status, {
      error: {
        code: status,
        message,
        status: statusName,
        details: [
          ...(errorCode ? [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }] : []),
          ...(field ? [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description: message }] }] : []),
        ],
      },
    });

  const verifyAssertion = (assertion: string): string | null => {
    const parts = assertion.split('.');
    if (parts.length !== 3) return 'not a JWT';
    const [headerPart, claimsPart, signaturePart] = parts as [string, string, string];
    let header: unknown;
    let claims: unknown;
    try {
      header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
      claims = JSON.parse(Buffer.from(claimsPart, 'base64url').toString('utf8'));
    } catch {
      return 'unreadable JWT';
    }
    if (!isRecord(header) || header.alg !== 'RS256') return 'alg must be RS256';
    const verified = createVerify('RSA-SHA256').update(`${headerPart}.${claimsPart}`).verify(options.publicKey, Buffer.from(signaturePart, 'base64url'));
    if (!verified) return 'bad signature';
    if (!isRecord(claims)) return 'no claims';
    if (claims.iss !== options.clientEmail) return 'wrong issuer';
    if (claims.aud !== `${url}/token`) return 'wrong audience';
    if (claims.scope !== 'https://www.googleapis.com/auth/firebase.messaging') return 'wrong scope';
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.iat !== 'number' || typeof claims.exp !== 'number' || claims.iat > now + 60 || claims.exp < now || claims.exp - claims.iat > 3600) {
      return 'bad lifetime';
    }
    return null;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(raw);
      const reason =
        form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' ? 'wrong grant_type' : verifyAssertion(form.get('assertion') ?? '');
      tokenRequests.push(reason ? { ok: false, reason } : { ok: true });
      if (reason) return send(res, 400, { error: 'invalid_grant', error_description: reason });
      const accessToken = `fake-access-${++counter}`;
      issued.add(accessToken);
      return send(res, 200, { access_token: accessToken, expires_in: options.accessTokenSeconds ?? 3599, token_type: 'Bearer' });
    }
    const match = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    if (req.method !== 'POST' || !match) return fcmError(res, 404, 'NOT_FOUND', 'not found');
    const bearer = req.headers.authorization?.startsWith('Bearer ') ? req.headers.authorization.slice(7) : '';
    if (!issued.has(bearer)) return fcmError(res, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    if (decodeURIComponent(match[1] ?? '') !== options.projectId) return fcmError(res, 403, 'PERMISSION_DENIED', 'wrong project', 'SENDER_ID_MISMATCH');
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return fcmError(res, 400, 'INVALID_ARGUMENT', 'Invalid JSON payload received.');
    }
    const message = isRecord(body) && isRecord(body.message) ? body.message : null;
    const notification = message && isRecord(message.notification) ? message.notification : null;
    const data = message && isRecord(message.data) ? message.data : {};
    if (!message || typeof message.token !== 'string' || !message.token) return fcmError(res, 400, 'INVALID_ARGUMENT', 'message.token required', 'INVALID_ARGUMENT');
    if (!notification || typeof notification.title !== 'string' || typeof notification.body !== 'string') {
      return fcmError(res, 400, 'INVALID_ARGUMENT', 'notification title and body required', 'INVALID_ARGUMENT', 'message.notification');
    }
    if (!Object.values(data).every((value) => typeof value === 'string')) {
      return fcmError(res, 400, 'INVALID_ARGUMENT', 'data values must be strings', 'INVALID_ARGUMENT', 'message.data');
    }
    if (unregistered.has(message.token)) return fcmError(res, 404, 'NOT_FOUND', 'Requested entity was not found.', 'UNREGISTERED');
    if (invalid.has(message.token)) {
      return fcmError(res, 400, 'INVALID_ARGUMENT', 'The registration token is not a valid FCM registration token', 'INVALID_ARGUMENT', 'message.token');
    }
    messages.push({ token: message.token, title: notification.title, body: notification.body, data: data as Record<string, string> });
    return send(res, 200, { name: `projects/${options.projectId}/messages/${++counter}` });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => fcmError(res, 500, 'INTERNAL', 'fake failed'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    tokenUrl: `${url}/token`,
    messages,
    tokenRequests,
    markUnregistered: (token: string) => unregistered.add(token),
    markInvalid: (token: string) => invalid.add(token),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
