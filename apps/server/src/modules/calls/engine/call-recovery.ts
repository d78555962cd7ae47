import { sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import { afterAttemptEnded, applyCallStatus, endAttempt } from './call-status.js';
import { callSettings } from './call-settings.js';
import * as repo from './calls.repository.js';

/** Attempts re-read per recovery run. */
const RECOVERY_BATCH = 100;
/** A provider's clock may run a little behind ours: calls created this long before our attempt still match it. */
const CLOCK_SKEW_MS = 5_000;

/**
 * A placing attempt the provider never had: it ends 'failed' (notPlaced) and does not count — its number is set
 * negative (the unique key keeps one such per attempt number) and the row goes back to the queue with its attempt
 * given back, so the guest is called once for that number. A second time for the same number it counts as failed.
 */
const giveBackNotPlaced = async (ctx: AppContext, attemptId: string): Promise<void> => {
  const given = await ctx.db.transaction(async (tx) => {
    const attempt = await repo.lockAttempt(tx, attemptId);
    if (!attempt || attempt.status !== 'placing' || attempt.providerCallId !== null) return 'nothing' as const;
    const renumbered =
      ((
        await tx.execute(sql`
          update call_attempts a set attempt = -a.attempt, status = 'ended', result = 'failed', reason = 'notPlaced', ended_at = now(), updated_at = now()
          where a.id = ${attemptId}::uuid and a.attempt > 0
            and not exists (select 1 from call_attempts x where x.outbox_id = a.outbox_id and x.attempt = -a.attempt)`)
      ).rowCount ?? 0) > 0;
    if (!renumbered) return 'count' as const;
    const row = await repo.lockOutboxRow(tx, attempt.outboxId);
    if (row && row.state === 'sent' && row.attempts === attempt.attempt) await repo.requeueCall(tx, row.id, new Date(), 'notPlaced', { refund: true });
    return 'given' as const;
  });
  if (given === 'count') await endAttempt(ctx, attemptId, { result: 'failed', reason: 'notPlaced' });
  if (given === 'given') await afterAttemptEnded(ctx);
};

const recoverOne = async (ctx: AppContext, stale: repo.StaleAttempt): Promise<void> => {
  if (stale.providerCallId) {
    const report = await ctx.voice.getCall(stale.providerCallId);
    if (report) await applyCallStatus(ctx, stale.id, report);
    else await endAttempt(ctx, stale.id, { result: 'failed', reason: 'unknownCall' });
    return;
  }
  if (stale.status !== 'placing') return;
  const found = await ctx.voice.findCalls(stale.to, new Date(stale.placedAt.getTime() - CLOCK_SKEW_MS));
  const known = await repo.knownProviderCallIds(ctx.db, found.map((call) => call.providerCallId));
  const mine = found.find((call) => !known.has(call.providerCallId));
  if (mine) {
    await applyCallStatus(ctx, stale.id, mine);
    return;
  }
  await giveBackNotPlaced(ctx, stale.id);
};

/**
 * After a crash or a lost callback: attempts not ended whose last news is older than the lease are re-read from the
 * provider (getCall with their id; findCalls by phone and time for those whose placeCall outcome is unknown) before
 * anything is placed again. Answers how many were looked at.
 */
export const recoverCalls = async (ctx: AppContext): Promise<number> => {
  const stale = await repo.takeStaleAttempts(ctx.db, callSettings.leaseMs, RECOVERY_BATCH);
  for (const attempt of stale) {
    try {
      await recoverOne(ctx, attempt);
    } catch (error) {
      ctx.logger.warn({ err: error, attemptId: attempt.id }, 'call attempt not recovered; asked again after the lease');
    }
  }
  return stale.length;
};
