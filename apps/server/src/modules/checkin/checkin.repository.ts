import { and, asc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { checkinArrivals, checkinCodes, checkinUshers } from '../../db/schema/checkin.js';
import { events, guests } from '../../db/schema/events.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Db | Tx;

/** What the door needs of a guest: never the phone or the answer's details. */
export interface DoorGuestRow {
  guestId: string;
  fullName: string;
  status: string;
  attending: number | null;
  countOfInvites: number;
  arrivedPeople: number | null;
}

const doorColumns = {
  guestId: guests.id,
  fullName: guests.fullName,
  status: guests.status,
  attending: guests.attending,
  countOfInvites: guests.countOfInvites,
  arrivedPeople: checkinArrivals.people,
};

export const findEventForCheckin = async (db: Conn, eventId: string) =>
  (await db.select({ id: events.id, names: events.names, defaultLang: events.defaultLang, date: events.date }).from(events).where(eq(events.id, eventId)).limit(1))[0];

// ── Codes ─────────────────────────────────────────────────────────────────────
export const findCodeSalt = async (db: Conn, eventId: string, guestId: string): Promise<string | undefined> =>
  (await db.select({ salt: checkinCodes.salt }).from(checkinCodes).where(and(eq(checkinCodes.guestId, guestId), eq(checkinCodes.eventId, eventId))).limit(1))[0]?.salt;

/** Makes the guest's code row once; a parallel call keeps the first salt. */
export const insertCodeIfMissing = async (db: Conn, eventId: string, guestId: string, salt: string, codeHash: string): Promise<void> => {
  await db.insert(checkinCodes).values({ guestId, eventId, salt, codeHash }).onConflictDoNothing({ target: checkinCodes.guestId });
};

export const findGuestByCodeHash = async (db: Conn, eventId: string, codeHash: string): Promise<DoorGuestRow | undefined> =>
  (
    await db
      .select(doorColumns)
      .from(checkinCodes)
      .innerJoin(guests, eq(guests.id, checkinCodes.guestId))
      .leftJoin(checkinArrivals, eq(checkinArrivals.guestId, guests.id))
      .where(and(eq(checkinCodes.codeHash, codeHash), eq(checkinCodes.eventId, eventId)))
      .limit(1)
  )[0];

export const findDoorGuest = async (db: Conn, eventId: string, guestId: string): Promise<DoorGuestRow | undefined> =>
  (
    await db
      .select(doorColumns)
      .from(guests)
      .leftJoin(checkinArrivals, eq(checkinArrivals.guestId, guests.id))
      .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
      .limit(1)
  )[0];

/** By name (any part), or also by phone digits when `phoneDigits` is given (hosts only). */
export const searchDoorGuests = async (db: Conn, eventId: string, name: string, phoneDigits: string | undefined, limit: number): Promise<DoorGuestRow[]> => {
  const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const byName = ilike(guests.fullName, pattern);
  const match = phoneDigits ? or(byName, sql`${guests.phoneNumber} LIKE ${`%${phoneDigits}%`}`) : byName;
  return db
    .select(doorColumns)
    .from(guests)
    .leftJoin(checkinArrivals, eq(checkinArrivals.guestId, guests.id))
    .where(and(eq(guests.eventId, eventId), match))
    .orderBy(asc(guests.fullName), asc(guests.id))
    .limit(limit);
};

// ── Arrivals ──────────────────────────────────────────────────────────────────
/** The last count stands: a repeat (an offline queue sent twice) only writes the same row again. */
export const upsertArrival = async (db: Conn, eventId: string, guestId: string, people: number, walkIn = false): Promise<void> => {
  await db
    .insert(checkinArrivals)
    .values({ guestId, eventId, people, walkIn })
    .onConflictDoUpdate({ target: checkinArrivals.guestId, set: { people }, setWhere: eq(checkinArrivals.eventId, eventId) });
};

export const deleteArrival = async (db: Conn, eventId: string, guestId: string): Promise<void> => {
  await db.delete(checkinArrivals).where(and(eq(checkinArrivals.guestId, guestId), eq(checkinArrivals.eventId, eventId)));
};

/** Every guest counted at the door: coming (approved) or arrived, with expected and arrived people. */
export const listSummaryRows = async (db: Conn, eventId: string) =>
  db
    .select({ guestId: guests.id, status: guests.status, attending: guests.attending, countOfInvites: guests.countOfInvites, arrivedPeople: checkinArrivals.people })
    .from(guests)
    .leftJoin(checkinArrivals, eq(checkinArrivals.guestId, guests.id))
    .where(and(eq(guests.eventId, eventId), or(eq(guests.status, 'approved'), sql`${checkinArrivals.guestId} IS NOT NULL`)));

/** A walk-in: a guest made at the door, coming with `people`, with the event's default language. */
export const insertWalkInGuest = async (
  tx: Tx,
  eventId: string,
  values: { fullName: string; phoneNumber: string; people: number; lang: string; inviteSalt: string; inviteTokenHash: string },
): Promise<string> => {
  const [row] = await tx
    .insert(guests)
    .values({
      eventId,
      fullName: values.fullName,
      phoneNumber: values.phoneNumber,
      countOfInvites: values.people,
      attending: values.people,
      status: 'approved',
      lang: values.lang as never,
      inviteSalt: values.inviteSalt,
      inviteTokenHash: values.inviteTokenHash,
      answeredAt: sql`now()`,
    })
    .returning({ id: guests.id });
  if (!row) throw new Error('walk-in insert returned nothing');
  await upsertArrival(tx, eventId, row.id, values.people, true);
  return row.id;
};

export const findGuestIdByPhone = async (db: Conn, eventId: string, phoneNumber: string): Promise<string | undefined> =>
  (await db.select({ id: guests.id }).from(guests).where(and(eq(guests.eventId, eventId), eq(guests.phoneNumber, phoneNumber))).limit(1))[0]?.id;

// ── Ushers ────────────────────────────────────────────────────────────────────
/** Expires at the end of the day after the event, Asia/Jerusalem. */
export const insertUsher = async (db: Conn, eventId: string, userId: string, tokenHash: string) =>
  (
    await db
      .insert(checkinUshers)
      .values({
        eventId,
        tokenHash,
        createdBy: userId,
        expiresAt: sql`((SELECT ${events.date} FROM ${events} WHERE ${events.id} = ${eventId}) + 2)::timestamp AT TIME ZONE 'Asia/Jerusalem'`,
      })
      .returning()
  )[0];

export const listUshers = async (db: Conn, eventId: string) =>
  db.select().from(checkinUshers).where(eq(checkinUshers.eventId, eventId)).orderBy(asc(checkinUshers.createdAt));

export const revokeUsher = async (db: Conn, eventId: string, usherId: string): Promise<boolean> =>
  (
    await db
      .update(checkinUshers)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(checkinUshers.id, usherId), eq(checkinUshers.eventId, eventId), isNull(checkinUshers.revokedAt)))
      .returning({ id: checkinUshers.id })
  ).length > 0;

