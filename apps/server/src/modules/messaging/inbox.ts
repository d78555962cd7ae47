import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../platform/context.js';
import type { DeliveryReport, MessagingInbox } from '../../providers/messaging/index.js';
import { fallBackToSms } from './engine/dispatch.js';
import { kickDispatch } from './engine/dispatch-job.js';
import { applyReport } from './engine/outbox.repository.js';
import { handleInboundReply } from './replies/handle-reply.js';

/** A report may overtake the write of its message id (the provider answers, then reports within milliseconds). */
const UNKNOWN_REPORT_RETRIES = [200, 500, 1_000, 2_000];

/** Delivery report → the row's state, forward only; a failed WhatsApp message falls back to SMS once. */
export const applyDeliveryReport = async (ctx: AppContext, report: DeliveryReport): Promise<void> => {
  for (let attempt = 0; ; attempt++) {
    const result = await applyReport(ctx.db, report);
    if (result === 'unchanged') return;
    if (result === 'unknown') {
      const delay = UNKNOWN_REPORT_RETRIES[attempt];
      if (delay === undefined) {
        ctx.logger.warn({ channel: report.channel, state: report.state }, 'delivery report for an unknown message dropped');
        return;
      }
      await sleep(delay);
      continue;
    }
    if (result.state === 'failed' && (await fallBackToSms(ctx, { id: result.id, channel: report.channel }, report.reason))) await kickDispatch(ctx);
    return;
  }
};

/** Where providers hand delivery reports and guest replies back to the engine. */
export const createMessagingInbox = (ctx: AppContext): MessagingInbox => ({
  report: (report) => applyDeliveryReport(ctx, report),
  reply: (reply) => handleInboundReply(ctx, reply),
});
