import { z } from 'zod';
import { LANGUAGES, MessageChannel } from '../enums.js';
import { MSG } from '../messages.js';
import { multiLineText } from './text.js';
import { smsPartsOf } from '../sms-parts.js';

// ── Templates (spec §4) ───────────────────────────────────────────────────────
/**
 * invitation: RSVP rounds 1–3 (rounds 2 and 3 may have their own text); direction: the reminder with directions;
 * saveTheDate (issue 32): the note before the invitations, asking no answer.
 */
export const TEMPLATE_PURPOSES = ['invitation', 'direction', 'thanks', 'saveTheDate'] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];
/** paused / disabled: WhatsApp stopped an approved template (low quality); the default text goes instead. */
export const TEMPLATE_STATUSES = ['pendingPayment', 'pendingApproval', 'approved', 'rejected', 'paused', 'disabled'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TEMPLATE_PLACEHOLDERS = ['guestName', 'eventName', 'date', 'time', 'place', 'link', 'navigationLink', 'table', 'giftThanks'] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
const exceptFor = (...left: TemplatePlaceholder[]) => TEMPLATE_PLACEHOLDERS.filter((name) => !left.includes(name));
/**
 * The placeholders each purpose's text may carry. `{table}` (issue 31: the guest's table number, and its name when
 * set) only in the direction message, which goes once the seating is done; a line with it is left out for a guest
 * without a table. `{giftThanks}` (issue 32: a thank-you line for a guest with a gift recorded, never the amount;
 * empty otherwise) only in the thank-you message.
 */
export const PURPOSE_PLACEHOLDERS: Record<TemplatePurpose, readonly TemplatePlaceholder[]> = {
  invitation: exceptFor('table', 'giftThanks'),
  direction: exceptFor('giftThanks'),
  thanks: exceptFor('table'),
  saveTheDate: exceptFor('table', 'giftThanks'),
};
/** The table as `{table}` says it: "12", or "12 (Family Cohen)" when the table has a name. */
export const tableTextOf = (table: { number: number; name: string | null } | null | undefined): string =>
  table ? (table.name?.trim() ? `${table.number} (${table.name.trim()})` : String(table.number)) : '';
/** The placeholder a purpose's text must carry: the invitation the guest's page, the direction message the way there. */
export const REQUIRED_PLACEHOLDER: Record<TemplatePurpose, TemplatePlaceholder | null> = {
  invitation: 'link',
  direction: 'navigationLink',
  thanks: null,
  saveTheDate: null,
};
/** WhatsApp's limit on a template body. */
export const TEMPLATE_MAX_LENGTH = 1024;
/**
 * WhatsApp's static template rules, with the reason a review gives for each (the provider's words, in English);
 * the web app shows its own translation of these.
 */
export const TEMPLATE_RULE_REASONS = {
  tooLong: `The body is longer than ${1024} characters.`,
  edgeVariable: 'A variable is at the very start or end of the body.',
  adjacentVariables: 'Two variables are side by side with nothing between them.',
  manyLinks: 'The body has more than one link.',
} as const;
export type TemplateRule = keyof typeof TEMPLATE_RULE_REASONS;
/** The rule a review reason names, or null for another reason (shown as the provider wrote it). */
export const templateRuleOf = (reason: string): TemplateRule | null =>
  (Object.keys(TEMPLATE_RULE_REASONS) as TemplateRule[]).find((rule) => TEMPLATE_RULE_REASONS[rule] === reason) ?? null;

/**
 * The first of WhatsApp's static rules a body breaks, naming what breaks it (the variable at the start or end, the
 * two side by side), or null. Checked when the host saves, before any payment; the review applies the same rules.
 */
export const whatsappTemplateIssue = (text: string): { rule: TemplateRule; message: string } | null => {
  if (text.length > TEMPLATE_MAX_LENGTH) return { rule: 'tooLong', message: MSG.templateTooLong(TEMPLATE_MAX_LENGTH) };
  const trimmed = text.trim();
  const first = /^\{(\w+)\}/.exec(trimmed);
  if (first) return { rule: 'edgeVariable', message: MSG.templateVariableAtStart(first[1]!) };
  const last = /\{(\w+)\}$/.exec(trimmed);
  if (last) return { rule: 'edgeVariable', message: MSG.templateVariableAtEnd(last[1]!) };
  const pair = /\{(\w+)\}\s*\{(\w+)\}/.exec(text);
  if (pair) return { rule: 'adjacentVariables', message: MSG.templateVariablesSideBySide(pair[1]!, pair[2]!) };
  const links = (text.match(/\{(?:link|navigationLink)\}/g)?.length ?? 0) + (text.match(/https?:\/\//gi)?.length ?? 0);
  if (links > 1) return { rule: 'manyLinks', message: MSG.templateManyLinks };
  return null;
};

/** SMS parts: a GSM-7 text 160 / 153 per part, anything else (Hebrew, Arabic, Russian) UCS-2 70 / 67. */
export const SMS_SEGMENT_WARNING = 2;

const langSchema = z.enum(LANGUAGES, { error: MSG.invalidValue });
const roundSchema = z.union([z.literal(2), z.literal(3)], { error: MSG.invalidValue });

export const messageTemplateSchema = z.object({
  purpose: z.enum(TEMPLATE_PURPOSES),
  /** null: round 1 (and every round without its own text); 2 or 3: that round's own invitation text. */
  round: z.union([z.literal(2), z.literal(3)]).nullable(),
  lang: langSchema,
  text: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  /** Why the provider rejected it (status rejected). */
  reason: z.string().nullable(),
  updatedAt: z.string(),
});
export type MessageTemplate = z.infer<typeof messageTemplateSchema>;
/** `smsText`: the shorter default that goes by SMS while the host keeps the default (SMS parts are paid). */
export const defaultTemplateSchema = z.object({ purpose: z.enum(TEMPLATE_PURPOSES), lang: langSchema, text: z.string(), smsText: z.string() });
/** `GET messageTemplate/{id}`. */
export const messageTemplatesResponseSchema = z.object({
  templates: z.array(messageTemplateSchema),
  defaults: z.array(defaultTemplateSchema),
});
export type MessageTemplatesResponse = z.infer<typeof messageTemplatesResponseSchema>;
/** `POST messageTemplate/edit/{id}`: round only for the invitation (2 or 3: that round's own text). */
export const messageTemplateEditSchema = z.object({
  purpose: z.enum(TEMPLATE_PURPOSES, { error: MSG.invalidValue }),
  round: roundSchema.optional(),
  lang: langSchema,
  text: multiLineText({ max: TEMPLATE_MAX_LENGTH }),
});
export type MessageTemplateEdit = z.input<typeof messageTemplateEditSchema>;
export const messageTemplateDeleteParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), lang: langSchema });

