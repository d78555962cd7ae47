import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { HouseholdSplit } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import { events, guests, seatingTables, type SeatingTableRow } from '../../db/schema/events.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A pooled connection or an open transaction: every function here runs in either. */
export type Conn = Db | Tx;
export type { SeatingTableRow };

/**
 * Seats a guest takes: the people coming once they said yes, nobody once they declined (or the number was wrong),
 * otherwise (not answered, maybe) the people invited.
 */
export const seatsSql = sql<number>`(case
  when ${guests.status} = 'approved' then coalesce(${guests.attending}, ${guests.countOfInvites})
  when ${guests.status} in ('declined', 'wrongNumber') then 0
  else ${guests.countOfInvites} end)::int`;

export const listTables = async (db: Conn, eventId: string): Promise<SeatingTableRow[]> =>
  db.select().from(seatingTables).where(eq(seatingTables.eventId, eventId)).orderBy(asc(seatingTables.number));

export interface GuestSeatRow {
  guestId: string;
  tableId: string | null;
  seats: number;
  groupId: string | null;
  status: string;
  /** Issue 32: the split told (coming guests). */
  split?: HouseholdSplit | null;
}

export const listGuestSeats = async (db: Conn, eventId: string): Promise<(GuestSeatRow & { fullName: string })[]> =>
  db
    .select({ guestId: guests.id, tableId: guests.tableId, seats: seatsSql, groupId: guests.groupId, status: guests.status, fullName: guests.fullName, split: guests.answerSplit })
    .from(guests)
    .where(eq(guests.eventId, eventId))
    .orderBy(asc(guests.fullName), asc(guests.id));

export const findTable = async (db: Conn, eventId: string, tableId: string): Promise<SeatingTableRow | undefined> =>
  (await db.select().from(seatingTables).where(and(eq(seatingTables.eventId, eventId), eq(seatingTables.id, tableId))).limit(1))[0];

/** Locks the table's row: every seat change at one table goes through this lock, so capacity holds under races. */
export const lockTable = async (tx: Tx, eventId: string, tableId: string): Promise<SeatingTableRow | undefined> =>
  (
    await tx
      .select()
      .from(seatingTables)
      .where(and(eq(seatingTables.eventId, eventId), eq(seatingTables.id, tableId)))
      .for('update')
      .limit(1)
  )[0];

/** Seats taken at a table, leaving out one guest (the one being moved). */
export const seatsAt = async (db: Conn, tableId: string, exceptGuestId?: string): Promise<number> => {
  const where = exceptGuestId ? and(eq(guests.tableId, tableId), sql`${guests.id} <> ${exceptGuestId}`) : eq(guests.tableId, tableId);
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${seatsSql}), 0)::int` }).from(guests).where(where);
  return row?.n ?? 0;
};

export const findGuestSeat = async (db: Conn, eventId: string, guestId: string): Promise<GuestSeatRow | undefined> =>
  (
    await db
      .select({ guestId: guests.id, tableId: guests.tableId, seats: seatsSql, groupId: guests.groupId, status: guests.status })
      .from(guests)
      .where(and(eq(guests.eventId, eventId), eq(guests.id, guestId)))
      .limit(1)
  )[0];

export const setGuestTable = async (db: Conn, eventId: string, guestIds: string[], tableId: string | null): Promise<void> => {
  if (guestIds.length === 0) return;
  await db
    .update(guests)
    .set({ tableId })
    .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds)));
};

export const insertTable = async (db: Conn, values: typeof seatingTables.$inferInsert): Promise<SeatingTableRow> =>
  (await db.insert(seatingTables).values(values).returning())[0]!;

export const updateTable = async (
  db: Conn,
  eventId: string,
  tableId: string,
  values: Partial<Pick<SeatingTableRow, 'number' | 'name' | 'capacity' | 'shape' | 'x' | 'y'>>,
): Promise<SeatingTableRow | undefined> =>
  (
    await db
      .update(seatingTables)
      .set(values)
      .where(and(eq(seatingTables.eventId, eventId), eq(seatingTables.id, tableId)))
      .returning()
  )[0];

/** Deletes a table; its guests become unseated by the foreign key (on delete set null). */
export const deleteTable = async (db: Conn, eventId: string, tableId: string): Promise<boolean> =>
  (await db.delete(seatingTables).where(and(eq(seatingTables.eventId, eventId), eq(seatingTables.id, tableId))).returning({ id: seatingTables.id })).length > 0;

/** Unseated guests who are coming, for auto-seat. */
export const listUnseatedComing = async (db: Conn, eventId: string): Promise<GuestSeatRow[]> =>
  db
    .select({ guestId: guests.id, tableId: guests.tableId, seats: seatsSql, groupId: guests.groupId, status: guests.status })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), isNull(guests.tableId), eq(guests.status, 'approved')))
    .orderBy(asc(guests.groupId), asc(guests.fullName), asc(guests.id));

/** For the check-in half: each guest's table number and name. */
export const tablesOfGuests = async (db: Conn, eventId: string, guestIds: string[]) =>
  guestIds.length === 0
    ? []
    : db
        .select({ guestId: guests.id, tableNumber: seatingTables.number, tableName: seatingTables.name })
        .from(guests)
        .innerJoin(seatingTables, eq(seatingTables.id, guests.tableId))
        .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds)));

/** The event's tables in number order with the ids and names of the guests at each (account data export). */
export const seatingExport = async (db: Conn, eventId: string) => {
  const tables = await listTables(db, eventId);
  const seated = await db
    .select({ tableId: guests.tableId, guestId: guests.id, fullName: guests.fullName })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), sql`${guests.tableId} is not null`))
    .orderBy(asc(guests.fullName));
  return tables.map((t) => ({
    number: t.number,
    name: t.name,
    capacity: t.capacity,
    shape: t.shape,
    guests: seated.filter((g) => g.tableId === t.id).map((g) => ({ guestId: g.guestId, fullName: g.fullName })),
  }));
};

/** The event's "show tables to guests" switch (undefined: no such event). */
export const readShowTables = async (db: Conn, eventId: string): Promise<boolean | undefined> =>
  (await db.select({ on: events.showTablesToGuests }).from(events).where(eq(events.id, eventId)).limit(1))[0]?.on;

export const writeShowTables = async (db: Conn, eventId: string, on: boolean): Promise<void> => {
  await db.update(events).set({ showTablesToGuests: on }).where(eq(events.id, eventId));
};
