// PLACEHOLDER: the msg-sandbox helper replaces the sandbox channels; msg-templates the sandbox template reviewer.
import type { Config } from '../../platform/env.js';
import type { MessagingInbox, TemplateReviewer, TextChannelProvider } from './index.js';

export interface MessagingProviders {
  whatsapp: TextChannelProvider;
  sms: TextChannelProvider;
  templateReviewer: TemplateReviewer;
}

const notYet = (): never => {
  throw new Error('not built yet');
};

/** `inbox` is resolved lazily: the engine that handles reports is built after the providers. */
export const createMessagingProviders = (_config: Config, _inbox: () => MessagingInbox): MessagingProviders => ({
  whatsapp: { channel: 3, name: 'sandbox', send: notYet, lookup: notYet },
  sms: { channel: 1, name: 'sandbox', send: notYet, lookup: notYet },
  templateReviewer: { name: 'sandbox', submit: notYet },
});
