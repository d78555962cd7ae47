import { and, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { eventMembers, type EventRole } from '../../db/schema/events.js';

/** What each role may do; co-hosts and viewers arrive later as new rows here, not as changes to every query. */
const ROLE_RIGHTS: Record<EventRole, ReadonlySet<EventRight>> = {
  owner: new Set(['read', 'edit', 'delete', 'manageGuests', 'pay', 'manageCohosts']),
  cohost: new Set(['read', 'edit', 'manageGuests']),
};
/** pay: buy or cancel the event's package; manageCohosts: invite and remove co-hosts. */
export type EventRight = 'read' | 'edit' | 'delete' | 'manageGuests' | 'pay' | 'manageCohosts';

export interface EventAccess {
  eventId: string;
  userId: string;
  role: EventRole;
}

const findRole = async (db: Db, userId: string, eventId: string): Promise<EventRole | undefined> =>
  (
    await db
      .select({ role: eventMembers.role })
      .from(eventMembers)
      .where(and(eq(eventMembers.eventId, eventId), eq(eventMembers.userId, userId)))
      .limit(1)
  )[0]?.role;

/**
 * The one gate of every event, guest and group call. An event the caller is not a member of answers
 * NOT_FOUND exactly like one that does not exist, so ids of other hosts' events cannot be probed.
 */
export const requireEventAccess = async (db: Db, userId: string, eventId: string, right: EventRight): Promise<EventAccess> => {
  const role = await findRole(db, userId, eventId);
  if (!role) throw new AppError('NOT_FOUND', 'event not found');
  if (!ROLE_RIGHTS[role].has(right)) throw new AppError('FORBIDDEN', `the ${role} role may not ${right}`);
  return { eventId, userId, role };
};
