import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../../../platform/context.js';
import { VoiceCallError } from '../../../providers/voice/index.js';
import { isCallAllowed, nextCallMoment } from '../../messaging/call-window.js';
import { callSettings } from './call-settings.js';
import { endAttempt, finishCallRounds } from './call-status.js';
import * as repo from './calls.repository.js';

/**
 * Places one claimed call (its attempt row exists already). Refused for good: the attempt and the guest's row fail
 * with the provider's code. Refused for now: the attempt fails and the row waits the spacing (the attempt counts).
 * Outcome unknown (a timeout after sending, a crash of ours): the attempt stays 'placing' and the recovery asks the
 * provider before anything is placed again.
 */
export const placeClaimedCall = async (ctx: AppContext, call: repo.ClaimedCall): Promise<void> => {
  let providerCallId: string;
  try {
    ({ providerCallId } = await ctx.voice.placeCall({ attemptId: call.attemptId, to: call.to, lang: call.lang }));
  } catch (error) {
    if (error instanceof VoiceCallError && !error.outcomeUnknown) {
      ctx.logger.warn({ attemptId: call.attemptId, code: error.code, permanent: error.permanent }, 'call refused by the provider');
      await endAttempt(ctx, call.attemptId, { result: 'failed', reason: error.code, final: error.permanent });
      return;
    }
    ctx.logger.warn({ err: error, attemptId: call.attemptId }, 'call outcome unknown; the recovery asks the provider');
    return;
  }
  await repo.storeProviderCallId(ctx.db, call.attemptId, providerCallId);
};

/**
 * Places ready calls until none are left or the budget is spent: at most CALLS_MAX_CONCURRENT attempts on the wire
 * system-wide (counted and claimed in one locked step), events in turns, only inside the call window (outside it,
 * every ready row waits for the opening). Answers 'more' when ready rows remain for the next dispatch job.
 */
export const pumpCalls = async (ctx: AppContext, budgetMs = callSettings.pumpBudgetMs): Promise<'drained' | 'more'> => {
  const started = Date.now();
  const inFlight = new Set<Promise<void>>();
  const mode = ctx.config.messaging.sendingHours;
  while (Date.now() - started < budgetMs) {
    const now = callSettings.now();
    if (!isCallAllowed(now, mode)) {
      await repo.deferReadyCalls(ctx.db, nextCallMoment(now, mode));
      break;
    }
    const claim = await repo.claimCalls(ctx.db, ctx.config.voice.maxConcurrent, ctx.voice.name);
    for (const call of claim.calls) {
      const placing: Promise<void> = placeClaimedCall(ctx, call)
        .catch((error: unknown) => ctx.logger.error({ err: error, attemptId: call.attemptId }, 'call not placed; the recovery looks at it'))
        .finally(() => inFlight.delete(placing));
      inFlight.add(placing);
    }
    if (claim.calls.length > 0 || claim.skipped > 0) continue;
    if (!claim.full) {
      // Nothing ready: wait for a row becoming ready soon (a retry after a short spacing), else end (the tick comes back).
      const next = await repo.nextReadyCallMoment(ctx.db);
      const remaining = budgetMs - (Date.now() - started);
      if (!next || next.getTime() - Date.now() > Math.min(remaining, callSettings.idleWaitMs)) break;
      await sleep(Math.max(20, Math.min(next.getTime() - Date.now(), 1_000)));
      continue;
    }
    // Every line is busy: a call ending frees one (its report also wakes a dispatcher).
    await sleep(callSettings.fullWaitMs);
  }
  await Promise.all(inFlight);
  await finishCallRounds(ctx);
  return isCallAllowed(callSettings.now(), mode) && (await repo.hasReadyCalls(ctx.db)) ? 'more' : 'drained';
};
