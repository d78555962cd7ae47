import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { wakeRowsWaitingForTemplate } from './outbox.repository.js';

/**
 * The dispatcher's queue: its name and settings, apart from its handler (messaging.jobs.ts), so what wakes it (a
 * started action, an approved template, a webhook) does not import the dispatcher that imports them. Any number may
 * run at once in any number of processes: rows are claimed with SKIP LOCKED and the pace comes from the shared
 * token buckets, so a duplicated job only adds a sleeper.
 */
export const DISPATCH_QUEUE = {
  name: 'messaging.dispatch',
  schema: NO_PAYLOAD,
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 180,
  workers: 2,
} as const satisfies Omit<JobDefinition<object>, 'handle'>;

/** Only the queue's address: sending never runs `handle` (the worker runs messaging.jobs.ts's definition). */
const DISPATCH_ADDRESS: JobDefinition<object> = {
  ...DISPATCH_QUEUE,
  handle: async () => {
    throw new Error('messaging.dispatch is handled by messaging.jobs.ts');
  },
};

export const kickDispatch = async (ctx: AppContext): Promise<void> => {
  await ctx.jobs.send(DISPATCH_ADDRESS, {});
};

/**
 * A template of the event was approved (Meta's status webhook, the sandbox reviewer, a sync that read it): the
 * event's rows waiting for a template go now, not after their 10-minute wait. Never throws (the wait is the fallback).
 */
export const wakeTemplateWaiters = async (ctx: AppContext, eventId: string): Promise<number> => {
  try {
    const woken = await wakeRowsWaitingForTemplate(ctx.db, eventId);
    if (woken > 0) await kickDispatch(ctx);
    return woken;
  } catch (error) {
    ctx.logger.warn({ err: error, eventId }, 'rows waiting for a template not woken; they go after their wait');
    return 0;
  }
};
