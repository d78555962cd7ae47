import { MessageChannel } from '@magiim/shared';
import type { Config } from '../../platform/env.js';
import type { InboundReply, MessagingInbox, TemplateReviewer, TemplateReviewResult, TextChannelProvider } from './index.js';
import { createSandboxChannel, DEFAULT_RESUME_WITHIN_MS, type SandboxDelays } from './sandbox-channels.js';
import { createSandboxRecord, type SandboxRecord } from './sandbox-record.js';
import { createSandboxTemplateReviewer } from './sandbox-template-reviewer.js';

/** What only the sandbox has: its record of sent messages (the dev tools page) and a way to play a guest's reply. */
export interface SandboxControls {
  record: SandboxRecord;
  /** As if the guest answered inside the channel: handed to the inbox like a provider's inbound webhook. */
  reply(reply: InboundReply): Promise<void>;
}

export interface MessagingProviders {
  whatsapp: TextChannelProvider;
  sms: TextChannelProvider;
  templateReviewer: TemplateReviewer;
  /** Null when the channels are real providers. */
  sandbox: SandboxControls | null;
}

export interface MessagingProviderOptions {
  /** Where a template review's answer goes (the templates module); without it a review answer is refused. */
  onTemplateReviewed?: (result: TemplateReviewResult) => Promise<void>;
  /** Told when `onTemplateReviewed` throws (the sandbox reviewer does not retry). */
  onTemplateReviewError?: (error: unknown, result: TemplateReviewResult) => void;
  /** Tests: faster report timers. */
  sandboxDelays?: SandboxDelays;
}

/**
 * The sandbox channels and reviewer (the only providers of issue 18; the real WhatsApp and SMS adapters come behind
 * the same ports). `inbox` is resolved lazily: the engine that handles reports is built after the providers.
 */
export const createMessagingProviders = (config: Config, inbox: () => MessagingInbox, options: MessagingProviderOptions = {}): MessagingProviders => {
  const record = createSandboxRecord(config.dataDir);
  const channel = (which: 1 | 3) =>
    createSandboxChannel({
      channel: which,
      record,
      inbox,
      resumeWithinMs: DEFAULT_RESUME_WITHIN_MS,
      ...(options.sandboxDelays ? { delays: options.sandboxDelays } : {}),
    });
  return {
    whatsapp: channel(MessageChannel.WHATSAPP),
    sms: channel(MessageChannel.SMS),
    templateReviewer: createSandboxTemplateReviewer({
      reviewSeconds: config.messaging.sandboxTemplateReviewSeconds,
      onReviewed: (result) => (options.onTemplateReviewed ? options.onTemplateReviewed(result) : Promise.reject(new Error('no template review handler'))),
      ...(options.onTemplateReviewError ? { onError: options.onTemplateReviewError } : {}),
    }),
    sandbox: { record, reply: (reply) => inbox().reply(reply) },
  };
};
