import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { CALL_DISPATCH_QUEUE, kickCallDispatch, wakeCallDispatchAt } from './call-dispatch-queue.js';
import { pumpCalls } from './call-dispatch.js';
import { recoverCalls } from './call-recovery.js';
import { finishCallRounds } from './call-status.js';
import { countActiveAttempts, hasReadyCalls, nextReadyCallMoment } from './calls.repository.js';

const TICK_JOB = 'calls.tick';
const STARTUP_KICK_MS = 1_000;

export { kickCallDispatch };

/** Places queued calls (the queue's settings: call-dispatch-queue.ts). */
export const callDispatchJob = (ctx: AppContext): JobDefinition<object> => ({
  ...CALL_DISPATCH_QUEUE,
  handle: async () => {
    if ((await pumpCalls(ctx)) === 'more') await kickCallDispatch(ctx);
    else await wakeForNextRetry(ctx);
  },
});

/** A wake-up further away than this is left to the minute tick. */
const WAKE_AHEAD_MAX_MS = 30 * 60_000;

/**
 * A retry waiting its spacing is placed at its moment, not at the next minute tick: a delayed dispatch job for the
 * next ready moment (keyed by that second, so the pumps that see the same moment queue one; the immediate kicks keep
 * their own key and are never held behind it).
 */
export const wakeForNextRetry = async (ctx: AppContext): Promise<void> => {
  const next = await nextReadyCallMoment(ctx.db);
  if (!next || next.getTime() <= Date.now() || next.getTime() - Date.now() > WAKE_AHEAD_MAX_MS) return;
  const at = new Date(Math.ceil(next.getTime() / 1000) * 1000);
  await wakeCallDispatchAt(ctx, at);
};

/** Every minute: calls in flight with no news are re-read from the provider, finished rounds closed, ready rows placed. */
export const runCallTick = async (ctx: AppContext): Promise<void> => {
  await recoverCalls(ctx);
  await finishCallRounds(ctx);
  if ((await hasReadyCalls(ctx.db)) || (await countActiveAttempts(ctx.db)) > 0) await kickCallDispatch(ctx);
};

const callTickJob = (ctx: AppContext): JobDefinition<object> => ({
  name: TICK_JOB,
  schema: NO_PAYLOAD,
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
