// PLACEHOLDER: the msg-engine helper replaces this with the real freeze + dispatch.
import type { MessageAction } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';

/**
 * Freezes the action's recipients into the outbox in one statement and queues their dispatch. Idempotent: a
 * second call for the same action freezes nothing new. Refuses unpaid or paused events (EVENT_NOT_PAID, SENDING_PAUSED).
 */
export const startAction = async (
  _ctx: AppContext,
  _eventId: string,
  _action: MessageAction,
  _options: { by: 'schedule' | 'host' },
): Promise<{ frozen: number }> => ({ frozen: 0 });
