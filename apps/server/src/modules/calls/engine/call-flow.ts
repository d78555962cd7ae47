import { sql } from 'drizzle-orm';
import { CALL_KEYS, transportOptionLabel, type CallScriptParts, type HouseholdSplitMode, type Lang } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { CallInput, CallPrompt } from '../../../providers/voice/index.js';
import { answerFromMessage, type MessageAnswer, type MessageAnswerOutcome } from '../../invitations/message-answers.js';
import { CALL_EXTRA_TEXTS } from '../templates/call-extra-texts.js';
import { renderCallScript } from '../templates/call-script.js';
import { callSettings } from './call-settings.js';
import * as repo from './calls.repository.js';

/** Prompts in a row without a key before the call thanks the guest and hangs up (counted as silence). */
const MAX_SILENCES = 2;

const hangUp = (lang: Lang, say: string[] = []): CallPrompt => ({ lang, say, gather: null });
const gather = (lang: Lang, say: string[], numDigits = 1): CallPrompt => ({
  lang,
  say,
  gather: { numDigits, timeoutSeconds: callSettings.gatherTimeoutSeconds },
});
/** A number that may take several digits: up to numDigits, ended by # or a short pause. */
const gatherNumber = (lang: Lang, say: string[], numDigits: number): CallPrompt => ({
  lang,
  say,
  gather: { numDigits, timeoutSeconds: callSettings.numberTimeoutSeconds, finishOnKey: '#' },
});

const ANSWER_OF_KEY: Record<string, MessageAnswer['status']> = {
  [CALL_KEYS.approved]: 'approved',
  [CALL_KEYS.declined]: 'declined',
  [CALL_KEYS.maybe]: 'maybe',
};

const countOfInvitesOf = async (tx: repo.Conn, guestId: string): Promise<number | undefined> => {
  const row = (await tx.execute<{ n: number }>(sql`select count_of_invites as n from guests where id = ${guestId}::uuid`)).rows[0];
  return row ? Math.max(1, Number(row.n)) : undefined;
};

/** Issue 32: the split the event asks of the people coming ('none' when it asks none or is gone). */
const splitModeOf = async (tx: repo.Conn, eventId: string): Promise<HouseholdSplitMode> => {
  const row = (await tx.execute<{ mode: string | null }>(sql`select household_split as mode from events where id = ${eventId}::uuid`)).rows[0];
  return row?.mode === 'adultsChildren' || row?.mode === 'menWomen' ? row.mode : 'none';
};

const RIDE_YES = '1';
const RIDE_NO = '2';
const CONFIRM = '1';
const REENTER = '2';

/**
 * The keypad conversation of one call attempt: what the call says next given what happened (pick-up, keys,
 * silence). The greeting, the invitation and the question at the start and on 9; the question again after a wrong
 * key or one silence. After 1: the count when more than one is invited (digits then # or a 3-second pause), read
 * back (1 confirms, 2 enters it again; 0 or above the invitation is refused and asked again); then, when the event
 * asks the household split (issue 32), how many of those coming are children (or women), 0 for none, digits then #
 * (above the people coming is refused and asked again; the rest are adults, or men); then, when the event
 * asks this guest about transport (the page's rule), whether a ride is needed (1 yes, 2 no) and from which pickup
 * point (by its number); the closing line at the end or after a second silence. A machine is hung up on at once
 * (voicemail). Answers go through the page's rules (answerFromMessage, source 'call'): the count is recorded once
 * confirmed, so hanging up during the transport question keeps it, transport staying open. An unknown or ended
 * attempt hangs up.
 */
