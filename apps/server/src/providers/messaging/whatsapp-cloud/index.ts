import type { WhatsAppConfig } from '../../../platform/env.js';
import type { MessagingInbox, TextChannelProvider, WhatsAppSessionApi, WhatsAppTemplateApi } from '../index.js';
import { createWhatsAppCloudChannel, createWhatsAppCloudSession } from './channel.js';
import { createGraphClient } from './graph-client.js';
import { verifyWhatsAppSignature, verifyWhatsAppSubscription } from './signature.js';
import { createWhatsAppTemplateApi } from './templates-api.js';

/** What only the Meta adapter has: template management and the webhook checks. */
export interface WhatsAppCloudControls {
  templates: WhatsAppTemplateApi;
  /** X-Hub-Signature-256 (`sha256=<hex>`, HMAC-SHA256 of the exact raw body with the app secret), compared in constant time. */
  verifySignature(rawBody: Buffer, signatureHeader: string | undefined): boolean;
  /** The GET handshake: the `hub.challenge` to echo when mode is subscribe and the token is ours, else null. */
  verifySubscription(query: Record<string, unknown>): string | null;
}

export interface WhatsAppCloudProviders {
  channel: TextChannelProvider;
  session: WhatsAppSessionApi;
  controls: WhatsAppCloudControls;
}

export interface WhatsAppCloudOptions {
  /** A Graph call without an answer by then is cut off (a send then counts as maybe taken). Default 15 s. */
  requestTimeoutMs?: number;
  /** Where the adapter's one warning goes (no app id: templates without their image). Default: process warning. */
  warn?: (message: string) => void;
}

export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

/** The WhatsApp channel on Meta's Cloud API (a thin fetch client; tests point it at test/fake-whatsapp.ts). */
export const createWhatsAppCloudProviders = (
  config: Extract<WhatsAppConfig, { provider: 'whatsapp-cloud' }>,
  // Statuses and replies arrive through the webhook route, not through the adapter.
  _inbox: () => MessagingInbox,
  options: WhatsAppCloudOptions = {},
): WhatsAppCloudProviders => {
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const graph = createGraphClient(config, timeoutMs);
  return {
    channel: createWhatsAppCloudChannel(graph, config),
    session: createWhatsAppCloudSession(graph, config),
    controls: {
      templates: createWhatsAppTemplateApi(graph, config, { timeoutMs, warn: options.warn ?? ((message) => process.emitWarning(message)) }),
      verifySignature: (rawBody, header) => verifyWhatsAppSignature(rawBody, header, config.appSecret),
      verifySubscription: (query) => verifyWhatsAppSubscription(query, config.verifyToken),
    },
  };
};
