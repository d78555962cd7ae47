import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { MSG } from '../messages.js';
import { multiLineText } from './text.js';

// ── The call script (spec §2 call-messages, §3 call template per language) ────
/** A call reads greeting + invitation, asks the question, then (after 1) the count, and ends with the closing line. */
export const CALL_PARTS = ['greeting', 'invitation', 'question', 'count', 'closing'] as const;
export type CallPart = (typeof CALL_PARTS)[number];
/** Placeholders a call script may carry, written `{name}` like the message templates. */
export const CALL_PLACEHOLDERS = ['guestName', 'eventName', 'date', 'time', 'place', 'countOfInvites'] as const;
export type CallPlaceholder = (typeof CALL_PLACEHOLDERS)[number];
/** Characters per part (a part is read aloud: a long one loses the guest). */
export const CALL_PART_MAX_LENGTH = 400;
/** `POST text-to-speech/{id}`: characters of text to read. */
export const TTS_MAX_LENGTH = 1000;

const langSchema = z.enum(LANGUAGES, { error: MSG.invalidValue });
const partText = multiLineText({ max: CALL_PART_MAX_LENGTH });

export const callScriptPartsSchema = z.object({
  greeting: z.string(),
  invitation: z.string(),
  question: z.string(),
  count: z.string(),
  closing: z.string(),
});
export type CallScriptParts = z.infer<typeof callScriptPartsSchema>;
export const callScriptSchema = z.object({ lang: langSchema, parts: callScriptPartsSchema });
export type CallScript = z.infer<typeof callScriptSchema>;
/** `GET voiceTemplate/{id}`: the host's own scripts (one per language they edited) and the defaults of the event's languages. */
export const voiceTemplatesResponseSchema = z.object({
  templates: z.array(callScriptSchema),
  defaults: z.array(callScriptSchema),
});
export type VoiceTemplatesResponse = z.infer<typeof voiceTemplatesResponseSchema>;
/** `POST voiceTemplate/edit/{id} {lang, parts}`: every part, checked as free text (premium only: PREMIUM_REQUIRED). */
export const voiceTemplateEditSchema = z.object({
  lang: langSchema,
  parts: z.object({ greeting: partText, invitation: partText, question: partText, count: partText, closing: partText }),
});
export type VoiceTemplateEdit = z.input<typeof voiceTemplateEditSchema>;
/** `POST text-to-speech/{id} {lang, text}` → audio (`audio/mpeg` or `audio/wav`). */
export const textToSpeechSchema = z.object({ lang: langSchema, text: multiLineText({ max: TTS_MAX_LENGTH }) });
export type TextToSpeechRequest = z.input<typeof textToSpeechSchema>;

// ── The call round ────────────────────────────────────────────────────────────
/** Calls to one guest at most (no answer, busy, failed, silence, voicemail each use one). */
export const CALL_MAX_ATTEMPTS = 3;
/** Calls ring only from 10:00 to 20:00 Asia/Jerusalem, inside the messaging engine's sending hours. */
export const CALL_WINDOW = { openMinutes: 10 * 60, closeMinutes: 20 * 60 } as const;
/** Keypad: 1 coming, 2 not coming, 3 not sure, 9 hear again. */
export const CALL_KEYS = { approved: '1', declined: '2', maybe: '3', repeat: '9' } as const;

/**
 * How one attempt ended. answered: a person answered (whether or not they pressed an answer);
 * noAnswer, busy, failed, voicemail (a machine answered: hung up on), silence (answered, no key twice): another attempt.
 */
export const CALL_ATTEMPT_RESULTS = ['answered', 'noAnswer', 'busy', 'failed', 'voicemail', 'silence', 'canceled'] as const;
export type CallAttemptResult = (typeof CALL_ATTEMPT_RESULTS)[number];
/**
 * The guest's call as the host sees it (progress column, report). calling: a call on the wire now; retrying: a try
 * ended and the next waits for its time (issue 27 §2: "next try at 14:30").
 */
export const CALL_RESULTS = ['queued', 'calling', 'retrying', 'answered', 'noAnswer', 'failed', 'skipped'] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const callReportAttemptSchema = z.object({
  attempt: z.number().int(),
  startedAt: z.string(),
  /** Seconds from answer to hang-up; null when nobody answered. */
  durationSeconds: z.number().int().nullable(),
  result: z.enum(CALL_ATTEMPT_RESULTS).nullable(),
});
export const callReportItemSchema = z.object({
  guestId: z.uuid(),
  fullName: z.string(),
  phoneNumber: z.string(),
  lang: langSchema,
  result: z.enum(CALL_RESULTS),
  /** The reason of a skipped or failed call (answered meanwhile, optedOut, wrongNumber, noAnswer after 3 tries…). */
  reason: z.string().nullable(),
  attempts: z.array(callReportAttemptSchema),
  /** When the next attempt is due (`YYYY-MM-DDTHH:mm` Asia/Jerusalem); null when no attempt is left or due. */
  nextAttemptAt: z.string().nullable(),
  /** The answer taken from the keypad, if any. */
  answer: z.object({ status: z.enum(['approved', 'declined', 'maybe']), attending: z.number().int().nullable() }).nullable(),
});
export type CallReportItem = z.infer<typeof callReportItemSchema>;
export const CALL_REPORT_PAGE_SIZE = 50;
/** `GET calls/report/{id}?offset=&limit=&result=&guestId=`: one page of the round's guests and the totals by result
 * (`guestId`: only that guest's row — the guest's history reads its calls this way; the totals stay the round's). */
export const callReportQuerySchema = z.object({
  offset: z.coerce.number({ error: MSG.invalidValue }).int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number({ error: MSG.invalidValue }).int().min(1).max(200).default(CALL_REPORT_PAGE_SIZE),
  result: z.enum(CALL_RESULTS, { error: MSG.invalidValue }).optional(),
  guestId: z.uuid({ error: MSG.invalidValue }).optional(),
});
export const callReportSchema = z.object({
  /** The calls action's state (not started: scheduled or disabled). */
  state: z.enum(['scheduled', 'running', 'done', 'disabled']),
  totals: z.record(z.enum(CALL_RESULTS), z.number().int()),
  /** Guests in the round matching `result` (all when absent). */
  total: z.number().int(),
  items: z.array(callReportItemSchema),
});
export type CallReport = z.infer<typeof callReportSchema>;

/** Development only: `POST /dev/sandbox/calls/:callId/keys {digits}` (a key pressed on the dev call page) and `…/hangup`. */
export const sandboxCallKeysSchema = z.object({ digits: z.string().regex(/^[0-9*#]{1,3}$/, MSG.invalidValue) });
