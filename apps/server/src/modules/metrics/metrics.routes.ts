import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { METRICS_PATH } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { createAppMetrics } from './app-metrics.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the bearer token in constant time (both hashed first, so the lengths never differ). */
export const bearerMatches = (authorization: string | undefined, token: string): boolean => {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  return timingSafeEqual(digest(given ?? ''), digest(token)) && given !== undefined;
};

/**
 * Issue 22: `/metrics` in Prometheus format behind METRICS_TOKEN (outside `/api`, no platform header). Without a
 * token configured it answers 404; a missing or wrong `Authorization: Bearer` answers 401. Every request of the
 * process is counted by its route pattern (registered before the routes, so the hooks reach every plugin).
 */
export const registerMetrics = async (app: FastifyInstance, ctx: AppContext): Promise<void> => {
  const token = ctx.config.metricsToken;
  if (token === null) {
    // Off: nothing is collected (no hook, no process observers); the path answers 404, not the web app.
    app.get(METRICS_PATH, { schema: { hide: true } }, () => {
      throw new AppError('NOT_FOUND', 'Metrics are off: set METRICS_TOKEN to turn them on');
    });
    return;
  }
  const metrics = createAppMetrics(ctx.database);

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1_000);
    done();
  });

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('UNAUTHORIZED', 'Authorization: Bearer METRICS_TOKEN required');
    }
    const body = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(body);
  });
};
