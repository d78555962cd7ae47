import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';

/**
 * The call dispatcher's queue: its name and settings, apart from its handler (calls.jobs.ts), so the engine's
 * parts that wake it (a line came free, a round started) do not import the jobs module that imports them.
 * At most one waits in the queue (a burst of kicks is one job); two may run side by side in any number of
 * processes: every claim counts the calls on the wire under one lock.
 */
export const CALL_DISPATCH_QUEUE = {
  name: 'calls.dispatch',
  schema: NO_PAYLOAD,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 180,
  workers: 2,
  policy: 'short',
} as const satisfies Omit<JobDefinition<object>, 'handle'>;

/** Only the queue's address: sending never runs `handle` (the worker runs calls.jobs.ts's definition). */
const DISPATCH_ADDRESS: JobDefinition<object> = {
  ...CALL_DISPATCH_QUEUE,
  handle: async () => {
    throw new Error('calls.dispatch is handled by calls.jobs.ts');
  },
};

/** Wakes the dispatcher now (one waiting job at most). */
export const kickCallDispatch = async (ctx: AppContext): Promise<void> => {
  await ctx.jobs.send(DISPATCH_ADDRESS, {}, { singletonKey: 'calls' });
};

/** Wakes the dispatcher at a moment (one delayed job per second). */
export const wakeCallDispatchAt = async (ctx: AppContext, at: Date): Promise<void> => {
  await ctx.jobs.send(DISPATCH_ADDRESS, {}, { singletonKey: `calls-at-${at.toISOString()}`, startAfter: at });
};
