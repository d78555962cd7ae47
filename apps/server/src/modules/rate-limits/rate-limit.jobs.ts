import type { AppContext } from '../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../platform/jobs.js';
import { deleteHitsBefore } from './rate-limit.repository.js';

export const PRUNE_RATE_LIMITS_JOB = 'rate-limits.prune';

/** Hits older than the longest window are no longer read. Run hourly by the worker. */
export const createRetentionJobs = (ctx: AppContext): JobDefinition<object>[] => [
  {
    name: PRUNE_RATE_LIMITS_JOB,
    schema: NO_PAYLOAD,
    retryLimit: 2,
    retryDelaySeconds: 60,
    cron: '17 * * * *',
    handle: () => deleteHitsBefore(ctx.db, new Date(Date.now() - 24 * 3_600_000)),
  },
];
