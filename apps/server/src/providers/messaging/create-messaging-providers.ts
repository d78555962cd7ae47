import { MessageChannel } from '@magiim/shared';
import type { Config } from '../../platform/env.js';
import type { InboundReply, MessagingInbox, TemplateReviewer, TemplateReviewResult, TextChannelProvider, WhatsAppSessionApi } from './index.js';
import { createSandboxWhatsAppSession } from './sandbox-session.js';
import { createSms019Channel, type SmsGatewayControls } from './sms019/index.js';
import { createWhatsAppCloudProviders, type WhatsAppCloudControls } from './whatsapp-cloud/index.js';
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
  /** Free-form WhatsApp messages inside a guest's 24-hour window (the follow-up questions). */
  whatsappSession: WhatsAppSessionApi;
  /** Meta only (MESSAGING_PROVIDER=whatsapp-cloud): templates live on Meta and webhooks are signed. */
  whatsappCloud: WhatsAppCloudControls | null;
  /** 019 only (SMS_PROVIDER=019): its push URLs' secret. */
  smsGateway: SmsGatewayControls | null;
  /** The sandbox's record and replies (dev tools); present while either channel is the sandbox. */
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
 * Each channel is the sandbox unless configured: MESSAGING_PROVIDER=whatsapp-cloud (Meta) and SMS_PROVIDER=019.
 * `inbox` is resolved lazily: the engine that handles reports is built after the providers.
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
  const cloud = config.whatsapp.provider === 'whatsapp-cloud' ? createWhatsAppCloudProviders(config.whatsapp, inbox) : null;
  const sms019 = config.sms.provider === '019' ? createSms019Channel(config.sms) : null;
  const sandboxReviewer = (): TemplateReviewer =>
    createSandboxTemplateReviewer({
      reviewSeconds: config.messaging.sandboxTemplateReviewSeconds,
      onReviewed: (result) => (options.onTemplateReviewed ? options.onTemplateReviewed(result) : Promise.reject(new Error('no template review handler'))),
      ...(options.onTemplateReviewError ? { onError: options.onTemplateReviewError } : {}),
    });
  return {
    whatsapp: cloud?.channel ?? channel(MessageChannel.WHATSAPP),
    sms: sms019?.channel ?? channel(MessageChannel.SMS),
    // On Meta the templates module creates and follows templates itself (modules/messaging/whatsapp-templates).
    templateReviewer: cloud ? { name: 'whatsapp-cloud', submit: () => Promise.reject(new Error('Meta templates go through the template sync')) } : sandboxReviewer(),
    whatsappSession: cloud?.session ?? createSandboxWhatsAppSession(record),
    whatsappCloud: cloud?.controls ?? null,
    smsGateway: sms019?.controls ?? null,
    sandbox: cloud && sms019 ? null : { record, reply: (reply) => inbox().reply(reply) },
  };
};
