// PLACEHOLDER: the msg-templates helper replaces this with the real renderer (host text if approved, else the default).
import type { Lang, MessageAction } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { OutgoingMessage, TextChannel } from '../../../providers/messaging/index.js';

/** What the renderer needs of a guest (read just before sending). */
export interface RenderGuest {
  id: string;
  fullName: string;
  lang: Lang;
  inviteSalt: string | null;
}

export interface RenderedMessage {
  text: string;
  smsParts: number;
  template: OutgoingMessage['template'];
}

export interface MessageRenderer {
  render(input: { guest: RenderGuest; action: MessageAction; channel: TextChannel }): RenderedMessage;
}

/** Loads an event's templates and facts once; `render` is then pure and fast (a round renders thousands). */
export const createMessageRenderer = async (_ctx: AppContext, _eventId: string): Promise<MessageRenderer> => ({
  render: ({ guest }) => ({ text: guest.fullName, smsParts: 1, template: null }),
});
