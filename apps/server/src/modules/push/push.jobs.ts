import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../platform/jobs.js';
import { notificationsToPush, pushNotification } from './push-sending.js';

export const PUSH_SCAN_JOB = 'push.scan';
export const PUSH_NOTIFICATION_JOB = 'push.notification';

/**
 * Every minute the scan finds notification rows with a push due and queues one job per row (ids only: no token,
 * no text in the payload). The push job may be retried freely: each (row, token) is recorded before its push.
 */
export const createPushJobs = (ctx: AppContext): JobDefinition<object>[] => {
  const push = pushNotificationJob(ctx);
  const scan: JobDefinition<object> = {
    name: PUSH_SCAN_JOB,
    schema: NO_PAYLOAD,
    retryLimit: 0,
    retryDelaySeconds: 0,
    cron: '* * * * *',
    handle: async () => {
      await queueDuePushes(ctx, push);
    },
  };
  return [scan, push as JobDefinition<object>];
};

/** Pushes one notification row (its id only in the payload); a retry pushes only what was not yet tried. */
export const pushNotificationJob = (ctx: AppContext): JobDefinition<{ notificationId: string }> => ({
  name: PUSH_NOTIFICATION_JOB,
  retryLimit: 3,
  retryDelaySeconds: 10,
  policy: 'short',
  schema: z.object({ notificationId: z.string() }),
  handle: async ({ notificationId }) => {
    await pushNotification(ctx, notificationId);
  },
});

/** Queues a push job for each notification with a push due (one waiting job per notification). */
export const queueDuePushes = async (ctx: AppContext, job: JobDefinition<{ notificationId: string }>): Promise<number> => {
  const ids = await notificationsToPush(ctx);
  for (const notificationId of ids) await ctx.jobs.send(job, { notificationId }, { singletonKey: notificationId });
  return ids.length;
};
