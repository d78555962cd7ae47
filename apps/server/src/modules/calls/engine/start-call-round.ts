import { PackageId } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { finishCallRounds } from './call-status.js';
import { kickCallDispatch } from './call-dispatch-queue.js';
import * as repo from './calls.repository.js';
import { holdPaidEvent } from '../../messaging/engine/sending-stop.js';

/**
 * Freezes the call round's recipients (guests with no answer now; exactly once per guest) and queues the calls.
 * Refuses: NOT_FOUND, EVENT_NOT_PAID, PREMIUM_REQUIRED (package 1, or none), CALLS_NOT_INCLUDED, SENDING_PAUSED.
 * Idempotent: a second start freezes nobody again.
 */
export const startCallRound = async (ctx: AppContext, eventId: string, options: { by: 'schedule' | 'host' }): Promise<{ frozen: number }> => {
  const event = await repo.findEventForCalls(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  if (event.progressStatus === 0) throw new AppError('EVENT_NOT_PAID', 'the event is not paid');
  if (event.orderPackageId === null || event.orderPackageId === PackageId.BASIC) throw new AppError('PREMIUM_REQUIRED', 'calls need the premium package');
  if (!event.includeCalls) throw new AppError('CALLS_NOT_INCLUDED', 'the event does not include calls');
  if (event.paused) throw new AppError('SENDING_PAUSED', "the event's sending is paused");
  const frozen = await ctx.db.transaction(async (tx) => {
    if (!(await holdPaidEvent(tx, eventId))) throw new AppError('EVENT_NOT_PAID', 'the event is not paid');
    await repo.markCallsRunning(tx, eventId);
    return repo.freezeCallRecipients(tx, eventId);
  });
  ctx.logger.info({ eventId, by: options.by, frozen }, 'call round started');
  await kickCallDispatch(ctx);
  // Nobody to call: the round is done at once.
  if (frozen === 0) await finishCallRounds(ctx);
  return { frozen };
};
