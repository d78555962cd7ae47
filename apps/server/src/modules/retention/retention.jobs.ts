import type { AppContext } from '../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../platform/jobs.js';
import { runRetention } from './retention.service.js';

export const DATA_RETENTION_JOB = 'retention.daily';

/**
 * Issue 22: the daily retention run (six months: events' guest data, unused accounts after a warning), at 04:11
 * business time. A second worker's copy finds the advisory lock taken and does nothing; a retry re-selects only
 * what is still due.
 */
export const createDataRetentionJobs = (ctx: AppContext): JobDefinition<object>[] => [
  {
    name: DATA_RETENTION_JOB,
    schema: NO_PAYLOAD,
    retryLimit: 2,
    retryDelaySeconds: 600,
    cron: '11 4 * * *',
    expireInSeconds: 3600,
    handle: async () => {
      await runRetention(ctx, { trigger: 'daily' });
    },
  },
];