// ── Timing (`actionTiming/{id}`) ──────────────────────────────────────────────
/** In the order they go: the save-the-date (issue 32, off by default) before the RSVP rounds. */
export const TIMED_ACTIONS = ['saveTheDate', 'round1', 'round2', 'round3', 'direction', 'thanks', 'calls'] as const;
export type TimedAction = (typeof TIMED_ACTIONS)[number];
/** Actions the messaging engine sends (calls belong to the call round). */
export const MESSAGE_ACTIONS = ['saveTheDate', 'round1', 'round2', 'round3', 'direction', 'thanks'] as const;
export type MessageAction = (typeof MESSAGE_ACTIONS)[number];
/** `YYYY-MM-DDTHH:mm`, Asia/Jerusalem. */
export const LOCAL_DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const localDateTimeSchema = z.string({ error: MSG.required }).regex(LOCAL_DATE_TIME_PATTERN, MSG.invalidValue);

export const ACTION_STATES = ['scheduled', 'running', 'done', 'disabled'] as const;
export type ActionState = (typeof ACTION_STATES)[number];
export const actionTimingSchema = z.object({
  action: z.enum(TIMED_ACTIONS),
  sendAt: z.string(),
  enabled: z.boolean(),
  /** Ours: the host moved it by hand (a new RSVP start date no longer moves it). */
  custom: z.boolean(),
  /** Ours: scheduled, running (recipients frozen, sending), done, or disabled. */
  state: z.enum(ACTION_STATES),
  startedAt: z.string().nullable(),
  /** Issue 32 (thanks only): the thank-you goes only to the guests with a gift recorded. */
  onlyGivers: z.boolean().optional(),
});
export type ActionTiming = z.infer<typeof actionTimingSchema>;
/** `GET actionTiming/{id}`. */
export const actionTimingsResponseSchema = z.object({
  actions: z.array(actionTimingSchema),
  /** The event's sending is paused (`POST actionTiming/{id}/pause`). */
  paused: z.boolean(),
  /** `israel` (quiet hours, Shabbat and holidays) or `always` (development and tests). */
  sendingHours: z.enum(['israel', 'always']),
});
export type ActionTimingsResponse = z.infer<typeof actionTimingsResponseSchema>;
/** `PATCH actionTiming/{id} {actions:[…]}`: any subset of actions. */
export const actionTimingPatchSchema = z.object({
  actions: z
    .array(
      z.object({
        action: z.enum(TIMED_ACTIONS, { error: MSG.invalidValue }),
        sendAt: localDateTimeSchema,
        enabled: z.boolean({ error: MSG.invalidValue }),
        /** Issue 32, thanks only: send the thank-you only to guests with a gift recorded (absent: unchanged). */
        onlyGivers: z.boolean({ error: MSG.invalidValue }).optional(),
      }),
    )
    .min(1, MSG.required)
    .max(TIMED_ACTIONS.length, MSG.invalidValue),
});
export type ActionTimingPatch = z.input<typeof actionTimingPatchSchema>;
/**
 * `POST actionTiming/{id}/start {action}`: start now (inside the sending hours). `calls` starts the call round
 * (premium with calls included: PREMIUM_REQUIRED, CALLS_NOT_INCLUDED).
 */
