import { MessageChannel, normalizePhone } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { InboundReply } from '../../../providers/messaging/index.js';
import { isOptOutText } from './opt-out-words.js';
import { optOutOfEvent } from './opt-outs.service.js';
import { findMessagedGuests } from './opt-outs.repository.js';

/**
 * A guest's reply from inside a channel. An opt-out word stops every message of each event that messaged the
 * number by that channel (by any channel when none did: a reply by SMS to a WhatsApp message still counts).
 * Any other text is logged (without the number or the text) and otherwise ignored for now: guests answer on
 * their personal page, and quick replies come with the real WhatsApp provider.
 */
export const handleInboundReply = async (ctx: AppContext, reply: InboundReply): Promise<void> => {
  const from = normalizePhone(reply.from);
  if (!from) {
    ctx.logger.warn({ channel: reply.channel }, 'inbound reply from a number we cannot read; ignored');
    return;
  }
  const optOut = isOptOutText(reply.text);
  const byChannel = await findMessagedGuests(ctx.db, from, reply.channel);
  const messaged = byChannel.length > 0 ? byChannel : await findMessagedGuests(ctx.db, from, null);
  if (!optOut) {
    ctx.logger.info({ channel: reply.channel, events: messaged.length }, 'inbound reply that is not an opt-out; ignored');
    return;
  }
  const via = reply.channel === MessageChannel.WHATSAPP ? 'whatsapp' : 'sms';
  for (const guest of messaged) await optOutOfEvent(ctx, guest.eventId, guest.phoneNumber, via);
  ctx.logger.info({ channel: reply.channel, events: messaged.length }, 'inbound opt-out recorded');
};
