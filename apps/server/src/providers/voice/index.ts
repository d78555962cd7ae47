import type { Lang } from '@magiim/shared';

/**
 * Automated voice calls (premium call round, spec §1). The provider places the call; what the call says and does
 * with the keypad comes from our call flow (`CallFlowHandlers`), asked at every step: Twilio fetches TwiML from our
 * webhook, the sandbox asks in-process. Statuses come back as `CallStatusReport`s, possibly repeated or out of order.
 */
export interface VoiceCallProvider {
  readonly name: 'sandbox' | 'twilio';
  /**
   * Places one call. Throws `VoiceCallError` (permanent: a bad number; outcomeUnknown: a timeout after sending,
   * the call may exist — the engine then looks it up with `findCalls` before another attempt).
   */
  placeCall(request: PlaceCallRequest): Promise<{ providerCallId: string }>;
  /** The call as the provider has it now (recovery after a crash or a lost callback); null for an unknown id. */
  getCall(providerCallId: string): Promise<CallStatusReport | null>;
  /** Calls to `to` created at or after `since`, newest first (an attempt whose placeCall outcome is unknown). */
  findCalls(to: string, since: Date): Promise<CallStatusReport[]>;
  /** Ends a call in progress (a voicemail detected late, a cancelled round); no error for one already over. */
  hangUp(providerCallId: string): Promise<void>;
}

export interface PlaceCallRequest {
  /** Our `call_attempts.id`: in the TwiML and status URLs, so every callback names its attempt. */
  attemptId: string;
  /** E.164. */
  to: string;
  lang: Lang;
}

/** Twilio's CallStatus words. */
export const PROVIDER_CALL_STATUSES = ['queued', 'initiated', 'ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'failed', 'canceled'] as const;
export type ProviderCallStatus = (typeof PROVIDER_CALL_STATUSES)[number];

export interface CallStatusReport {
  providerCallId: string;
  status: ProviderCallStatus;
  /** Machine detection: human, machine (any machine_* or fax), unknown; null when not (yet) known. */
  answeredBy: 'human' | 'machine' | 'unknown' | null;
  /** Seconds the call was connected (Twilio CallDuration); null until it ended. */
  durationSeconds: number | null;
  /** When the provider says this happened (Twilio's Timestamp); ordering of out-of-order callbacks. */
  at: Date;
  /** Twilio's SequenceNumber of the status callback, when given. */
  sequence: number | null;
}

/** What the call hears next, from our call flow. */
export interface CallPrompt {
  lang: Lang;
  /** Texts read one after the other (placeholders already filled); empty: nothing to say. */
  say: string[];
  /**
   * Wait for keys after the texts (Twilio `<Gather input="dtmf">`); null: hang up after them. `finishOnKey` ('#'):
   * a number of several digits ends with that key (or a pause of timeoutSeconds) before numDigits are pressed.
   */
  gather: { numDigits: number; timeoutSeconds: number; finishOnKey?: '#' } | null;
}

/** What happened on the call since the last prompt. */
export type CallInput =
  /** The callee picked up (Twilio's first TwiML fetch); answeredBy from synchronous machine detection. */
  | { kind: 'start'; answeredBy: 'human' | 'machine' | 'unknown' | null }
  /** Keys pressed in answer to the last prompt's gather. */
  | { kind: 'keys'; digits: string }
  /** The last prompt's gather timed out with no key. */
  | { kind: 'silence' };

/** Our side of a call, given to the provider at creation (late-bound: the handlers need the app context). */
export interface CallFlowHandlers {
  respond(attemptId: string, input: CallInput): Promise<CallPrompt>;
  status(attemptId: string, report: CallStatusReport): Promise<void>;
}

/** A call the provider refused or we could not complete. */
export class VoiceCallError extends Error {
  readonly code: string;
  readonly permanent: boolean;
  readonly outcomeUnknown: boolean;
  constructor(message: string, options: { code: string; permanent?: boolean; outcomeUnknown?: boolean }) {
    super(message);
    this.name = 'VoiceCallError';
    this.code = options.code;
    this.permanent = options.permanent ?? false;
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}
