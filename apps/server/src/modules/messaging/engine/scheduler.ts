import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../../platform/context.js';
import type { JobDefinition } from '../../../platform/jobs.js';
import { kickDispatch } from './dispatch-job.js';
import { finishActions } from './finish-actions.js';
import { hasReadyRows, listDueActions } from './outbox.repository.js';
import { startAction } from './start-action.js';

const DUE_PER_TICK = 200;
const HALF_MINUTE_MS = 30_000;

/** Starts the actions whose time came, closes drained ones and wakes the dispatcher for rows that became ready (after the quiet hours). */
export const runSchedulerTick = async (ctx: AppContext): Promise<void> => {
  for (const due of await listDueActions(ctx.db, DUE_PER_TICK)) {
    try {
      await startAction(ctx, due.eventId, due.action, { by: 'schedule' });
    } catch (error) {
      ctx.logger.warn({ err: error, ...due }, 'scheduled action not started');
    }
  }
  await finishActions(ctx);
  if (await hasReadyRows(ctx.db)) await kickDispatch(ctx);
};

/** Every minute by cron, and once more half a minute later: actions start within ~30 s of their time. */
export const schedulerTickJob = (ctx: AppContext): JobDefinition<object> => ({
  name: 'messaging.tick',
  retryLimit: 0,
  retryDelaySeconds: 5,
  expireInSeconds: 120,
  cron: '* * * * *',
  handle: async () => {
    await runSchedulerTick(ctx);
    await sleep(HALF_MINUTE_MS);
    await runSchedulerTick(ctx);
  },
});
