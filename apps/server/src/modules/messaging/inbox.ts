import { setTimeout as sleep } from 'node:timers/promises';
import { MessageChannel } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import type { DeliveryReport, MessagingInbox } from '../../providers/messaging/index.js';
import { fallBackToSms } from './engine/dispatch.js';
import { kickDispatch } from './engine/dispatch-job.js';
import { applyReport, type ReportedRow } from './engine/outbox.repository.js';
import { handleInboundReply } from './replies/handle-reply.js';
import { optOutOfEvent } from './replies/opt-outs.service.js';
import { findOutboxRecipient, type Tx } from './replies/opt-outs.repository.js';

/** A report may overtake the write of its message id (the provider answers, then reports within milliseconds). */
const UNKNOWN_REPORT_RETRIES = [200, 500, 1_000, 2_000];
/** SMS failure reason of a recipient who blocked us (019's 17 and 201). */
const SMS_OPTED_OUT = 'optedOut';
/** The sandbox's free-form WhatsApp messages are recorded under these ids (never outbox rows): nothing to wait for. */
export const SANDBOX_SESSION_ID_PREFIX = 'session-';

/**
 * What follows a row's move, written with `tx` (the transaction that moved it, so a crash cannot keep the move and
 * lose this): a failed WhatsApp message gets its one SMS, and an SMS refused because the recipient blocked us opts
 * that number out of the event (every channel). True when an SMS row was added (kick the dispatcher after the commit).
 */
export const followDeliveryReportIn = async (ctx: AppContext, tx: Tx, report: DeliveryReport, moved: ReportedRow): Promise<boolean> => {
  if (moved.state !== 'failed') return false;
  if (report.channel === MessageChannel.SMS && report.reason === SMS_OPTED_OUT) {
    const recipient = await findOutboxRecipient(tx, moved.id);
    if (recipient) await optOutOfEvent(ctx, recipient.eventId, recipient.phoneNumber, 'sms', tx);
    return false;
  }
  return fallBackToSms(ctx, { id: moved.id, channel: report.channel }, report.reason, tx);
};

/** A report applied with what follows it, in one transaction; the dispatcher is kicked after the commit when an SMS row was added. */
const applyAndFollow = async (ctx: AppContext, report: DeliveryReport): Promise<ReportedRow | 'unchanged' | 'unknown'> => {
  const { result, kick } = await ctx.db.transaction(async (tx) => {
    const moved = await applyReport(tx, report);
    const added = moved !== 'unchanged' && moved !== 'unknown' ? await followDeliveryReportIn(ctx, tx, report, moved) : false;
    return { result: moved, kick: added };
  });
  if (kick) await kickDispatch(ctx);
  return result;
};

/**
 * Delivery report → the row's state, forward only, then what follows (followDeliveryReport). `waitForUnknown`: a
 * report for a message id not stored yet is tried again a few times (the sandbox's in-process reports); webhook
 * reports carry our outbox id instead and are matched by it at once.
 */
export const applyDeliveryReport = async (
  ctx: AppContext,
  report: DeliveryReport,
  options: { waitForUnknown?: boolean } = {},
): Promise<ReportedRow | 'unchanged' | 'unknown'> => {
  const wait = (options.waitForUnknown ?? true) && !report.providerMessageId.includes(`-${SANDBOX_SESSION_ID_PREFIX}`);
  for (let attempt = 0; ; attempt++) {
    const result = await applyAndFollow(ctx, report);
    if (result === 'unchanged') return result;
    if (result === 'unknown') {
      const delay = wait ? UNKNOWN_REPORT_RETRIES[attempt] : undefined;
      if (delay === undefined) {
        if (wait) ctx.logger.warn({ channel: report.channel, state: report.state }, 'delivery report for an unknown message dropped');
        return result;
      }
      await sleep(delay);
      continue;
    }
    return result;
  }
};

/** Where providers hand delivery reports and guest replies back to the engine. */
export const createMessagingInbox = (ctx: AppContext): MessagingInbox => ({
  report: async (report) => {
    await applyDeliveryReport(ctx, report);
  },
  reply: (reply) => handleInboundReply(ctx, reply),
});
