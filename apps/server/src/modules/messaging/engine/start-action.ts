import type { MessageAction } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { kickDispatch } from './dispatch-job.js';
import { finishActions } from './finish-actions.js';
import { findEventForSending, freezeRecipients, markActionRunning } from './outbox.repository.js';
import { holdPaidEvent } from './sending-stop.js';

/**
 * Freezes the action's recipients into the outbox in one statement and queues their dispatch. Idempotent: a
 * second call for the same action freezes nothing new. Refuses unpaid or paused events (EVENT_NOT_PAID, SENDING_PAUSED).
 */
export const startAction = async (
  ctx: AppContext,
  eventId: string,
  action: MessageAction,
  options: { by: 'schedule' | 'host' },
): Promise<{ frozen: number }> => {
  const event = await findEventForSending(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  if (event.progressStatus === 0) throw new AppError('EVENT_NOT_PAID', 'the event is not paid');
  if (event.paused) throw new AppError('SENDING_PAUSED', "the event's sending is paused");
  const channel = event.channel === 1 ? 1 : 3;
  const frozen = await ctx.db.transaction(async (tx) => {
    if (!(await holdPaidEvent(tx, eventId))) throw new AppError('EVENT_NOT_PAID', 'the event is not paid');
    await markActionRunning(tx, eventId, action);
    return freezeRecipients(tx, eventId, action, channel);
  });
  ctx.logger.info({ eventId, action, by: options.by, frozen }, 'messaging action started');
  await kickDispatch(ctx);
  // Nobody to message: the action is done at once.
  if (frozen === 0) await finishActions(ctx);
  return { frozen };
};
