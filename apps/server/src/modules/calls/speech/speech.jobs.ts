import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { pruneSpeechCache } from './speech.service.js';

export const PRUNE_SPEECH_CACHE_JOB = 'speech.prune-cache';

/** Rendered speech unused for 30 days is deleted. Run daily by the worker. */
export const createSpeechJobs = (ctx: AppContext): JobDefinition<object>[] => [
  {
    name: PRUNE_SPEECH_CACHE_JOB,
    schema: NO_PAYLOAD,
    retryLimit: 2,
    retryDelaySeconds: 300,
    cron: '41 3 * * *',
    handle: async () => {
      const deleted = await pruneSpeechCache(ctx);
      if (deleted > 0) ctx.logger.info({ deleted }, 'unused speech pruned from the cache');
    },
  },
];
