import { MESSAGE_ACTIONS, type GuestMessage, type GuestMessageHistory, type MessageAction, type MessageFunnel, type TimedAction } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError, OutsideSendingHoursError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import { kickDispatch } from './engine/dispatch-job.js';
import { findEventForSending } from './engine/outbox.repository.js';
import { formatLocalDateTime } from './local-time.js';
import * as repo from './messages.repository.js';
import { isSendingAllowed, nextSendingMoment } from './sending-hours.js';
import { createMessageRenderer } from './templates/render.js';

const iso = (value: Date | string): string => new Date(value).toISOString();

export const getGuestHistory = async (ctx: AppContext, userId: string, eventId: string, guestId: string): Promise<GuestMessageHistory> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const guest = await repo.findGuestPhone(ctx.db, eventId, guestId);
  if (!guest) throw new AppError('NOT_FOUND', 'guest not found');
  const rows = await repo.listGuestHistory(ctx.db, eventId, guestId);
  return {
    optedOut: guest.optedOut,
    items: rows.map((row) => ({
      type: row.type as GuestMessage['type'],
      channel: row.channel as GuestMessage['channel'],
      state: row.state,
      reason: row.reason,
      at: iso(row.at),
      action: row.action,
      text: row.text,
    })),
  };
};

export const getFunnel = async (ctx: AppContext, userId: string, eventId: string): Promise<MessageFunnel> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const rows = new Map((await repo.readFunnel(ctx.db, eventId)).map((row) => [row.action, row]));
  // Every message action, in the order they go (one not started yet counts nothing); the call round once it has rows.
  const actions: TimedAction[] = rows.has('calls') ? [...MESSAGE_ACTIONS, 'calls'] : [...MESSAGE_ACTIONS];
  return {
    actions: actions.map((action) => {
      const row = rows.get(action);
      return {
        action,
        frozen: row?.frozen ?? 0,
        sent: row?.sent ?? 0,
        delivered: row?.delivered ?? 0,
        read: row?.read ?? 0,
        answered: row?.answered ?? 0,
        failed: row?.failed ?? 0,
        byChannel: row?.byChannel ?? {},
      };
    }),
    stopped: await repo.readSendingStopped(ctx.db, eventId),
  };
};

/**
 * What starting the action now would send: recipients, messages and the SMS parts those going by SMS take
 * (everyone when the event sends SMS; with WhatsApp, the guests expected to get an SMS all the same). Counted
 * with the sender's own renderer, so the estimate is the bill. Landlines get no message (calls only).
 */
export const previewAction = async (ctx: AppContext, userId: string, eventId: string, action: MessageAction) => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const event = await findEventForSending(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const smsOnly = event.channel === 1;
  const recipients = await repo.listRecipients(ctx.db, eventId, action);
  const texted = recipients.filter((guest) => !guest.landline);
  const bySms = texted.filter((guest) => smsOnly || guest.smsFirst);
  let smsParts = 0;
  if (bySms.length > 0) {
    const renderer = await createMessageRenderer(ctx, eventId);
    for (const guest of bySms) smsParts += renderer.render({ guest, action, channel: 1 }).smsParts;
  }
  return { action, recipients: recipients.length, messages: texted.length, smsMessages: bySms.length, smsParts };
};

/** A new wave of the action for those who did not read it, or whose every message failed; only inside the sending hours. */
export const resendAction = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  input: { action: MessageAction; only: 'unread' | 'failed' },
): Promise<{ queued: number }> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  const event = await findEventForSending(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  if (event.progressStatus === 0) throw new AppError('EVENT_NOT_PAID', 'the event is not paid');
  if (event.paused) throw new AppError('SENDING_PAUSED', "the event's sending is paused");
  const now = new Date();
  const mode = ctx.config.messaging.sendingHours;
  if (!isSendingAllowed(now, mode)) throw new OutsideSendingHoursError(formatLocalDateTime(nextSendingMoment(now, mode)));
  const queued = await repo.queueResendWave(ctx.db, eventId, input.action, input.only, event.channel === 1 ? 1 : 3);
  ctx.logger.info({ eventId, ...input, queued }, 'messaging resend queued');
  if (queued > 0) await kickDispatch(ctx);
  return { queued };
};
