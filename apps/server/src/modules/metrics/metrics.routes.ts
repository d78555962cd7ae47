import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** Issue 22: `/metrics` in Prometheus format behind METRICS_TOKEN (outside `/api`). */
export const registerMetrics = async (_app: FastifyInstance, _ctx: AppContext): Promise<void> => {};
