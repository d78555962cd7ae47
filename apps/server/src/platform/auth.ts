import { PLATFORM_HEADER, PLATFORMS, SESSION_TTL_DAYS, type Platform } from '@magiim/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { hashToken } from './tokens.js';
import { findLiveSession, touchSession, type SessionScope, type SessionUser } from './sessions/session-lookup.js';
import { cachedSession, cacheSession, evictUserSessions } from './sessions/session-cache.js';
import type { ClientInfo } from './sessions/session-info.js';

export interface RequestAuth {
  user: SessionUser;
  sessionId: string;
  scope: SessionScope;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: RequestAuth;
  }
}

const SESSION_TOUCH_INTERVAL_SECONDS = 60;

export const platformOf = (request: FastifyRequest): Platform | undefined => {
  const value = request.headers[PLATFORM_HEADER];
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value) ? (value as Platform) : undefined;
};

export const clientInfoOf = (request: FastifyRequest): ClientInfo => ({
  ip: request.ip,
  platform: platformOf(request) ?? 'web',
  userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
});

const bearerOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length >= 16 && token.length <= 200 ? token : undefined;
};

/** Who a guard lets through: any signed-in user (host) or administrators only. */
export type GuardKind = 'host' | 'admin';
const guardKinds = new WeakMap<object, GuardKind>();
/** Marks a hook as deciding who may call a route: app.ts runs marked hooks before the body is read or validated. */
export const markGuard = <T extends object>(hook: T, kind: GuardKind): T => {
  guardKinds.set(hook, kind);
  return hook;
};
export const guardKindOf = (hook: unknown): GuardKind | undefined =>
  typeof hook === 'function' ? guardKinds.get(hook) : undefined;

/**
 * preHandler factory: resolves the bearer token to a live session. `verify_email` sessions (issued to
 * unverified users) pass only where a route accepts them.
 */
export const requireAuth = (ctx: AppContext, accept: SessionScope[] = ['full']) =>
  markGuard(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerOf(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'sign-in required');
    const tokenHash = hashToken(token, ctx.config.secrets.tokenPepper);
    const reads = request.method === 'GET' || request.method === 'HEAD';
    let session = reads ? cachedSession(tokenHash) : undefined;
    if (!session) {
      session = await findLiveSession(ctx.database.pool, tokenHash);
      if (session && reads) cacheSession(tokenHash, session, ctx.config.sessionCacheMs);
    }
    if (!session) throw new AppError('UNAUTHORIZED', 'session expired or revoked');
    if (!reads) {
      // A write may change the user or the session: no read may reuse what was looked up before it, or during it.
      const userId = session.user.id;
      evictUserSessions(userId);
      reply.raw.once('finish', () => evictUserSessions(userId));
    }
    if (session.blocked) throw new AppError('UNAUTHORIZED', 'user is blocked');
    if (!accept.includes(session.scope)) {
      if (session.scope === 'verify_email') throw new AppError('verify_email', 'verify_email');
      throw new AppError('UNAUTHORIZED');
    }
    if (Date.now() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_SECONDS * 1000) {
      await touchSession(ctx.database.pool, session.sessionId, SESSION_TOUCH_INTERVAL_SECONDS, SESSION_TTL_DAYS);
      session.lastUsedAt = new Date();
    }
    request.auth = { user: session.user, sessionId: session.sessionId, scope: session.scope };
  }, 'host');

export const authOf = (request: FastifyRequest): RequestAuth => {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
};
