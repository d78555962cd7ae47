import { normalizePhone } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { TextChannel } from '../../../providers/messaging/index.js';

/** Plays a guest's reply as the sandbox's inbound webhook would (development only: the routes see to that). */
export const playSandboxReply = async (ctx: AppContext, input: { to: string; channel: TextChannel; text: string }): Promise<void> => {
  const sandbox = ctx.messaging.sandbox;
  if (!sandbox) throw new AppError('NOT_FOUND', 'the text channels are not the sandbox');
  const from = normalizePhone(input.to);
  if (!from) throw new AppError('INVALID_PHONE', 'not a phone number');
  await sandbox.reply({ channel: input.channel, from, text: input.text, at: new Date() });
};
