import { and, asc, eq, sql } from 'drizzle-orm';
import type { MealCounts } from '@magiim/shared';
import { events, guestGroups, guests, seatingTables } from '../../db/schema/events.js';
import { type Conn, listTables, seatsSql } from './seating.repository.js';

/** One seated guest as the hall's sheet lists them. */
export interface SeatedGuestRow {
  tableId: string;
  tableNumber: number;
  tableName: string | null;
  fullName: string;
  seats: number;
  meals: MealCounts;
  groupName: string | null;
}

/** Every seated guest, by table number then name (the hall's sheet). */
export const listSeatedGuests = async (db: Conn, eventId: string): Promise<SeatedGuestRow[]> =>
  db
    .select({
      tableId: seatingTables.id,
      tableNumber: seatingTables.number,
      tableName: seatingTables.name,
      fullName: guests.fullName,
      seats: seatsSql,
      meals: guests.answerMeals,
      groupName: guestGroups.name,
    })
    .from(guests)
    .innerJoin(seatingTables, eq(seatingTables.id, guests.tableId))
    .leftJoin(guestGroups, eq(guestGroups.id, guests.groupId))
    .where(and(eq(guests.eventId, eventId), sql`${guests.tableId} is not null`))
    .orderBy(asc(seatingTables.number), asc(guests.fullName), asc(guests.id));

export const findEventNames = async (db: Conn, eventId: string) =>
  (await db.select({ names: events.names, defaultLang: events.defaultLang }).from(events).where(eq(events.id, eventId)).limit(1))[0];

export { listTables };
