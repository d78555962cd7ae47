import { normalizePhone } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { TextChannel } from '../../../providers/messaging/index.js';

/** Plays a guest's reply as the sandbox's inbound webhook would (development only: the routes see to that). */
export const playSandboxReply = async (
  ctx: AppContext,
  input: { to: string; channel: TextChannel; text: string; payload?: string | undefined },
): Promise<void> => {
  const sandbox = ctx.messaging.sandbox;
  if (!sandbox) throw new AppError('NOT_FOUND', 'the text channels are not the sandbox');
  const from = normalizePhone(input.to);
  if (!from) throw new AppError('INVALID_PHONE', 'not a phone number');
  // A tap (quick reply, list row) is WhatsApp's: it comes with its payload, as Meta's webhook brings it.
  const payload = input.channel === 3 && input.payload ? input.payload : null;
  await sandbox.reply({ channel: input.channel, from, text: input.text, at: new Date(), payload });
};
