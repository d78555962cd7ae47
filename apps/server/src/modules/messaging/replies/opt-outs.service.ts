import type { AppContext } from '../../../platform/context.js';
import { AppError } from '../../../platform/errors.js';
import { bumpNotification } from '../../notifications/public.js';
import { inviteTokenHashOf } from '../../events/invite-links.js';
import * as repo from './opt-outs.repository.js';

/** Page opt-outs a link may make in a burst (one counts; the rest are the same no-op). */
const PAGE_OPT_OUTS_PER_TOKEN = { max: 20, windowMinutes: 60 };

/**
 * The phone is never messaged again for the event, on any channel: the opt-out row (kept by phone, so a guest
 * re-added with the same number stays out), its waiting messages skipped, and the host's bell rung once.
 */
export const optOutOfEvent = async (ctx: AppContext, eventId: string, phoneNumber: string, via: repo.OptOutVia, inTx?: repo.Tx): Promise<boolean> => {
  const apply = async (tx: repo.Tx) => {
    const created = await repo.insertOptOut(tx, eventId, phoneNumber, via);
    await repo.skipQueuedMessages(tx, eventId, phoneNumber);
    if (created) await bumpNotification(tx, eventId, 'guestOptedOut');
    return created;
  };
  // Inside a caller's transaction (a webhook's): its writes commit or roll back with the rest.
  return inTx ? apply(inTx) : ctx.db.transaction(apply);
};

/** "Stop messages for this event" on the guest's personal page. */
export const optOutByInviteToken = async (ctx: AppContext, token: string): Promise<void> => {
  const tokenHash = inviteTokenHashOf(ctx.config.secrets.tokenPepper, token);
  const guest = await repo.findGuestByInviteTokenHash(ctx.db, tokenHash);
  if (!guest) throw new AppError('NOT_FOUND', 'invitation not found');
  await ctx.rateLimiter.consume([{ bucket: `invite-opt-out:${tokenHash}`, limit: PAGE_OPT_OUTS_PER_TOKEN }]);
  await optOutOfEvent(ctx, guest.eventId, guest.phoneNumber, 'page');
};
