// PLACEHOLDER: the msg-engine helper fills report(); reply() hands over to the replies handler.
import type { AppContext } from '../../platform/context.js';
import type { MessagingInbox } from '../../providers/messaging/index.js';
import { handleInboundReply } from './replies/handle-reply.js';

/** Where providers hand delivery reports and guest replies back to the engine. */
export const createMessagingInbox = (ctx: AppContext): MessagingInbox => ({
  report: async () => {},
  reply: (reply) => handleInboundReply(ctx, reply),
});
