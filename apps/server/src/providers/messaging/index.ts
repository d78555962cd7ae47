import type { Lang, TemplatePurpose } from '@magiim/shared';

/** The channels a text goes by (spec §3 message channel: SMS 1, WhatsApp 3). */
export type TextChannel = 1 | 3;

export interface OutgoingMessage {
  /** Our outbox row: the idempotency key the provider sees where it supports one, and the sandbox records. */
  outboxId: string;
  channel: TextChannel;
  /** E.164. */
  to: string;
  /** The text with placeholders filled (SMS: opt-out line included). */
  text: string;
  lang: Lang;
  /** WhatsApp sends an approved template by its id with the filled values; null: the default template. */
  template: { providerTemplateId: string | null; purpose: TemplatePurpose; values: Record<string, string> } | null;
}

/** The provider took the message; delivery comes later as a report. */
export interface SendAccepted {
  providerMessageId: string;
}

/**
 * A send the provider refused or we could not complete. `permanent`: retrying cannot help (a bad number);
 * `outcomeUnknown`: it may have been taken (timeout, dropped connection) — the outbox must not send it again blindly.
 */
export class MessageSendError extends Error {
  readonly code: string;
  readonly permanent: boolean;
  readonly outcomeUnknown: boolean;
  constructor(message: string, options: { code: string; permanent?: boolean; outcomeUnknown?: boolean }) {
    super(message);
    this.name = 'MessageSendError';
    this.code = options.code;
    this.permanent = options.permanent ?? false;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}

/** What a provider later tells about a message (WhatsApp statuses, SMS delivery reports). */
export interface DeliveryReport {
  channel: TextChannel;
  providerMessageId: string;
  state: 'sent' | 'delivered' | 'read' | 'failed';
  /** Provider code on failure, e.g. WhatsApp 131026 (not on WhatsApp): the engine falls back to SMS. */
  reason: string | null;
  at: Date;
}

/** A guest's reply from inside the channel ('הסר', an answer). */
export interface InboundReply {
  channel: TextChannel;
  /** E.164. */
  from: string;
  text: string;
  at: Date;
}

/** Where providers hand reports and replies back to the messaging engine (set by the engine at start). */
export interface MessagingInbox {
  report(report: DeliveryReport): Promise<void>;
  reply(reply: InboundReply): Promise<void>;
}

/** The small interface of one text channel's provider (sandbox, later Meta WhatsApp Cloud / an Israeli SMS gateway). */
export interface TextChannelProvider {
  readonly channel: TextChannel;
  readonly name: string;
  send(message: OutgoingMessage): Promise<SendAccepted>;
  /**
   * Re-queries a message the outbox is unsure about (a claim that outlived its lease): `unknown` when the provider
   * never heard of it (safe to send), else what it knows. Providers without a lookup answer `unsupported`.
   */
  lookup(outboxId: string): Promise<{ known: false } | { known: true; providerMessageId: string } | 'unsupported'>;
}

export interface TemplateForReview {
  templateId: string;
  revision: number;
  eventId: string;
  purpose: TemplatePurpose;
  lang: Lang;
  text: string;
}

/** Sends templates for the provider's review (WhatsApp); the answer comes later through `onReviewed`. */
export interface TemplateReviewer {
  readonly name: string;
  submit(template: TemplateForReview): Promise<{ providerTemplateId: string }>;
}

export interface TemplateReviewResult {
  templateId: string;
  revision: number;
  status: 'approved' | 'rejected';
  reason: string | null;
}