export const respondToCall = async (ctx: AppContext, attemptId: string, input: CallInput): Promise<CallPrompt> =>
  ctx.db.transaction(async (tx) => {
    const attempt = await repo.lockAttempt(tx, attemptId);
    if (!attempt) return hangUp('he');
    const { lang } = attempt;
    if (attempt.status === 'ended' || attempt.step === 'done') return hangUp(lang);
    const talking: repo.AttemptChanges = attempt.status === 'talking' ? {} : { status: 'talking', answeredAt: new Date() };

    if (input.kind === 'start' && input.answeredBy === 'machine') {
      await repo.updateAttempt(tx, attemptId, { ...talking, answeredBy: 'machine', result: 'voicemail', step: 'done' });
      return hangUp(lang);
    }
    const count = await countOfInvitesOf(tx, attempt.guestId);
    const script: CallScriptParts | undefined = count === undefined ? undefined : await renderCallScript(ctx, { eventId: attempt.eventId, guestId: attempt.guestId, lang });
    if (!script || count === undefined) {
      // The guest or the event is gone: nothing to ask.
      await repo.updateAttempt(tx, attemptId, { ...talking, step: 'done' });
      return hangUp(lang);
    }
    const extra = CALL_EXTRA_TEXTS[lang];
    const countDigits = String(count).length;
    const countPrompt = countDigits > 1 ? [script.count, extra.countFinish] : [script.count];
    const full = [script.greeting, script.invitation, script.question];
    const move = (changes: repo.AttemptChanges) => repo.updateAttempt(tx, attemptId, { ...talking, ...changes });
    const ask = async (step: 'question' | 'count', silences: number, say: string[]): Promise<CallPrompt> => {
      await move({ step, silences });
      return step === 'count' ? gatherNumber(lang, say, countDigits) : gather(lang, say);
    };
    const confirmCount = async (n: number, silences: number): Promise<CallPrompt> => {
      await move({ step: 'confirm', silences, pendingCount: n });
      return gather(lang, [extra.readback(n)]);
    };

    /** Records through the page's rules; undefined when answers are closed (the call then thanks and hangs up). */
    const record = async (value: MessageAnswer): Promise<MessageAnswerOutcome | undefined | 'closed'> => {
      try {
        return await answerFromMessage(ctx, attempt.guestId, value, 'call', tx);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'ANSWERS_CLOSED')) throw error;
        // The event's day passed: thanked, nothing recorded.
        await move({ step: 'done', silences: 0, result: 'answered', reason: 'answersClosed' });
        return 'closed';
      }
    };
    const bye = async (): Promise<CallPrompt> => {
      await move({ step: 'done', silences: 0 });
      return hangUp(lang, [script.closing]);
    };

    const pickupPoints = (outcome: MessageAnswerOutcome) => outcome.event.transport.options;
    const pickupPrompt = (outcome: MessageAnswerOutcome): string[] => [
      extra.pickupIntro,
      ...pickupPoints(outcome).map((_option, i) => extra.pickupOption(transportOptionLabel(outcome.event.transport, i, lang), i + 1)),
    ];
    const askPickup = async (outcome: MessageAnswerOutcome, silences: number): Promise<CallPrompt> => {
      await move({ step: 'pickup', silences });
      const points = pickupPoints(outcome).length;
      return points > 9 ? gatherNumber(lang, pickupPrompt(outcome), String(points).length) : gather(lang, pickupPrompt(outcome));
    };
    const askRide = async (silences: number): Promise<CallPrompt> => {
      await move({ step: 'ride', silences });
      return gather(lang, [extra.ride]);
    };

    const splitPrompt = (mode: HouseholdSplitMode, coming: number): string[] => [
      mode === 'menWomen' ? extra.splitWomen(coming) : extra.splitChildren(coming),
      ...(String(coming).length > 1 ? [extra.countFinish] : []),
    ];
    const askSplit = async (mode: HouseholdSplitMode, coming: number, silences: number, before: string[] = []): Promise<CallPrompt> => {
      await move({ step: 'split', silences });
      return gatherNumber(lang, [...before, ...splitPrompt(mode, coming)], String(coming).length);
    };
    /** The split told (children, or women; the rest are adults, or men), through the answer rules; then transport or the end. */
    const recordSplit = async (mode: HouseholdSplitMode, coming: number, part: number): Promise<CallPrompt> => {
      const outcome = await record({ status: 'approved', attending: coming, split: mode === 'menWomen' ? { women: part } : { children: part } });
      if (outcome === 'closed') return hangUp(lang, [script.closing]);
      if (outcome?.asksTransport) return askRide(0);
      return bye();
    };

    /** The answer (status and count) recorded; then the split and transport when the event asks them, else the closing line. */
    const answer = async (value: MessageAnswer): Promise<CallPrompt> => {
      const outcome = await record(value);
      if (outcome === 'closed') return hangUp(lang, [script.closing]);
      await move({
        silences: 0,
        result: 'answered',
        answerStatus: value.status,
        answerAttending: value.status === 'approved' ? (value.attending ?? null) : value.status === 'declined' ? 0 : null,
        pendingCount: null,
      });
      const coming = value.status === 'approved' ? (outcome?.guest.attending ?? value.attending ?? 0) : 0;
      if (coming > 0 && outcome && outcome.asksSplit !== 'none') return askSplit(outcome.asksSplit, coming, 0);
      if (value.status === 'approved' && outcome?.asksTransport) return askRide(0);
      return bye();
    };
    /** The current answer (to read the event's pickup points); nothing changes. */
    const current = async (): Promise<MessageAnswerOutcome | undefined> => {
      const outcome = await record({ status: 'approved' });
      return outcome === 'closed' ? undefined : outcome;
    };
    const recordTransport = async (transport: { option: string } | null): Promise<CallPrompt> => {
      const outcome = await record({ status: 'approved', transport });
      if (outcome === 'closed') return hangUp(lang, [script.closing]);
      return bye();
    };

    switch (input.kind) {
      case 'start':
        if (input.answeredBy) talking.answeredBy = input.answeredBy;
        return ask('question', 0, full);
      case 'silence': {
        const silences = attempt.silences + 1;
        if (silences >= MAX_SILENCES) {
          // After an answer was recorded (the transport questions), the call stays answered.
          await move({ step: 'done', silences, ...(attempt.result === 'answered' ? {} : { result: 'silence' }) });
          return hangUp(lang, [script.closing]);
        }
        switch (attempt.step) {
          case 'count':
            return ask('count', silences, countPrompt);
          case 'confirm':
            return attempt.pendingCount ? confirmCount(attempt.pendingCount, silences) : ask('count', silences, countPrompt);
          case 'split': {
            const mode = await splitModeOf(tx, attempt.eventId);
            return mode !== 'none' && attempt.answerAttending ? askSplit(mode, attempt.answerAttending, silences) : bye();
          }
          case 'ride':
            return askRide(silences);
          case 'pickup': {
            const outcome = await current();
            return outcome ? askPickup(outcome, silences) : bye();
          }
          default:
            return ask('question', silences, [script.question]);
        }
      }
      case 'keys': {
        const digits = input.digits.replace(/[^0-9]/g, '');
        const n = /^\d{1,3}$/.test(digits) ? Number(digits) : 0;
        switch (attempt.step) {
          case 'count':
            if (n >= 1 && n <= count) return confirmCount(n, 0);
            return ask('count', 0, n > count ? [extra.countAbove(count), ...countPrompt] : countPrompt);
          case 'confirm': {
            const key = digits.slice(0, 1);
            if (key === CONFIRM && attempt.pendingCount) return answer({ status: 'approved', attending: attempt.pendingCount });
            if (key === REENTER || !attempt.pendingCount) return ask('count', 0, countPrompt);
            return confirmCount(attempt.pendingCount, 0);
          }
          case 'split': {
            const mode = await splitModeOf(tx, attempt.eventId);
            const coming = attempt.answerAttending ?? 0;
            if (mode === 'none' || coming < 1) return bye();
            if (!/^\d{1,3}$/.test(digits)) return askSplit(mode, coming, 0);
            if (n > coming) return askSplit(mode, coming, 0, [extra.splitAbove(coming)]);
            return recordSplit(mode, coming, n);
          }
          case 'ride': {
            const key = digits.slice(0, 1);
            if (key === RIDE_NO) return recordTransport(null);
            if (key !== RIDE_YES) return askRide(0);
            const outcome = await current();
            if (!outcome) return bye();
            const points = pickupPoints(outcome);
            if (points.length === 1) return recordTransport({ option: points[0]! });
            return askPickup(outcome, 0);
          }
          case 'pickup': {
            const outcome = await current();
            if (!outcome) return bye();
            const option = pickupPoints(outcome)[n - 1];
            return n >= 1 && option ? recordTransport({ option }) : askPickup(outcome, 0);
          }
          default: {
            const key = digits.slice(0, 1);
            if (key === CALL_KEYS.repeat) return ask('question', 0, full);
            const status = ANSWER_OF_KEY[key];
            if (!status) return ask('question', 0, [script.question]);
            if (status === 'approved' && count > 1) return ask('count', 0, countPrompt);
            return answer(status === 'approved' ? { status, attending: 1 } : { status });
          }
        }
      }
    }
  });
