import { z } from 'zod';
import type { AppContext } from '../../../platform/context.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import { kickDispatch } from './dispatch-job.js';
import { finishActions } from './finish-actions.js';
import { hasReadyRows, listDueActions } from './outbox.repository.js';
import { startAction } from './start-action.js';

const DUE_PER_TICK = 200;
const HALF_MINUTE_SECONDS = 30;

/** Starts the actions whose time came, closes drained ones and wakes the dispatcher for rows that became ready (after the quiet hours). */
export const runSchedulerTick = async (ctx: AppContext): Promise<void> => {
  for (const due of await listDueActions(ctx.db, DUE_PER_TICK)) {
    try {
      await startAction(ctx, due.eventId, due.action, { by: 'schedule' });
    } catch (error) {
      ctx.logger.warn({ err: error, ...due }, 'scheduled action not started');
    }
  }
  // The call round (premium, calls included): the calls engine, above messaging, starts its due rounds.
  await ctx.hooks.emit('callRoundsDue');
  await finishActions(ctx);
  if (await hasReadyRows(ctx.db)) await kickDispatch(ctx);
};

const TICK_JOB = 'messaging.tick';

/** Every minute by cron, and once more half a minute later (a delayed job): actions start within ~30 s of their time. */
export const schedulerTickJob = (ctx: AppContext): JobDefinition<{ half?: boolean }> => ({
  name: TICK_JOB,
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  cron: '* * * * *',
  schema: z.object({ half: z.boolean().optional() }),
  handle: async (data) => {
    if (!data.half) await ctx.jobs.boss.send(TICK_JOB, { half: true }, { startAfter: HALF_MINUTE_SECONDS, retryLimit: 0 });
    await runSchedulerTick(ctx);
  },
});
