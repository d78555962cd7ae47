import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs.js';
import { DISPATCH_QUEUE, kickDispatch } from './engine/dispatch-job.js';
import { pumpOutbox } from './engine/dispatch.js';
import { schedulerTickJob } from './engine/scheduler.js';

/** Sends queued outbox rows (the queue's settings: engine/dispatch-job.ts). */
export const dispatchJob = (ctx: AppContext): JobDefinition<object> => ({
  ...DISPATCH_QUEUE,
  handle: async () => {
    if ((await pumpOutbox(ctx)) === 'more') await kickDispatch(ctx);
  },
});

const STARTUP_KICK_MS = 1_000;

/** Every messaging job: the scheduler tick and the outbox dispatcher. */
export const createMessagingJobs = (ctx: AppContext): JobDefinition<object>[] => {
  if (ctx.config.nodeEnv !== 'test') {
    // A process that starts after a crash resumes the outbox at once instead of at the next tick.
    setTimeout(() => void kickDispatch(ctx).catch((error: unknown) => ctx.logger.debug({ err: error }, 'dispatch kick at start not queued')), STARTUP_KICK_MS).unref();
  }
  return [dispatchJob(ctx), schedulerTickJob(ctx) as JobDefinition<object>];
};
