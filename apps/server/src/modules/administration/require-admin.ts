import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { authOf, markGuard, requireAuth } from '../../platform/auth.js';

/**
 * Issue 22: preHandler of every administration route. No session (or a revoked, blocked one) → 401 as
 * anywhere; a signed-in host → 403 FORBIDDEN. The role comes from the session lookup (the users row),
 * so a demoted admin loses access on the next request that is not served from the session cache.
 */
export const requireAdmin = (ctx: AppContext) => {
  const auth = requireAuth(ctx);
  return markGuard(async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await auth(request, reply);
    if (authOf(request).user.role !== 'admin') throw new AppError('FORBIDDEN', 'administrators only');
  }, 'admin');
};

/** The signed-in administrator's id (after requireAdmin). */
export const adminIdOf = (request: FastifyRequest): string => authOf(request).user.id;
