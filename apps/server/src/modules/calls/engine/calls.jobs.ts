import type { AppContext } from '../../../platform/context.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import { pumpCalls } from './call-dispatch.js';
import { recoverCalls } from './call-recovery.js';
import { finishCallRounds } from './call-status.js';
import { countActiveAttempts, hasReadyCalls } from './calls.repository.js';

const DISPATCH_JOB = 'calls.dispatch';
const TICK_JOB = 'calls.tick';
const STARTUP_KICK_MS = 1_000;

/**
 * Places queued calls. At most one waits in the queue (a burst of kicks is one job); two may run side by side in
 * any number of processes: every claim counts the calls on the wire under one lock.
 */
export const callDispatchJob = (ctx: AppContext): JobDefinition<object> => ({
  name: DISPATCH_JOB,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 180,
  workers: 2,
  policy: 'short',
  handle: async () => {
    if ((await pumpCalls(ctx)) === 'more') await kickCallDispatch(ctx);
  },
});

export const kickCallDispatch = async (ctx: AppContext): Promise<void> => {
  await ctx.jobs.send(callDispatchJob(ctx), {}, { singletonKey: 'calls' });
};

/** Every minute: calls in flight with no news are re-read from the provider, finished rounds closed, ready rows placed. */
export const runCallTick = async (ctx: AppContext): Promise<void> => {
  await recoverCalls(ctx);
  await finishCallRounds(ctx);
  if ((await hasReadyCalls(ctx.db)) || (await countActiveAttempts(ctx.db)) > 0) await kickCallDispatch(ctx);
};

const callTickJob = (ctx: AppContext): JobDefinition<object> => ({
  name: TICK_JOB,
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  cron: '* * * * *',
  handle: () => runCallTick(ctx),
});

/** The call round's jobs: the call dispatcher (concurrency cap, window, retries) and the recovery of calls in flight. */
export const createCallJobs = (ctx: AppContext): JobDefinition<object>[] => {
  if (ctx.config.nodeEnv !== 'test') {
    // A process that starts after a crash re-reads the calls in flight and resumes at once instead of at the next tick.
    setTimeout(() => void runCallTick(ctx).catch((error: unknown) => ctx.logger.debug({ err: error }, 'call tick at start not run')), STARTUP_KICK_MS).unref();
  }
  return [callDispatchJob(ctx), callTickJob(ctx)];
};