/** A live usher link of this event (not revoked, not expired). */
export const findLiveUsher = async (db: Conn, eventId: string, tokenHash: string) =>
  (
    await db
      .select({ id: checkinUshers.id })
      .from(checkinUshers)
      .where(and(eq(checkinUshers.tokenHash, tokenHash), eq(checkinUshers.eventId, eventId), isNull(checkinUshers.revokedAt), gt(checkinUshers.expiresAt, sql`now()`)))
      .limit(1)
  )[0];

export const guestIdsOfEvent = async (db: Conn, eventId: string, ids: string[]): Promise<string[]> =>
  ids.length === 0 ? [] : (await db.select({ id: guests.id }).from(guests).where(and(eq(guests.eventId, eventId), inArray(guests.id, ids)))).map((r) => r.id);

/** For the account's data export: who arrived (names and counts) and the usher links (no tokens). */
export const listArrivalsForExport = async (db: Conn, eventId: string) =>
  db
    .select({ guestName: guests.fullName, people: checkinArrivals.people, walkIn: checkinArrivals.walkIn, arrivedAt: checkinArrivals.arrivedAt })
    .from(checkinArrivals)
    .innerJoin(guests, eq(guests.id, checkinArrivals.guestId))
    .where(eq(checkinArrivals.eventId, eventId))
    .orderBy(asc(checkinArrivals.arrivedAt));
