import type { AppContext } from '../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../platform/jobs.js';
import * as repo from './billing.repository.js';
import { notifySupport } from './paid-event.js';
import { verifyOrder } from './payments.service.js';

export const RECONCILE_ORDERS_JOB = 'billing.reconcile';

/**
 * The schedule of the re-checks. The job runs every minute; a pending order is asked about when its last ask
 * (or its creation) is this old, so a charge whose callback was lost pays its event within about 5 minutes
 * in the first hour, and within about an hour after that; after a day an order still unpaid is abandoned.
 */
export const RECONCILE_SCHEDULE = { firstHourRecheckMinutes: 4, laterRecheckMinutes: 59, abandonAfterHours: 24, stuckRefundMinutes: 15 } as const;
const BATCH = 100;
const STARTUP_KICK_MS = 1_000;

/**
 * No paid order left pending: every `pending` order is re-queried with its provider on the schedule above (the
 * answer goes through the same paid transition as a callback), an order still open after a day is asked once
 * more and closed as `abandoned` (giving its coupon use back), and an automatic refund whose answer never came
 * (a crash between its intent and the provider) is put before support instead of being tried again blindly.
 */
export const reconcileOrders = async (
  ctx: AppContext,
  now = new Date(),
  options: { everyPending?: boolean } = {},
): Promise<{ checked: number; abandoned: number; stuck: number }> => {
  // At start every pending order is due: callbacks may have been lost with the process that crashed.
  const schedule = options.everyPending ? { firstHourRecheckMinutes: 0, laterRecheckMinutes: 0 } : RECONCILE_SCHEDULE;
  const due = await repo.claimOrdersDueForCheck(ctx.db, { now, ...schedule, limit: BATCH });
  for (const order of due) {
    await verifyOrder(ctx, order);
  }
  const old = await repo.listOpenOrdersOlderThan(ctx.db, new Date(now.getTime() - RECONCILE_SCHEDULE.abandonAfterHours * 3_600_000), BATCH);
  let abandoned = 0;
  for (const order of old) {
    await verifyOrder(ctx, order);
    if (await repo.closeUnpaidOrder(ctx.db, order.id, 'abandoned')) abandoned += 1;
  }
  const stuck = await repo.listStuckAutomaticRefunds(ctx.db, new Date(now.getTime() - RECONCILE_SCHEDULE.stuckRefundMinutes * 60_000), BATCH);
  for (const order of stuck) {
    const reason = `automatic refund of ${order.paidAmount} agorot recorded but never answered: check it with the provider`;
    if (await repo.markNeedsAttention(ctx.db, order.id, null, reason)) await notifySupport(ctx, order.id, reason);
  }
  return { checked: due.length, abandoned, stuck: stuck.length };
};

export const createBillingJobs = (ctx: AppContext): JobDefinition<object>[] => {
  if (ctx.config.nodeEnv !== 'test') {
    // A process that starts after a crash asks about the orders left pending at once instead of at the next tick.
    setTimeout(() => void reconcileOrders(ctx, new Date(), { everyPending: true }).catch((error: unknown) => ctx.logger.error({ err: error }, 'order reconciliation at start failed')), STARTUP_KICK_MS).unref();
  }
  return [
    {
      name: RECONCILE_ORDERS_JOB,
      schema: NO_PAYLOAD,
      retryLimit: 0,
      retryDelaySeconds: 30,
      expireInSeconds: 240,
      cron: '* * * * *',
      handle: async () => {
        await reconcileOrders(ctx);
      },
    },
  ];
};
