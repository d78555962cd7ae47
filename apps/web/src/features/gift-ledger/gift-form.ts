import {
  GIFT_METHODS,
  GUEST_SIDES,
  MSG,
  giftEntryInputSchema,
  sideLabelOf,
  type GiftMethod,
  type GiftTotals,
  type GuestSide,
  type Lang,
  type SideLabels,
} from '@magiim/shared';
import { z } from 'zod';
import { parseShekels } from '../expenses/money';

/**
 * The quick entry as the host fills it: a guest picked from the search, the amount in shekels as typed
 * ("1,250.50", "800"), a method and a note. The shared schema checks what is sent (agorot).
 */
export const giftFormSchema = z.object({
  guestId: z.string().min(1, MSG.required).pipe(giftEntryInputSchema.shape.guestId),
  amount: z
    .string()
    .trim()
    .min(1, MSG.required)
    .transform((text, ctx) => {
      const agorot = parseShekels(text);
      if (agorot === undefined) {
        ctx.addIssue({ code: 'custom', message: MSG.numeric });
        return z.NEVER;
      }
      return agorot;
    })
    .pipe(giftEntryInputSchema.shape.amount),
  method: giftEntryInputSchema.shape.method,
  note: giftEntryInputSchema.shape.note,
});
export type GiftFormValues = z.input<typeof giftFormSchema>;
export type GiftFormOutput = z.output<typeof giftFormSchema>;

export const emptyGiftForm = (method: GiftMethod = 'cash'): GiftFormValues => ({ guestId: '', amount: '', method, note: '' });

/** Shekels as typed to agorot, for the form's summary line; undefined while it is not an amount above zero. */
export const agorotOfTyped = (text: string): number | undefined => {
  const agorot = text.trim() === '' ? undefined : parseShekels(text);
  return agorot !== undefined && agorot > 0 ? agorot : undefined;
};

export interface TotalRow<K extends string> {
  key: K;
  label: string;
  amount: number;
  count: number;
}

/** The methods that have gifts, largest sum first (a method with none is left out). */
export const methodRows = (totals: GiftTotals, labelOf: (method: GiftMethod) => string): TotalRow<GiftMethod>[] =>
  GIFT_METHODS.map((method) => ({ key: method, label: labelOf(method), ...(totals.byMethod[method] ?? { amount: 0, count: 0 }) }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.amount - a.amount || GIFT_METHODS.indexOf(a.key) - GIFT_METHODS.indexOf(b.key));

/** The sides in their own order (a, b, both, then no side), each with the host's label; those without gifts left out. */
export const sideRows = (totals: GiftTotals, labels: SideLabels, lang: Lang, noSideLabel: string): TotalRow<GuestSide | 'none'>[] =>
  [...GUEST_SIDES, 'none' as const]
    .map((side) => ({
      key: side,
      label: side === 'none' ? noSideLabel : sideLabelOf(side, labels, lang),
      ...(totals.bySide[side] ?? { amount: 0, count: 0 }),
    }))
    .filter((row) => row.count > 0);

/** A share of the total as a whole percent (for the bars); 0 when nothing was given. */
export const shareOf = (amount: number, total: number): number => (total > 0 ? Math.round((amount / total) * 100) : 0);
