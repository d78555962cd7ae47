import { PLATFORM_HEADER, PLATFORMS, SESSION_TTL_DAYS, type Platform } from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from './context.js';
import { AppError } from './errors.js';
import { hashToken } from './tokens.js';
import type { SessionScope } from '../modules/auth/auth.repository.js';
import { findLiveSession, touchSession, type SessionUser } from '../modules/auth/session-lookup.js';
import type { ClientInfo } from '../modules/auth/session-info.js';

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

/**
 * preHandler factory: resolves the bearer token to a live session. `verify_email` sessions (issued to
 * unverified users) pass only where a route accepts them.
 */
export const requireAuth =
  (ctx: AppContext, accept: SessionScope[] = ['full']) =>
  async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    if (!token) throw new AppError('UNAUTHORIZED', 'sign-in required');
    const session = await findLiveSession(ctx.database.pool, hashToken(token, ctx.config.secrets.tokenPepper));
    if (!session) throw new AppError('UNAUTHORIZED', 'session expired or revoked');
    if (session.blocked) throw new AppError('UNAUTHORIZED', 'user is blocked');
    if (!accept.includes(session.scope)) {
      if (session.scope === 'verify_email') throw new AppError('verify_email', 'verify_email');
      throw new AppError('UNAUTHORIZED');
    }
    if (Date.now() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_SECONDS * 1000) {
      await touchSession(ctx.database.pool, session.sessionId, SESSION_TOUCH_INTERVAL_SECONDS, SESSION_TTL_DAYS);
    }
    request.auth = { user: session.user, sessionId: session.sessionId, scope: session.scope };
  };

export const authOf = (request: FastifyRequest): RequestAuth => {
  if (!request.auth) throw new AppError('UNAUTHORIZED');
  return request.auth;
};
