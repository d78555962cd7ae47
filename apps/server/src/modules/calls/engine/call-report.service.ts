import { CALL_RESULTS, type CallReport, type CallReportItem, type CallResult } from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import { requireEventAccess } from '../../events/event-access.js';
import { formatLocalDateTime } from '../../messaging/local-time.js';
import * as repo from './call-report.repository.js';

const STATES = new Set(['scheduled', 'running', 'done']);

/** `GET calls/report/{id}`: one page of the round's guests (attempts, next attempt, answer) and the totals by result. */
export const getCallReport = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  query: { offset: number; limit: number; result?: CallResult | undefined; guestId?: string | undefined },
): Promise<CallReport> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const timing = await repo.readCallRoundState(ctx.db, eventId);
  const state = !timing ? 'scheduled' : timing.state === 'scheduled' && !timing.enabled ? 'disabled' : STATES.has(timing.state) ? timing.state : 'scheduled';
  const counted = await repo.countCallResults(ctx.db, eventId);
  const totals = Object.fromEntries(CALL_RESULTS.map((result) => [result, counted[result] ?? 0])) as Record<CallResult, number>;
  const rows = await repo.listCallReportRows(ctx.db, eventId, query);
  // One guest has at most one row in the round, so with `guestId` the page is the whole match.
  const total = query.guestId
    ? query.offset === 0
      ? rows.length
      : (await repo.listCallReportRows(ctx.db, eventId, { ...query, offset: 0, limit: 1 })).length
    : query.result
      ? totals[query.result]
      : Object.values(totals).reduce((sum, n) => sum + n, 0);
  const attempts = await repo.listCallReportAttempts(
    ctx.db,
    rows.map((row) => row.outboxId),
  );
  const items: CallReportItem[] = rows.map((row) => {
    const own = attempts.filter((attempt) => attempt.outboxId === row.outboxId);
    const answered = [...own].reverse().find((attempt) => attempt.answerStatus !== null);
    return {
      guestId: row.guestId,
      fullName: row.fullName,
      phoneNumber: row.phoneNumber,
      lang: row.lang,
      result: row.result,
      reason: row.reason,
      attempts: own.map((attempt) => ({
        attempt: attempt.attempt,
        startedAt: attempt.placedAt.toISOString(),
        durationSeconds: attempt.durationSeconds,
        result: attempt.result,
      })),
      nextAttemptAt: row.state === 'queued' ? formatLocalDateTime(row.notBefore) : null,
      answer: answered
        ? { status: answered.answerStatus as 'approved' | 'declined' | 'maybe', attending: answered.answerAttending }
        : null,
    };
  });
  return { state: state as CallReport['state'], totals, total, items };
};
