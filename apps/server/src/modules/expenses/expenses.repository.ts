import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { expenseLists, expenses } from '../../db/schema/dashboard.js';
import { events } from '../../db/schema/events.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A pooled connection or an open transaction: every function here runs in either. */
type Conn = Db | Tx;

export type ExpenseRow = typeof expenses.$inferSelect;

export interface ExpenseValues {
  id: string;
  description: string;
  supplierName: string;
  totalPayment: number;
  paidAmount: number;
}

/** The list's version; 0 while the event never saved one. */
export const findListVersion = async (db: Conn, eventId: string): Promise<number> =>
  (await db.select({ version: expenseLists.version }).from(expenseLists).where(eq(expenseLists.eventId, eventId)).limit(1))[0]?.version ?? 0;

export const listExpenses = async (db: Conn, eventId: string): Promise<ExpenseRow[]> =>
  db.select().from(expenses).where(eq(expenses.eventId, eventId)).orderBy(asc(expenses.position), asc(expenses.createdAt));

/**
 * Takes the list from `version` (or, without one, from whatever it is) to the next one; false when someone saved in between. The check and the bump
 * are one UPDATE, so two saves at the same version cannot both pass.
 */
export const bumpListVersion = async (tx: Tx, eventId: string, version: number | undefined): Promise<boolean> => {
  await tx.insert(expenseLists).values({ eventId, version: 0 }).onConflictDoNothing();
  // Without a version (spec §7's body) the write is last-write-wins: the row lock of this UPDATE still orders it.
  const bumped = await tx
    .update(expenseLists)
    .set({ version: sql`${expenseLists.version} + 1`, updatedAt: new Date() })
    .where(version === undefined ? eq(expenseLists.eventId, eventId) : and(eq(expenseLists.eventId, eventId), eq(expenseLists.version, version)))
    .returning({ version: expenseLists.version });
  return bumped.length === 1;
};

/** Ids among `ids` that are rows of this event (an id of another event's row is never reused). */
export const findOwnExpenseIds = async (tx: Tx, eventId: string, ids: string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(and(eq(expenses.eventId, eventId), inArray(expenses.id, ids)));
  return new Set(rows.map((row) => row.id));
};

/** Makes the event's rows exactly `rows`, in this order: rows kept by id are updated, the others deleted or added. */
export const replaceExpenses = async (tx: Tx, eventId: string, rows: ExpenseValues[]): Promise<void> => {
  const keptIds = rows.map((row) => row.id);
  await tx
    .delete(expenses)
    .where(keptIds.length ? and(eq(expenses.eventId, eventId), notInArray(expenses.id, keptIds)) : eq(expenses.eventId, eventId));
  if (rows.length === 0) return;
  const now = new Date();
  await tx
    .insert(expenses)
    .values(rows.map((row, position) => ({ ...row, eventId, position, updatedAt: now })))
    .onConflictDoUpdate({
      target: expenses.id,
      set: {
        position: sql`excluded.position`,
        description: sql`excluded.description`,
        supplierName: sql`excluded.supplier_name`,
        totalPayment: sql`excluded.total_payment`,
        paidAmount: sql`excluded.paid_amount`,
        updatedAt: now,
      },
      // Belt and braces: a row of another event is never touched, whatever the caller passed.
      setWhere: eq(expenses.eventId, eventId),
    });
};

export const findEventNames = async (db: Conn, eventId: string) =>
  (await db.select({ names: events.names, defaultLang: events.defaultLang }).from(events).where(eq(events.id, eventId)).limit(1))[0];