export const actionStartSchema = z.object({ action: z.enum(TIMED_ACTIONS, { error: MSG.invalidValue }) });
/** `POST actionTiming/{id}/pause {paused}`. */
export const actionPauseSchema = z.object({ paused: z.boolean({ error: MSG.invalidValue }) });
/** Ours: `POST messages/resend/{id} {action, only}`: again to those who did not read, or retry the failed. */
export const actionResendSchema = z.object({
  action: z.enum(MESSAGE_ACTIONS, { error: MSG.invalidValue }),
  only: z.enum(['unread', 'failed'], { error: MSG.invalidValue }),
});
/** The body of 400 OUTSIDE_SENDING_HOURS: the next moment a message may go. */
export const outsideSendingHoursSchema = z.object({ code: z.literal('OUTSIDE_SENDING_HOURS'), message: z.string(), nextAllowed: z.string() });

// ── Messages ──────────────────────────────────────────────────────────────────
export const MESSAGE_STATES = ['queued', 'sent', 'delivered', 'read', 'failed', 'skipped'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
const channelSchema = z.union([z.literal(MessageChannel.SMS), z.literal(MessageChannel.CALL), z.literal(MessageChannel.WHATSAPP)]);
/** Spec §3 guest message types: invitation 1, reminder (direction) 2, thanks 3, call 4; ours: save-the-date 5. */
const messageTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]);
export const guestMessageSchema = z.object({
  type: messageTypeSchema,
  channel: channelSchema,
  state: z.enum(MESSAGE_STATES),
  /** Why it failed or was skipped (a provider code or ours: answered, optedOut, wrongNumber, paused…). */
  reason: z.string().nullable(),
  at: z.string(),
});
export type GuestMessage = z.infer<typeof guestMessageSchema>;
export const guestMessageHistoryItemSchema = guestMessageSchema.extend({
  action: z.enum(TIMED_ACTIONS),
  /** The text as sent (after placeholders), for the host's eyes. */
  text: z.string().nullable(),
});
/** `GET messages/guest/{id}/{guestID}`: every message of the guest, newest first. */
export const guestMessageHistorySchema = z.object({ items: z.array(guestMessageHistoryItemSchema), optedOut: z.boolean() });
export type GuestMessageHistory = z.infer<typeof guestMessageHistorySchema>;

