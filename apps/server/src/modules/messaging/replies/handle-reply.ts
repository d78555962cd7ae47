// PLACEHOLDER: the msg-sandbox helper replaces this (opt-out words, replies shown to the host).
import type { AppContext } from '../../../platform/context.js';
import type { InboundReply } from '../../../providers/messaging/index.js';

/** A guest's reply from inside a channel: an opt-out word stops every message of the events that guest is on. */
export const handleInboundReply = async (_ctx: AppContext, _reply: InboundReply): Promise<void> => {};
