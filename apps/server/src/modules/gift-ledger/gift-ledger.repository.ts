import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { EventNames, GiftMethod, GiftSource, GuestSide, Lang, SideLabels } from '@magiim/shared';
import { events, guests } from '../../db/schema/events.js';
import { giftLedgerEntries } from '../../db/schema/gift-ledger.js';
import type { Conn, Db } from '../../platform/db.js';

export interface LedgerEntryRow {
  id: string;
  guestId: string | null;
  guestName: string | null;
  payerName: string;
  phoneNumber: string | null;
  side: GuestSide | null;
  amount: number;
  method: GiftMethod;
  note: string;
  source: GiftSource;
  createdAt: Date;
}

export const listEntries = async (db: Conn, eventId: string): Promise<LedgerEntryRow[]> =>
  db
    .select({
      id: giftLedgerEntries.id,
      guestId: giftLedgerEntries.guestId,
      guestName: guests.fullName,
      payerName: giftLedgerEntries.payerName,
      phoneNumber: guests.phoneNumber,
      side: guests.side,
      amount: giftLedgerEntries.amount,
      method: giftLedgerEntries.method,
      note: giftLedgerEntries.note,
      source: giftLedgerEntries.source,
      createdAt: giftLedgerEntries.createdAt,
    })
    .from(giftLedgerEntries)
    .leftJoin(guests, eq(guests.id, giftLedgerEntries.guestId))
    .where(eq(giftLedgerEntries.eventId, eventId))
    .orderBy(desc(giftLedgerEntries.createdAt), asc(giftLedgerEntries.id));

/** Guests who came (attending > 0) with no gift recorded, by name. */
export const listCameWithoutGift = async (db: Conn, eventId: string) =>
  (
    await db.execute<{ guestId: string; fullName: string; phoneNumber: string; attending: number; side: GuestSide | null }>(sql`
      select g.id as "guestId", g.full_name as "fullName", g.phone_number as "phoneNumber", g.attending::int as attending, g.side
      from guests g
      where g.event_id = ${eventId}::uuid and g.status = 'approved' and coalesce(g.attending, 0) > 0
        and not exists (select 1 from gift_ledger_entries l where l.guest_id = g.id)
      order by g.full_name, g.id`)
  ).rows;

export const findEventFacts = async (db: Conn, eventId: string): Promise<{ names: EventNames; defaultLang: Lang; sideLabels: SideLabels | null } | undefined> =>
  (await db.select({ names: events.names, defaultLang: events.defaultLang, sideLabels: events.sideLabels }).from(events).where(eq(events.id, eventId)).limit(1))[0];

export const findGuestOfEvent = async (db: Conn, eventId: string, guestId: string): Promise<{ id: string } | undefined> =>
  (await db.select({ id: guests.id }).from(guests).where(and(eq(guests.eventId, eventId), eq(guests.id, guestId))).limit(1))[0];

/** The event's guests as the import matches them (name and phone). */
export const listGuestKeys = async (db: Conn, eventId: string): Promise<{ id: string; fullName: string; phoneNumber: string }[]> =>
  db.select({ id: guests.id, fullName: guests.fullName, phoneNumber: guests.phoneNumber }).from(guests).where(eq(guests.eventId, eventId));

export const findGuestByPhone = async (db: Conn, eventId: string, phoneNumber: string): Promise<{ id: string } | undefined> =>
  (await db.select({ id: guests.id }).from(guests).where(and(eq(guests.eventId, eventId), eq(guests.phoneNumber, phoneNumber))).limit(1))[0];

export interface NewEntry {
  eventId: string;
  guestId: string | null;
  payerName?: string;
  amount: number;
  method: GiftMethod;
  note: string;
  source: GiftSource;
  paymentRef?: string | null;
  createdBy?: string | null;
}

export const insertEntries = async (db: Conn, rows: NewEntry[]): Promise<number> => {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(giftLedgerEntries).values(rows).onConflictDoNothing().returning({ id: giftLedgerEntries.id });
  return inserted.length;
};

export const deleteEntry = async (db: Conn, eventId: string, entryId: string): Promise<boolean> =>
  (await db.delete(giftLedgerEntries).where(and(eq(giftLedgerEntries.eventId, eventId), eq(giftLedgerEntries.id, entryId))).returning({ id: giftLedgerEntries.id })).length > 0;

/** Account data export: the event's gifts (guest names, amounts in agorot). */
export const ledgerExport = async (db: Db, eventId: string) =>
  (await listEntries(db, eventId)).map((row) => ({
    guest: row.guestName ?? row.payerName,
    phoneNumber: row.phoneNumber,
    amount: row.amount,
    method: row.method,
    note: row.note,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  }));
