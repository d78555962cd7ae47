// What other modules may use of seating.
import type { CheckinTable } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import { seatingExport, tablesOfGuests } from './seating.repository.js';

/**
 * Each seated guest's table number and name, by guest id (unseated guests are absent). No access check: the
 * caller has checked the event. Shaped as check-in's `TableLookup`: `registerCheckinRoutes(typed, { lookupTables: seatingTableLookup(ctx.db) })`.
 */
export const seatingTableLookup =
  (db: Db) =>
  async (eventId: string, guestIds: readonly string[]): Promise<Map<string, CheckinTable>> => {
    const rows = await tablesOfGuests(db, eventId, [...guestIds]);
    return new Map(rows.map((r) => [r.guestId, { number: r.tableNumber, name: r.tableName }]));
  };

/** For the account's data export: the event's tables and who sits at each. */
export const exportSeating = seatingExport;
