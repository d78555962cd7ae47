import type { AppContext } from '../../../platform/context.js';
import { notifyActionFinished, notifyMessagesFailed } from './messaging-notifications.js';
import { finishDrainedActions } from './outbox.repository.js';

/** Running actions with nothing left to send become done; the host's bell says so (and once more when guests got nothing). */
export const finishActions = async (ctx: AppContext): Promise<void> => {
  for (const finished of await finishDrainedActions(ctx.db)) {
    ctx.logger.info(finished, 'messaging action finished');
    await notifyActionFinished(ctx, finished.eventId);
    if (finished.failed > 0) await notifyMessagesFailed(ctx, finished.eventId);
  }
};
