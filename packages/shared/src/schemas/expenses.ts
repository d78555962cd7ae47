import { z } from 'zod';
import type { Lang } from '../enums.js';
import { MSG } from '../messages.js';
import { singleLineText } from './text.js';

// Issue 21: the host's wedding budget (spec §3 Expense; `expenses/{id}`, `expense/export/{id}/{lang}`).

/** Rows one event's list may hold. */
export const EXPENSES_MAX_ROWS = 200;
/** The largest amount of one row, in agorot (₪100,000,000). */
export const EXPENSE_AMOUNT_MAX_AGOROT = 10_000_000_000;
export const EXPENSE_DESCRIPTION_MAX = 120;
export const EXPENSE_SUPPLIER_MAX = 120;

/** An amount in agorot: a whole number from 0 to EXPENSE_AMOUNT_MAX_AGOROT. */
const agorotSchema = z
  .number({ error: MSG.numeric })
  .int(MSG.invalidValue)
  .min(0, MSG.invalidValue)
  .max(EXPENSE_AMOUNT_MAX_AGOROT, MSG.invalidValue);

/** One row as the host sends it; `id` keeps a row the list already has (an unknown id makes a new row). */
export const expenseInputSchema = z
  .object({
    id: z.uuid({ error: MSG.invalidValue }).optional(),
    description: singleLineText({ max: EXPENSE_DESCRIPTION_MAX }),
    supplierName: singleLineText({ min: 0, max: EXPENSE_SUPPLIER_MAX }).default(''),
    totalPayment: agorotSchema,
    paidAmount: agorotSchema.default(0),
  })
  // Left to pay is never negative: a payment above the total is refused, not clamped.
  .refine((row) => row.paidAmount <= row.totalPayment, { path: ['paidAmount'], message: MSG.paidAboveTotal });
export type ExpenseInput = z.input<typeof expenseInputSchema>;

/**
 * `PUT expenses/{id}`: the whole list, in order, at the version the host read. Spec §7 sends only the expenses:
 * without a version the write is last-write-wins; with one, a save that came first refuses it (STALE_VERSION).
 */
export const expensesEditSchema = z.object({
  version: z.number({ error: MSG.invalidValue }).int(MSG.invalidValue).min(0, MSG.invalidValue).optional(),
  expenses: z
    .array(expenseInputSchema)
    .max(EXPENSES_MAX_ROWS, MSG.invalidValue)
    .refine((rows) => {
      const ids = rows.flatMap((row) => (row.id ? [row.id] : []));
      return new Set(ids).size === ids.length;
    }, MSG.duplicateOption),
});
export type ExpensesEdit = z.input<typeof expensesEditSchema>;

export const expenseSchema = z.object({
  id: z.uuid(),
  description: z.string(),
  supplierName: z.string(),
  /** Agorot. */
  totalPayment: z.number().int(),
  /** Agorot. */
  paidAmount: z.number().int(),
  /** Agorot: totalPayment − paidAmount, never typed. */
  leftToPay: z.number().int(),
});
export type Expense = z.infer<typeof expenseSchema>;

export const expenseTotalsSchema = z.object({
  totalPayment: z.number().int(),
  paidAmount: z.number().int(),
  leftToPay: z.number().int(),
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;

export const expensesResponseSchema = z.object({
  version: z.number().int(),
  expenses: z.array(expenseSchema),
  totals: expenseTotalsSchema,
});
export type ExpensesResponse = z.infer<typeof expensesResponseSchema>;

/** Adds up the rows (agorot). */
export const sumExpenses = (rows: readonly { totalPayment: number; paidAmount: number }[]): ExpenseTotals => {
  const totalPayment = rows.reduce((sum, row) => sum + row.totalPayment, 0);
  const paidAmount = rows.reduce((sum, row) => sum + row.paidAmount, 0);
  return { totalPayment, paidAmount, leftToPay: totalPayment - paidAmount };
};

/** The titles of the exported sheet, in its language. */
export const EXPENSE_SHEET_TITLES: Record<
  'sheet' | 'description' | 'supplierName' | 'totalPayment' | 'paidAmount' | 'leftToPay' | 'totals' | 'file',
  Record<Lang, string>
> = {
  sheet: { he: 'הוצאות', en: 'Expenses', ru: 'Расходы', ar: 'المصاريف' },
  description: { he: 'תיאור', en: 'Description', ru: 'Описание', ar: 'الوصف' },
  supplierName: { he: 'ספק', en: 'Supplier', ru: 'Поставщик', ar: 'المزوّد' },
  totalPayment: { he: 'סכום כולל', en: 'Total', ru: 'Всего', ar: 'المبلغ الإجمالي' },
  paidAmount: { he: 'שולם', en: 'Paid', ru: 'Оплачено', ar: 'المدفوع' },
  leftToPay: { he: 'נותר לתשלום', en: 'Left to pay', ru: 'Осталось оплатить', ar: 'المتبقي للدفع' },
  totals: { he: 'סה״כ', en: 'Total', ru: 'Итого', ar: 'المجموع' },
  file: { he: 'הוצאות', en: 'expenses', ru: 'расходы', ar: 'المصاريف' },
};
