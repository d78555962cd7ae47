import type { AppContext } from '../../platform/context.js';
import type { StoredEventImage } from '../../db/schema/events.js';
import { evictUserSessions } from '../../platform/sessions/session-cache.js';
import { prepareEventTemplatesRemoval } from '../messaging/whatsapp-templates/template-sync.js';
import { deleteEventFiles } from './erase-event.js';
import {
  blankEventDetails,
  deleteAccountRows,
  deleteEventRow,
  deleteOtherMembers,
  eraseEventGuestDataRows,
  listOwnedEvents,
  lockOrdersAndCheckPaid,
  lockUser,
  tombstoneUser,
  type Tx,
} from './erasure.repository.js';

export type AccountErasureCause = 'self' | 'deregistered' | 'inactive';

export interface ErasedCounts {
  [kind: string]: number;
}

const EVENT_COUNT_KEYS = ['guests', 'answers', 'messages', 'callAttempts', 'images', 'expenses', 'groups'] as const;

/**
 * Issue 22: closes an account for good (its owner deleted it, an admin deregistered it, or it went unused six
 * months). Sessions, tokens, devices and push tokens go; unpaid events are deleted; paid ones keep their orders
 * (tax law) with their guest data erased and the event's details blanked; the user row stays as a tombstone
 * (`erased_at`, no name, e-mail or password) so the e-mail may register again. Answers what it erased (counts; `accountsErased` 1, or 0 when there was nothing to do).
 *
 * One transaction (the user's row lock first, so two calls run one after the other; the second finds the
 * tombstone and answers zeros). Image files and Meta's template copies go after the commit. Logs counts only.
 */
export const eraseAccount = async (
  ctx: AppContext,
  userId: string,
  cause: AccountErasureCause,
  options: {
    now?: Date;
    /** Checked under the user's row lock: false leaves the account as it is (answers zeros). */
    precondition?: (tx: Tx) => Promise<boolean>;
  } = {},
): Promise<ErasedCounts> => {
  const now = options.now ?? new Date();
  const counts: ErasedCounts = {
    accountsErased: 0,
    sessions: 0,
    userTokens: 0,
    knownDevices: 0,
    pushTokens: 0,
    notificationReads: 0,
    cohostMemberships: 0,
    cohostInvitations: 0,
    eventsDeleted: 0,
    eventsErased: 0,
    ...Object.fromEntries(EVENT_COUNT_KEYS.map((key) => [key, 0])),
  };
  const afterCommit: { eventId: string; image: StoredEventImage | null; removeMetaTemplates: () => Promise<void> }[] = [];

  const erased = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, userId);
    if (!user || user.erasedAt) return false;
    if (options.precondition && !(await options.precondition(tx))) return false;
    for (const eventId of await listOwnedEvents(tx, userId)) {
      // Meta's copies are listed before their rows go and removed after the commit.
      const removeMetaTemplates = await prepareEventTemplatesRemoval(ctx, eventId);
      // The guest data first either way (it counts what goes); the event's row lock keeps new guests out.
      const result = await eraseEventGuestDataRows(tx, eventId, now);
      if (!result.found) continue;
      for (const key of EVENT_COUNT_KEYS) counts[key]! += result.counts[key];
      afterCommit.push({ eventId, image: result.image, removeMetaTemplates });
      // A paid event stays for its orders (tax law); decided with the orders locked.
      if (!(await lockOrdersAndCheckPaid(tx, eventId))) {
        // Memberships, timings, unpaid or cancelled orders… go with the row (foreign keys cascade).
        await deleteEventRow(tx, eventId);
        counts.eventsDeleted! += 1;
        continue;
      }
      await blankEventDetails(tx, eventId, now);
      counts.cohostMemberships! += await deleteOtherMembers(tx, eventId, userId);
      counts.eventsErased! += 1;
    }
    const rows = await deleteAccountRows(tx, userId);
    for (const [key, value] of Object.entries(rows)) counts[key]! += value;
    await tombstoneUser(tx, userId, now);
    counts.accountsErased = 1;
    return true;
  });

  if (!erased) return Object.fromEntries(Object.keys(counts).map((key) => [key, 0]));
  evictUserSessions(userId);
  for (const item of afterCommit) {
    await deleteEventFiles(ctx, item.eventId, item.image);
    await item.removeMetaTemplates();
  }
  ctx.logger.info({ cause, counts }, 'account erased');
  return counts;
};
