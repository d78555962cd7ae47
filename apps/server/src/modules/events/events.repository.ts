import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { eventMembers, events, guests, type EventRole, type EventRow, type StoredEventImage } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';

export type NewEventValues = Omit<typeof events.$inferInsert, 'createdBy' | 'createdAt' | 'updatedAt'> & { id: string };
export type EventChanges = Partial<
  Pick<
    EventRow,
    | 'names'
    | 'date'
    | 'time'
    | 'location'
    | 'defaultLang'
    | 'langs'
    | 'rsvpStartDate'
    | 'meals'
    | 'transport'
    | 'includeCallsPreference'
    | 'messageSystemPreference'
    | 'whatsappOverflow'
    | 'householdSplit'
    | 'image'
  >
>;

export interface EventWithRole {
  event: EventRow;
  role: EventRole;
}

/** The event, its owner membership and the owner's guide tour: all or nothing. */
export const insertEventWithOwner = async (db: Db, values: NewEventValues, ownerId: string): Promise<EventRow> =>
  db.transaction(async (tx) => {
    const [event] = await tx
      .insert(events)
      .values({ ...values, createdBy: ownerId })
      .returning();
    if (!event) throw new Error('event insert returned no row');
    await tx.insert(eventMembers).values({ eventId: event.id, userId: ownerId, role: 'owner' });
    await tx.update(users).set({ guideTour: true, updatedAt: new Date() }).where(eq(users.id, ownerId));
    return event;
  });

export const findEvent = async (db: Db, eventId: string): Promise<EventRow | undefined> =>
  (await db.select().from(events).where(eq(events.id, eventId)).limit(1))[0];

/** The member's events, the latest event date first. */
export const listMemberEvents = async (db: Db, userId: string): Promise<EventWithRole[]> =>
  db
    .select({ event: events, role: eventMembers.role })
    .from(eventMembers)
    .innerJoin(events, eq(events.id, eventMembers.eventId))
    .where(eq(eventMembers.userId, userId))
    .orderBy(desc(events.date), desc(events.time), desc(events.createdAt));

export const updateEvent = async (db: Db, eventId: string, changes: EventChanges): Promise<EventRow | undefined> =>
  (
    await db
      .update(events)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning()
  )[0];

/**
 * Applies an edit unless a guest speaks one of the languages it removes. The event row is locked first, so
 * the guests read are those committed before the edit (guest inserts that lock the event wait for it).
 */
export const updateEventUnlessLanguagesInUse = async (
  db: Db,
  eventId: string,
  changes: EventChanges,
  removedLangs: string[],
): Promise<EventRow | 'LANGUAGE_IN_USE' | undefined> =>
  db.transaction(async (tx) => {
    const locked = await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    if (locked.length === 0) return undefined;
    if (removedLangs.length > 0) {
      const speaker = await tx
        .select({ id: guests.id })
        .from(guests)
        .where(and(eq(guests.eventId, eventId), inArray(guests.lang, removedLangs as EventRow['langs'])))
        .limit(1);
      if (speaker.length > 0) return 'LANGUAGE_IN_USE';
    }
    const [event] = await tx
      .update(events)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(events.id, eventId))
      .returning();
    return event;
  });

/** Swaps the image and answers the one it replaced (whose files the caller deletes). */
export const replaceEventImage = async (
  db: Db,
  eventId: string,
  image: StoredEventImage | null,
): Promise<{ event: EventRow; previous: StoredEventImage | null } | undefined> =>
  db.transaction(async (tx) => {
    const current = (await tx.select({ image: events.image }).from(events).where(eq(events.id, eventId)).for('update'))[0];
    if (!current) return undefined;
    const [event] = await tx.update(events).set({ image, updatedAt: new Date() }).where(eq(events.id, eventId)).returning();
    return event ? { event, previous: current.image } : undefined;
  });

/** Deletes an unpaid event (guests, groups and memberships go with it); undefined when it is paid or gone. */
export const deleteUnpaidEvent = async (db: Db, eventId: string): Promise<EventRow | undefined> =>
  (
    await db
      .delete(events)
      .where(and(eq(events.id, eventId), eq(events.progressStatus, 0)))
      .returning()
  )[0];

/** Languages the event's guests speak. */
export const listGuestLanguages = async (db: Db, eventId: string): Promise<string[]> =>
  (await db.selectDistinct({ lang: guests.lang }).from(guests).where(eq(guests.eventId, eventId))).map((row) => row.lang);

export interface GuestStatusCount {
  eventId: string;
  status: string;
  guests: number;
  invitees: number;
}

/** Guests and invitees per event and status, for any number of events in one grouped query. */
export const countGuestsByStatus = async (db: Db, eventIds: string[]): Promise<GuestStatusCount[]> => {
  if (eventIds.length === 0) return [];
  return db
    .select({
      eventId: guests.eventId,
      status: guests.status,
      guests: sql<number>`count(*)::int`,
      invitees: sql<number>`coalesce(sum(${guests.countOfInvites}), 0)::int`,
    })
    .from(guests)
    .where(inArray(guests.eventId, eventIds))
    .groupBy(guests.eventId, guests.status);
};

export const updateEventColumns = async (db: Db, eventId: string, values: Partial<typeof events.$inferInsert>): Promise<void> => {
  await db
    .update(events)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(events.id, eventId));
};
