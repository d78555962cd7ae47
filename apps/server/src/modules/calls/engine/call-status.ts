import { CALL_MAX_ATTEMPTS, type CallAttemptResult } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { CallAttemptStatus } from '../../../db/schema/calls.js';
import type { CallStatusReport, ProviderCallStatus } from '../../../providers/voice/index.js';
import { notifyActionFinished } from '../../messaging/engine/messaging-notifications.js';
import { nextCallMoment } from '../../messaging/call-window.js';
import { callSettings } from './call-settings.js';
import * as repo from './calls.repository.js';
import { kickCallDispatch } from './call-dispatch-queue.js';

const RANK: Record<CallAttemptStatus, number> = { placing: 0, ringing: 1, talking: 2, ended: 3 };

const statusOf = (status: ProviderCallStatus): CallAttemptStatus => {
  switch (status) {
    case 'queued':
    case 'initiated':
      return 'placing';
    case 'ringing':
      return 'ringing';
    case 'in-progress':
      return 'talking';
    default:
      return 'ended';
  }
};

/**
 * How an ended call went. The flow's own verdict (voicemail, silence, answered) stands; a call completed without
 * any answer from the keypad counts as silence (a person hung up without pressing a key) or voicemail (a machine).
 */
const resultOf = (attempt: repo.AttemptRow, report: CallStatusReport): CallAttemptResult => {
  if (attempt.result) return attempt.result;
  switch (report.status) {
    case 'busy':
      return 'busy';
    case 'no-answer':
      return 'noAnswer';
    case 'failed':
      return 'failed';
    case 'canceled':
      return 'canceled';
    default:
      if (attempt.answerStatus) return 'answered';
      if (report.answeredBy === 'machine' || attempt.answeredBy === 'machine') return 'voicemail';
      return 'silence';
  }
};

/** What an ended attempt means for the guest's call-round row: answered, final, or another attempt after the spacing. */
const settleOutbox = async (
  ctx: AppContext,
  tx: repo.Tx,
  attempt: Pick<repo.AttemptRow, 'outboxId' | 'attempt'>,
  result: CallAttemptResult,
  reason: string | null,
  final = false,
): Promise<void> => {
  const row = await repo.lockOutboxRow(tx, attempt.outboxId);
  // Only the row's current attempt decides (a late report of an older attempt, a row skipped meanwhile: nothing).
  if (!row || row.state !== 'sent' || row.attempts !== attempt.attempt) return;
  if (result === 'answered') return repo.markCallDelivered(tx, row.id);
  if (final || row.attempts >= CALL_MAX_ATTEMPTS) return repo.markCallFailed(tx, row.id, result === 'failed' ? (reason ?? 'failed') : 'noAnswer');
  const spacingMs = ctx.config.voice.retrySpacingMinutes * 60_000;
  const notBefore = nextCallMoment(new Date(callSettings.now().getTime() + spacingMs), ctx.config.messaging.sendingHours);
  await repo.requeueCall(tx, row.id, notBefore, result === 'failed' ? (reason ?? 'failed') : result);
};

/**
 * Ends an attempt that is not ended yet (a placeCall refused, a recovery that found nothing) and settles its row.
 * False: it had ended already.
 */
export const endAttempt = async (
  ctx: AppContext,
  attemptId: string,
  /** final: no other attempt (a number the provider refuses for good). */
  outcome: { result: CallAttemptResult; reason: string | null; final?: boolean },
): Promise<boolean> => {
  const ended = await ctx.db.transaction(async (tx) => {
    const attempt = await repo.lockAttempt(tx, attemptId);
    if (!attempt || attempt.status === 'ended') return undefined;
    await repo.updateAttempt(tx, attemptId, { status: 'ended', result: outcome.result, reason: outcome.reason, endedAt: new Date() });
    await settleOutbox(ctx, tx, attempt, outcome.result, outcome.reason, outcome.final);
    return attempt;
  });
  if (!ended) return false;
  await afterAttemptEnded(ctx);
  return true;
};

/** A line came free: the next call goes at once, and a round with nothing left is finished. */
export const afterAttemptEnded = async (ctx: AppContext): Promise<void> => {
  await finishCallRounds(ctx);
  await kickCallDispatch(ctx).catch((error: unknown) => ctx.logger.warn({ err: error }, 'call dispatch kick not queued; the tick catches up'));
};

/** Running call rounds with nothing queued or on the line become done; the host's bell says so. */
export const finishCallRounds = async (ctx: AppContext): Promise<void> => {
  for (const eventId of await repo.finishDrainedCallRounds(ctx.db)) {
    ctx.logger.info({ eventId }, 'call round finished');
    await notifyActionFinished(ctx, eventId);
  }
};

/**
 * Applies a provider's status report to the attempt: forward only (placing < ringing < talking < ended; an ended
 * attempt never changes), idempotent on the provider call id (a report naming another call than the attempt's is
 * ignored; the first one names it). Replays and out-of-order reports change nothing twice. On the end, the
 * attempt's result is decided and the guest's call-round row settled in the same transaction.
 */
export const applyCallStatus = async (ctx: AppContext, attemptId: string, report: CallStatusReport): Promise<void> => {
  const ended = await ctx.db.transaction(async (tx) => {
    const attempt = await repo.lockAttempt(tx, attemptId);
    if (!attempt || attempt.status === 'ended') return false;
    if (attempt.providerCallId !== null && attempt.providerCallId !== report.providerCallId) {
      ctx.logger.warn({ attemptId }, 'call status for another call than the attempt’s; ignored');
      return false;
    }
    const next = statusOf(report.status);
    const changes: repo.AttemptChanges = {};
    if (attempt.providerCallId === null) changes.providerCallId = report.providerCallId;
    if (report.answeredBy && !attempt.answeredBy) changes.answeredBy = report.answeredBy;
    const forward = RANK[next] > RANK[attempt.status];
    if (forward) {
      changes.status = next;
      changes.lastEventAt = attempt.lastEventAt && attempt.lastEventAt > report.at ? attempt.lastEventAt : report.at;
    }
    if (forward && next === 'talking') changes.answeredAt = report.at;
    if (forward && next === 'ended') {
      const result = resultOf({ ...attempt, answeredBy: attempt.answeredBy ?? report.answeredBy }, report);
      const reason = result === 'failed' ? (attempt.reason ?? report.status) : attempt.reason;
      // Nobody picked up (busy, no answer, failed, canceled): no duration, whatever the provider counted.
      const connected = report.status === 'completed' || attempt.status === 'talking';
      Object.assign(changes, { result, reason, endedAt: report.at, durationSeconds: connected ? report.durationSeconds : null });
      if (report.status === 'completed' && (report.durationSeconds ?? 0) > 0) changes.answeredAt = new Date(report.at.getTime() - report.durationSeconds! * 1000);
      await repo.updateAttempt(tx, attemptId, changes);
      await settleOutbox(ctx, tx, attempt, result, reason);
      return true;
    }
    if (Object.keys(changes).length > 0) await repo.updateAttempt(tx, attemptId, changes);
    return false;
  });
  if (ended) await afterAttemptEnded(ctx);
};
