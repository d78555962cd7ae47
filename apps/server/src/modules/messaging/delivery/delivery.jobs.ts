import { addDays, todayInBusinessZone } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { type JobDefinition, NO_PAYLOAD } from '../../../platform/jobs.js';
import { kickDispatch } from '../engine/dispatch-job.js';
import { pruneRecipientDays } from '../engine/daily-tier.repository.js';
import { hasWebhookBacklog, sendUndeliveredBySms } from './delivery.repository.js';

/** Rows taken per statement, and statements per run (the next minute's run takes the rest). */
const BATCH = 500;
const BATCHES_PER_RUN = 40;
/** Days of counted WhatsApp recipients kept (today's and yesterday's, for a look back). */
const TIER_DAYS_KEPT = 2;
/** Unapplied webhooks older than this hold the sweep (a backlog may hide 'delivered' statuses). */
export const WEBHOOK_BACKLOG_MINUTES = 2;

/**
 * WhatsApp messages with no `delivered` within WHATSAPP_DELIVERY_TIMEOUT_MINUTES get their one SMS; then the
 * dispatcher is woken — unless the webhook inbox is behind (its run is skipped). Safe to run twice at once or again: the once-key and the row locks make a rerun a no-op.
 */
export const sweepDeliveryTimeouts = async (ctx: AppContext): Promise<number> => {
  if (await hasWebhookBacklog(ctx.db, WEBHOOK_BACKLOG_MINUTES)) {
    // Statuses not applied yet may say 'delivered': an SMS now could be a second message. The next minute tries again.
    ctx.logger.warn({ olderThanMinutes: WEBHOOK_BACKLOG_MINUTES }, 'webhook inbox behind: delivery timeout sweep skipped this run');
    return 0;
  }
  const minutes = ctx.config.messaging.whatsappDeliveryTimeoutMinutes;
  let queued = 0;
  for (let i = 0; i < BATCHES_PER_RUN; i++) {
    const batch = await sendUndeliveredBySms(ctx.db, minutes, BATCH);
    queued += batch.queued;
    if (batch.taken < BATCH) break;
  }
  if (queued > 0) {
    ctx.logger.info({ queued }, 'WhatsApp messages not delivered in time: SMS queued');
    await kickDispatch(ctx);
  }
  return queued;
};

export const DELIVERY_TIMEOUT_JOB = 'messaging.delivery-timeout';

const deliveryTimeoutJob = (ctx: AppContext): JobDefinition<object> => ({
  name: DELIVERY_TIMEOUT_JOB,
  schema: NO_PAYLOAD,
  retryLimit: 0,
  retryDelaySeconds: 10,
  expireInSeconds: 120,
  cron: '* * * * *',
  handle: async () => {
    await sweepDeliveryTimeouts(ctx);
    await pruneRecipientDays(ctx.db, addDays(todayInBusinessZone(), -TIER_DAYS_KEPT));
  },
});

/** Runs the sweep now rather than at the next minute (tests, and after a burst of sends). */
export const kickDeliveryTimeouts = async (ctx: AppContext): Promise<void> => {
  await ctx.jobs.send(deliveryTimeoutJob(ctx), {});
};

/** WhatsApp messages with no `delivered` within WHATSAPP_DELIVERY_TIMEOUT_MINUTES get their SMS. */
export const createDeliveryJobs = (ctx: AppContext): JobDefinition<object>[] => [deliveryTimeoutJob(ctx)];
