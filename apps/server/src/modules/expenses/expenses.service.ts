import { randomUUID } from 'node:crypto';
import { EXPENSE_SHEET_TITLES, sumExpenses, type Expense, type expensesEditSchema, type ExpensesResponse, type Lang } from '@magiim/shared';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import type { SheetDownload } from '../guests/guest-import.service.js';
import * as repo from './expenses.repository.js';
import { writeExpenseSheet } from './expense-sheet-write.js';

type ExpensesEditParsed = z.output<typeof expensesEditSchema>;

const toExpense = (row: repo.ExpenseRow): Expense => ({
  id: row.id,
  description: row.description,
  supplierName: row.supplierName,
  totalPayment: row.totalPayment,
  paidAmount: row.paidAmount,
  leftToPay: row.totalPayment - row.paidAmount,
});

/** The list and its version from one snapshot, so the version always names the rows it came with. */
const readList = async (ctx: AppContext, eventId: string): Promise<ExpensesResponse> =>
  ctx.db.transaction(
    async (tx) => {
      const [version, rows] = [await repo.findListVersion(tx, eventId), await repo.listExpenses(tx, eventId)];
      const expenses = rows.map(toExpense);
      return { version, expenses, totals: sumExpenses(expenses) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

export const getExpenses = async (ctx: AppContext, userId: string, eventId: string): Promise<ExpensesResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  return readList(ctx, eventId);
};

/**
 * Replaces the whole list at the version the host read (STALE_VERSION when another save came first; then
 * nothing changes). A row keeps its id when it is one of this event's rows, otherwise it becomes a new row.
 */
export const saveExpenses = async (ctx: AppContext, userId: string, eventId: string, edit: ExpensesEditParsed): Promise<ExpensesResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'edit');
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.bumpListVersion(tx, eventId, edit.version))) {
      throw new AppError('STALE_VERSION', 'the expense list changed since it was read');
    }
    const own = await repo.findOwnExpenseIds(
      tx,
      eventId,
      edit.expenses.flatMap((row) => (row.id ? [row.id] : [])),
    );
    await repo.replaceExpenses(
      tx,
      eventId,
      edit.expenses.map((row) => ({
        id: row.id && own.has(row.id) ? row.id : randomUUID(),
        description: row.description,
        supplierName: row.supplierName,
        totalPayment: row.totalPayment,
        paidAmount: row.paidAmount,
      })),
    );
  });
  return readList(ctx, eventId);
};

export const exportExpenses = async (ctx: AppContext, userId: string, eventId: string, lang: Lang): Promise<SheetDownload> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const event = await repo.findEventNames(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const { expenses } = await readList(ctx, eventId);
  const name = event.names[lang] ?? event.names[event.defaultLang] ?? Object.values(event.names).find(Boolean);
  const title = EXPENSE_SHEET_TITLES.file[lang];
  return {
    file: await writeExpenseSheet(lang, expenses),
    asciiName: `magiim-expenses-${lang}.xlsx`,
    displayName: name ? `${name} - ${title}.xlsx` : `${title}.xlsx`,
  };
};
