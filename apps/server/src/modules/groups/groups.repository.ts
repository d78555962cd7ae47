import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { guestGroups, guests } from '../../db/schema/events.js';
import type { Conn, Tx } from '../../platform/db.js';

export interface GroupWithCount {
  id: string;
  name: string;
  guestCount: number;
}

const withGuestCounts = (db: Conn, where: SQL | undefined) =>
  db
    .select({ id: guestGroups.id, name: guestGroups.name, guestCount: sql<number>`count(${guests.id})::int` })
    .from(guestGroups)
    .leftJoin(guests, and(eq(guests.eventId, guestGroups.eventId), eq(guests.groupId, guestGroups.id)))
    .where(where)
    .groupBy(guestGroups.id)
    .orderBy(asc(guestGroups.createdAt), asc(guestGroups.id));

/** The event's groups, oldest first, each with its number of guests. */
export const listGroups = async (db: Conn, eventId: string): Promise<GroupWithCount[]> =>
  withGuestCounts(db, eq(guestGroups.eventId, eventId));

export const findGroup = async (db: Conn, eventId: string, groupId: string): Promise<GroupWithCount | undefined> =>
  (await withGuestCounts(db, and(eq(guestGroups.id, groupId), eq(guestGroups.eventId, eventId))))[0];

export const countGroups = async (tx: Tx, eventId: string): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(guestGroups).where(eq(guestGroups.eventId, eventId)))[0]?.n ?? 0;

export const insertGroup = async (tx: Tx, eventId: string, name: string): Promise<{ id: string; name: string }> => {
  const [row] = await tx.insert(guestGroups).values({ eventId, name }).returning({ id: guestGroups.id, name: guestGroups.name });
  if (!row) throw new Error('group insert returned no row');
  return row;
};

export const renameGroup = async (db: Conn, eventId: string, groupId: string, name: string): Promise<boolean> =>
  (
    await db
      .update(guestGroups)
      .set({ name })
      .where(and(eq(guestGroups.id, groupId), eq(guestGroups.eventId, eventId)))
      .returning({ id: guestGroups.id })
  ).length > 0;

/** The group's guests stay, without a group (the foreign key sets it null). */
export const deleteGroup = async (db: Conn, eventId: string, groupId: string): Promise<boolean> =>
  (
    await db
      .delete(guestGroups)
      .where(and(eq(guestGroups.id, groupId), eq(guestGroups.eventId, eventId)))
      .returning({ id: guestGroups.id })
  ).length > 0;
