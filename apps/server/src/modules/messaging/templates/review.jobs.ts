import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { resubmitLostSandboxReviews } from './templates.service.js';

/** Template review housekeeping: sandbox reviews a restart lost are submitted again. */
export const createTemplateReviewJobs = (ctx: AppContext): JobDefinition<object>[] => [
  {
    name: 'messaging.templates.resubmit-lost-reviews',
    schema: NO_PAYLOAD,
    retryLimit: 1,
    retryDelaySeconds: 60,
    cron: '*/5 * * * *',
    handle: async () => {
      const count = await resubmitLostSandboxReviews(ctx);
      if (count > 0) ctx.logger.info({ count }, 'sandbox template reviews lost by a restart submitted again');
    },
  },
];
