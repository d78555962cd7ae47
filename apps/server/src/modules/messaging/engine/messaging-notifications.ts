import type { WhatsappOverflowMode } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { recordOverflowNotice } from './daily-tier.repository.js';
import { bumpNotification } from '../../notifications/public.js';

/** The bell after an action sent its last message (one unread row per event gathers a burst of them). */
export const notifyActionFinished = async (ctx: AppContext, eventId: string): Promise<void> => {
  await ctx.db.transaction((tx) => bumpNotification(tx, eventId, 'actionFinished'));
};

/** Once per finished action that left guests without any message. */
export const notifyMessagesFailed = async (ctx: AppContext, eventId: string): Promise<void> => {
  await ctx.db.transaction((tx) => bumpNotification(tx, eventId, 'messagesFailed'));
};

/**
 * WhatsApp's daily tier was spent while this event was sending: the host hears once per event and day whether
 * the rest goes by SMS or waits for tomorrow (the notice row is the once-key, written with the bell).
 */
export const notifyWhatsAppOverflow = async (ctx: AppContext, eventId: string, day: string, mode: WhatsappOverflowMode): Promise<void> => {
  await ctx.db.transaction(async (tx) => {
    if (await recordOverflowNotice(tx, eventId, day, mode)) await bumpNotification(tx, eventId, mode === 'sms' ? 'whatsappOverflowSms' : 'whatsappOverflowWait');
  });
};
