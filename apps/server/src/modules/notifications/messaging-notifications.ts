import type { AppContext } from '../../platform/context.js';
import { bumpNotification } from '../invitations/invitations.repository.js';

/** The bell after an action sent its last message (one unread row per event gathers a burst of them). */
export const notifyActionFinished = async (ctx: AppContext, eventId: string): Promise<void> => {
  await ctx.db.transaction((tx) => bumpNotification(tx, eventId, 'actionFinished'));
};

/** Once per finished action that left guests without any message. */
export const notifyMessagesFailed = async (ctx: AppContext, eventId: string): Promise<void> => {
  await ctx.db.transaction((tx) => bumpNotification(tx, eventId, 'messagesFailed'));
};
