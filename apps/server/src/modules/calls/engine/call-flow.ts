import { sql } from 'drizzle-orm';
import { CALL_KEYS, type CallScriptParts, type Lang } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import type { CallInput, CallPrompt } from '../../../providers/voice/index.js';
import { answerFromMessage, type MessageAnswer } from '../../invitations/message-answers.js';
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

const ANSWER_OF_KEY: Record<string, MessageAnswer['status']> = {
  [CALL_KEYS.approved]: 'approved',
  [CALL_KEYS.declined]: 'declined',
  [CALL_KEYS.maybe]: 'maybe',
};

const countOfInvitesOf = async (tx: repo.Conn, guestId: string): Promise<number | undefined> => {
  const row = (await tx.execute<{ n: number }>(sql`select count_of_invites as n from guests where id = ${guestId}::uuid`)).rows[0];
  return row ? Math.max(1, Number(row.n)) : undefined;
};

/**
 * The keypad conversation of one call attempt: what the call says next given what happened (pick-up, keys,
 * silence). The greeting, the invitation and the question at the start and on 9; the question again after a wrong
 * key or one silence; after 1, the count (when more than one is invited; a count of 0 or above the invitation is
 * asked again); the closing line after an answer or a second silence. A machine is hung up on at once (voicemail).
 * Answers go through the page's rules (answerFromMessage, source 'call'). An unknown or ended attempt hangs up.
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
    const countDigits = count <= 9 ? 1 : 2;
    const ask = (step: 'question' | 'count', silences: number, say: string[]): Promise<CallPrompt> =>
      repo.updateAttempt(tx, attemptId, { ...talking, step, silences }).then(() => (step === 'count' ? gather(lang, say, countDigits) : gather(lang, say)));
    const full = [script.greeting, script.invitation, script.question];

    const answer = async (value: MessageAnswer): Promise<CallPrompt> => {
      try {
        await answerFromMessage(ctx, attempt.guestId, value, 'call', tx);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'ANSWERS_CLOSED')) throw error;
        // The event's day passed: thanked, nothing recorded.
        await repo.updateAttempt(tx, attemptId, { ...talking, step: 'done', silences: 0, result: 'answered', reason: 'answersClosed' });
        return hangUp(lang, [script.closing]);
      }
      await repo.updateAttempt(tx, attemptId, {
        ...talking,
        step: 'done',
        silences: 0,
        result: 'answered',
        answerStatus: value.status,
        answerAttending: value.status === 'approved' ? (value.attending ?? null) : value.status === 'declined' ? 0 : null,
      });
      return hangUp(lang, [script.closing]);
    };

    switch (input.kind) {
      case 'start':
        if (input.answeredBy) talking.answeredBy = input.answeredBy;
        return ask('question', 0, full);
      case 'silence': {
        const silences = attempt.silences + 1;
        if (silences >= MAX_SILENCES) {
          await repo.updateAttempt(tx, attemptId, { ...talking, step: 'done', silences, result: 'silence' });
          return hangUp(lang, [script.closing]);
        }
        return attempt.step === 'count' ? ask('count', silences, [script.count]) : ask('question', silences, [script.question]);
      }
      case 'keys': {
        const digits = input.digits.replace(/[^0-9]/g, '');
        if (attempt.step === 'count') {
          const n = /^\d+$/.test(digits) ? Number(digits) : 0;
          if (n >= 1 && n <= count) return answer({ status: 'approved', attending: n });
          return ask('count', 0, [script.count]);
        }
        const key = digits.slice(0, 1);
        if (key === CALL_KEYS.repeat) return ask('question', 0, full);
        const status = ANSWER_OF_KEY[key];
        if (!status) return ask('question', 0, [script.question]);
        if (status === 'approved' && count > 1) return ask('count', 0, [script.count]);
        return answer(status === 'approved' ? { status, attending: 1 } : { status });
      }
    }
  });
