import type { AppContext } from '../../platform/context.js';
import { listDueCallRounds } from './engine/calls.repository.js';
import { startCallRound } from './engine/start-call-round.js';

const DUE_PER_TICK = 200;

/** The call round's part of messaging's scheduler and timing screen (platform/hooks.ts), wired at start-up. */
export const subscribeCallHooks = (ctx: AppContext): void => {
  // The call round (premium, calls included): its own dispatcher and window.
  ctx.hooks.subscribe('callRoundsDue', async () => {
    for (const due of await listDueCallRounds(ctx.db, DUE_PER_TICK)) {
      try {
        await startCallRound(ctx, due.eventId, { by: 'schedule' });
      } catch (error) {
        ctx.logger.warn({ err: error, eventId: due.eventId }, 'scheduled call round not started');
      }
    }
  });
  ctx.hooks.subscribe('callRoundRequested', async (eventId) => {
    await startCallRound(ctx, eventId, { by: 'host' });
  });
};
