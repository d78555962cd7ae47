import type { AppContext } from '../../../platform/context.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import { pumpOutbox } from './dispatch.js';

/**
 * Sends queued outbox rows. Any number may run at once in any number of processes: rows are claimed with SKIP
 * LOCKED and the pace comes from the shared token buckets, so a duplicated job only adds a sleeper.
 */
export const dispatchJob = (ctx: AppContext): JobDefinition<object> => ({
  name: 'messaging.dispatch',
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 180,
  workers: 2,
  handle: async () => {
    if ((await pumpOutbox(ctx)) === 'more') await kickDispatch(ctx);
  },
});

export const kickDispatch = async (ctx: AppContext): Promise<void> => {
  await ctx.jobs.send(dispatchJob(ctx), {});
};
