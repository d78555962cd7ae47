import type { Lang } from './enums.js';

// Issue 32: the couple's sides, without zod (the statistics' first screen shows them; their checks are in
// schemas/gift-ledger.ts).

/** A guest's side: one of the two hosts, or both; null when not set. */
export const GUEST_SIDES = ['a', 'b', 'both'] as const;
export type GuestSide = (typeof GUEST_SIDES)[number];
export const SIDE_LABEL_MAX_LENGTH = 40;

/** The labels a host gives the two sides (e.g. "דנה", "יואב"); empty: the default ("Side A") in the reader's language. */
export interface SideLabels {
  a: string;
  b: string;
}

export const DEFAULT_SIDE_LABELS: Record<Lang, { a: string; b: string; both: string }> = {
  he: { a: 'צד א׳', b: 'צד ב׳', both: 'שני הצדדים' },
  en: { a: 'Side A', b: 'Side B', both: 'Both sides' },
  ru: { a: 'Сторона А', b: 'Сторона Б', both: 'Обе стороны' },
  ar: { a: 'الطرف الأول', b: 'الطرف الثاني', both: 'الطرفان' },
};

/** A side's label as shown: the host's label, else the default in `lang`. */
export const sideLabelOf = (side: GuestSide, labels: SideLabels | null | undefined, lang: Lang): string =>
  side === 'both' ? DEFAULT_SIDE_LABELS[lang].both : labels?.[side]?.trim() || DEFAULT_SIDE_LABELS[lang][side];