const channelCountsSchema = z.object({ sent: z.number().int(), delivered: z.number().int(), read: z.number().int(), failed: z.number().int() });
export const funnelActionSchema = z.object({
  /** `calls`: sent = calls placed, delivered = a person picked up, read = 0, answered = an RSVP by keypad or after. */
  action: z.enum(TIMED_ACTIONS),
  /** Guests frozen into the action (a fallback is the same guest on another channel). */
  frozen: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  read: z.number().int(),
  answered: z.number().int(),
  failed: z.number().int(),
  /** `"1"` SMS, `"2"` call, `"3"` WhatsApp. */
  byChannel: z.record(z.string(), channelCountsSchema),
});
/** `GET messages/funnel/{id}`. */
export const messageFunnelSchema = z.object({
  actions: z.array(funnelActionSchema),
  /** The event's package was cancelled: what was waiting was skipped (reason `cancelled`) and nothing more goes. */
  stopped: z.boolean(),
});
export type MessageFunnel = z.infer<typeof messageFunnelSchema>;
/** Ours: `GET messages/preview/{id}?action=` → what starting an action would send now. */
export const actionPreviewSchema = z.object({
  action: z.enum(MESSAGE_ACTIONS),
  recipients: z.number().int(),
  messages: z.number().int(),
  /** Of the messages, those expected to go by SMS (all of them when the event sends SMS). */
  smsMessages: z.number().int(),
  /** The parts those SMS take, counted as the sender counts them. */
  smsParts: z.number().int(),
});

export { OPT_OUT_LINES, SMS_REPLY_LINES } from '../sms-parts.js';

/** The invitation's WhatsApp quick replies, in the order coming / not coming / not sure (each ≤ 20 characters). */
export const WHATSAPP_QUICK_REPLY_TITLES: Record<(typeof LANGUAGES)[number], [string, string, string]> = {
  he: ['מגיע/ה', 'לא מגיע/ה', 'עוד לא יודע/ת'],
  en: ['Coming', 'Not coming', 'Not sure yet'],
  ru: ['Приду', 'Не приду', 'Пока не знаю'],
  ar: ['سأحضر', 'لن أحضر', 'لست متأكدًا بعد'],
};
/** What a quick reply answers with: `rsvp:<status>:<outboxId>` (the Meta adapter and the sandbox give the same). */
export const WHATSAPP_QUICK_REPLY_ANSWERS = ['approved', 'declined', 'maybe'] as const;

/** Where WhatsApp's daily tier of new recipients leaves the rest of a round (spec: the event's `whatsappOverflow`). */
export const WHATSAPP_OVERFLOW_MODES = ['sms', 'wait'] as const;
export type WhatsappOverflowMode = (typeof WHATSAPP_OVERFLOW_MODES)[number];

/** Words that opt a guest out of an event's messages, in every language (compared trimmed, case-folded). */
export const OPT_OUT_WORDS = ['הסר', 'stop', 'стоп', 'توقف'] as const;
/** `POST /dev/sandbox/reply {to, channel, text}` (development only). */
export const sandboxReplySchema = z.object({
  to: z.string().min(1).max(32),
  channel: z.union([z.literal(MessageChannel.SMS), z.literal(MessageChannel.WHATSAPP)]),
  text: multiLineText({ max: 1000 }),
  /** A tapped quick reply or list row (its payload / id), as WhatsApp sends it beside the title. */
  payload: z.string().regex(/^[a-z]{1,10}:[a-z0-9_]{1,30}:[0-9a-f-]{36}$/i, MSG.invalidValue).optional(),
});

/** Parts an SMS takes (the counting lives in sms-parts.ts: one function for the editor, the estimate and the sender). */
export const smsSegmentsOf = (text: string): number => smsPartsOf(text).parts;
