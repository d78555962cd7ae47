import { EXPENSE_AMOUNT_MAX_AGOROT, expenseInputSchema, MSG, type Expense, type ExpensesEdit } from '@magiim/shared';
import { agorotToInput, parseShekels } from './money';

/** One row as the host edits it: amounts stay the text they typed until saved. */
export interface ExpenseDraft {
  /** Stable React key, also for rows not saved yet. */
  key: string;
  id?: string;
  description: string;
  supplierName: string;
  totalPayment: string;
  paidAmount: string;
}

export type DraftErrors = Partial<Record<'description' | 'supplierName' | 'totalPayment' | 'paidAmount', string>>;

let nextKey = 0;
export const newDraftKey = (): string => `draft-${++nextKey}`;

export const emptyDraft = (): ExpenseDraft => ({ key: newDraftKey(), description: '', supplierName: '', totalPayment: '', paidAmount: '' });

export const toDrafts = (rows: readonly Expense[]): ExpenseDraft[] =>
  rows.map((row) => ({
    key: row.id,
    id: row.id,
    description: row.description,
    supplierName: row.supplierName,
    totalPayment: agorotToInput(row.totalPayment),
    paidAmount: row.paidAmount ? agorotToInput(row.paidAmount) : '',
  }));

/** The draft's amounts in agorot (undefined where the text is not an amount). */
export const draftAmounts = (draft: ExpenseDraft) => ({
  totalPayment: parseShekels(draft.totalPayment),
  paidAmount: parseShekels(draft.paidAmount),
});

/** Left to pay of a draft, in agorot, when both amounts read (never typed, never negative on save). */
export const draftLeftToPay = (draft: ExpenseDraft): number | undefined => {
  const { totalPayment, paidAmount } = draftAmounts(draft);
  return totalPayment === undefined || paidAmount === undefined ? undefined : totalPayment - paidAmount;
};

/** The same rules as the server (the shared schema), per field, as message keys. */
export const checkDraft = (draft: ExpenseDraft): DraftErrors => {
  const errors: DraftErrors = {};
  const { totalPayment, paidAmount } = draftAmounts(draft);
  if (totalPayment === undefined || totalPayment > EXPENSE_AMOUNT_MAX_AGOROT) errors.totalPayment = MSG.invalidValue;
  if (paidAmount === undefined || paidAmount > EXPENSE_AMOUNT_MAX_AGOROT) errors.paidAmount = MSG.invalidValue;
  const parsed = expenseInputSchema.safeParse({
    description: draft.description,
    supplierName: draft.supplierName,
    totalPayment: totalPayment ?? 0,
    paidAmount: paidAmount ?? 0,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof DraftErrors;
      if (!errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
};

/** The PUT body, or undefined when a row has an error. */
export const toEdit = (version: number, drafts: readonly ExpenseDraft[]): ExpensesEdit | undefined => {
  if (drafts.some((draft) => Object.keys(checkDraft(draft)).length > 0)) return undefined;
  return {
    version,
    expenses: drafts.map((draft) => ({
      ...(draft.id ? { id: draft.id } : {}),
      description: draft.description.trim(),
      supplierName: draft.supplierName.trim(),
      totalPayment: parseShekels(draft.totalPayment) ?? 0,
      paidAmount: parseShekels(draft.paidAmount) ?? 0,
    })),
  };
};

/** Moves the row at `index` one place up (-1) or down (+1); the same list when it cannot move. */
export const moveDraft = <T>(rows: readonly T[], index: number, step: -1 | 1): T[] => {
  const to = index + step;
  if (index < 0 || index >= rows.length || to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
};

/** Sums of the drafts that read, in agorot. */
export const draftTotals = (drafts: readonly ExpenseDraft[]) => {
  let totalPayment = 0;
  let paidAmount = 0;
  for (const draft of drafts) {
    const amounts = draftAmounts(draft);
    totalPayment += amounts.totalPayment ?? 0;
    paidAmount += amounts.paidAmount ?? 0;
  }
  return { totalPayment, paidAmount, leftToPay: totalPayment - paidAmount };
};

/** True when the drafts differ from the saved rows (order included). */
export const draftsChanged = (drafts: readonly ExpenseDraft[], saved: readonly Expense[]): boolean => {
  const base = toDrafts(saved);
  if (base.length !== drafts.length) return true;
  return drafts.some((draft, index) => {
    const other = base[index]!;
    return (
      draft.id !== other.id ||
      draft.description !== other.description ||
      draft.supplierName !== other.supplierName ||
      parseShekels(draft.totalPayment) !== parseShekels(other.totalPayment) ||
      parseShekels(draft.paidAmount) !== parseShekels(other.paidAmount)
    );
  });
};
