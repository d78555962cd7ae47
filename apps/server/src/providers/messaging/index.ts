import { WHATSAPP_QUICK_REPLY_ANSWERS, type Lang, type TemplatePurpose } from '@magiim/shared';

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
  /** WhatsApp sends an approved template by its id with the filled values; null for SMS. */
  template: WhatsAppTemplateRef | null;
  /**
   * Aborted when the engine stops waiting (well inside its claim's lease): a provider that has not yet taken the
   * message must not take it after, or a worker re-checking the expired claim could send it again. The real
   * adapters' own request timeouts are already shorter than the lease; the sandbox, whose disk queue has none, obeys it.
   */
  signal?: AbortSignal;
}

/** The template a WhatsApp message goes by, and the values of its variables. */
export interface WhatsAppTemplateRef {
  /** Meta: the template's name (its language is the message's `lang`); sandbox: its own id, null for the default text. */
  providerTemplateId: string | null;
  purpose: TemplatePurpose;
  /** Our placeholder names (guestName, link…) → the text; the Meta adapter names them guest_name, link… */
  values: Record<string, string>;
  /** The event image for a template created with an image header; null: the template has none. */
  headerImageUrl: string | null;
  /** What the template's URL button appends to its base (the guest's page token); null: the template has no URL button. */
  pageUrlSuffix: string | null;
  /** Invitation templates carry coming / not coming / not sure; each tap answers with `rsvp:<status>:<outboxId>`. */
  quickReplies: boolean;
}

/** The invitation's quick-reply payloads, coming / not coming / not sure: what a tap sends back. */
export const quickReplyPayloadsOf = (outboxId: string): string[] => WHATSAPP_QUICK_REPLY_ANSWERS.map((answer) => `rsvp:${answer}:${outboxId}`);

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
  /**
   * The account or our setup is at fault, not the guest (a bad token, a wrong number id, a locked account, a template
   * mismatch): the row waits and the operators are alerted; no guest is moved to another channel because of it.
   */
  readonly accountWide: boolean;
  constructor(message: string, options: { code: string; permanent?: boolean; outcomeUnknown?: boolean; accountWide?: boolean }) {
    super(message);
    this.name = 'MessageSendError';
    this.code = options.code;
    this.permanent = options.permanent ?? false;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
    this.accountWide = options.accountWide ?? false;
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
  /** Our outbox id when the provider echoes it (WhatsApp `biz_opaque_callback_data`): matches a row whose id was not stored yet. */
  outboxId?: string | null;
}

/** A guest's reply from inside the channel ('הסר', an answer). */
export interface InboundReply {
  channel: TextChannel;
  /** E.164. */
  from: string;
  text: string;
  at: Date;
  /** The provider's id of this inbound message (a WhatsApp wamid): a replay with the same id is applied once. */
  providerMessageId?: string | null;
  /** A quick-reply or list choice: the payload / row id we gave it (`rsvp:approved:<outboxId>`, `count:3:<outboxId>`). */
  payload?: string | null;
  /** The message it answers (WhatsApp `context.id`). */
  contextMessageId?: string | null;
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
  /**
   * Asks the provider what became of sent messages (019's DLR query): reports for those it knows an outcome of.
   * Unsigned delivery reports are only hints; this answer is what changes a row. Absent: the provider has none.
   */
  queryStatus?(messages: { outboxId: string; providerMessageId: string }[]): Promise<DeliveryReport[]>;
}

// ── WhatsApp Cloud API (Meta) ─────────────────────────────────────────────────
export type WhatsAppCategory = 'MARKETING' | 'UTILITY';
export type WhatsAppReviewStatus = 'pending' | 'approved' | 'rejected' | 'paused' | 'disabled' | 'deleted';

/** A template to create on Meta: our text and what goes around it. */
export interface WhatsAppTemplateDraft {
  /** Lowercase letters, digits and _ (unique in the account). */
  name: string;
  lang: Lang;
  category: WhatsAppCategory;
  /** Our text with {placeholders}; the adapter turns them into named variables ({{guest_name}}). */
  body: string;
  /** A sample value for each placeholder the body uses (Meta requires them). */
  examples: Record<string, string>;
  /** The opt-out line (≤ 60 characters). */
  footer: string | null;
  /** The event image: the adapter uploads it for the header's example handle. Null: no header. */
  headerImage: { url: string } | null;
  /** Titles of the coming / not coming / not sure quick replies in the template's language; null: none. */
  quickReplies: [string, string, string] | null;
  /** A URL button to the guest's page: `baseUrl` + the suffix given at send time. */
  urlButton: { title: string; baseUrl: string; exampleSuffix: string } | null;
}

export interface WhatsAppTemplateInfo {
  providerId: string;
  name: string;
  status: WhatsAppReviewStatus;
  category: string | null;
  /** Why it was rejected, paused or disabled (Meta's reason code or words). */
  reason: string | null;
}

/** Meta's template management (POST/GET/DELETE on the WABA's message_templates). */
export interface WhatsAppTemplateApi {
  create(draft: WhatsAppTemplateDraft): Promise<WhatsAppTemplateInfo>;
  /** By Meta id; null when Meta no longer has it. */
  get(providerId: string): Promise<WhatsAppTemplateInfo | null>;
  /** By name (a create cut off before its answer); null when none exists. */
  findByName(name: string): Promise<WhatsAppTemplateInfo | null>;
  delete(template: { providerId: string | null; name: string }): Promise<void>;
  /**
   * Whether this image can be a template's header (Meta: JPEG / PNG, ≤ 5 MB); throws when it cannot be read now.
   * Absent: any image can. Asked before creating, so a template's header matches what each send carries.
   */
  headerImageUsable?(url: string): Promise<boolean>;
}

/** Free-form messages inside the 24-hour window a guest's own message opened (no template needed). */
export interface WhatsAppSessionApi {
  sendText(to: string, text: string): Promise<SendAccepted>;
  /** An interactive list (≤ 10 rows, titles ≤ 24 characters); a choice comes back as an inbound reply with `payload` = row id. */
  sendList(to: string, list: { body: string; button: string; rows: { id: string; title: string }[] }): Promise<SendAccepted>;
}

/** One thing a WhatsApp webhook POST told (a body may carry several). `key` identifies it for replays. */
export type WhatsAppWebhookEvent =
  | { kind: 'status'; key: string; report: DeliveryReport }
  | { kind: 'message'; key: string; reply: InboundReply }
  | {
      kind: 'template';
      key: string;
      providerId: string;
      name: string;
      lang: string;
      /** Null when only the category changed. */
      status: WhatsAppReviewStatus | null;
      category: string | null;
      reason: string | null;
    };

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
