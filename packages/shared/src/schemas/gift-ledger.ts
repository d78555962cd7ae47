import { z } from 'zod';
import type { Lang } from '../enums.js';
import { MSG } from '../messages.js';
import { singleLineText } from './text.js';
import { DEFAULT_SIDE_LABELS, GUEST_SIDES, SIDE_LABEL_MAX_LENGTH, type GuestSide, type SideLabels } from '../sides.js';

// Issue 32: the couple's sides and the gift ledger (gifts received, entered by the host; private to the hosts).

// ── Sides ─────────────────────────────────────────────────────────────────────
export const guestSideSchema = z.enum(GUEST_SIDES, { error: MSG.invalidValue });

/** The labels a host gives the two sides, as checked (SideLabels in ../sides.ts). */
export const sideLabelsSchema = z.object({
  a: singleLineText({ min: 0, max: SIDE_LABEL_MAX_LENGTH }),
  b: singleLineText({ min: 0, max: SIDE_LABEL_MAX_LENGTH }),
}) satisfies z.ZodType<SideLabels>;

/**
 * A side cell of a sheet: a/b/both, A/B, א/ב, the host's own labels or the default labels in any language;
 * null when it names none.
 */
export const sideOfCell = (text: string, labels: SideLabels | null | undefined): GuestSide | null => {
  const fold = (value: string) => value.normalize('NFKC').replace(/[\u200E\u200F\u061C'"׳״]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  const cell = fold(text);
  if (!cell) return null;
  const words: Record<GuestSide, string[]> = {
    a: ['a', 'א', '1', ...(labels?.a ? [labels.a] : []), ...Object.values(DEFAULT_SIDE_LABELS).map((l) => l.a)],
    b: ['b', 'ב', '2', ...(labels?.b ? [labels.b] : []), ...Object.values(DEFAULT_SIDE_LABELS).map((l) => l.b)],
    both: ['both', 'שניהם', 'משותף', 'оба', 'كلاهما', ...Object.values(DEFAULT_SIDE_LABELS).map((l) => l.both)],
  };
  for (const side of GUEST_SIDES) if (words[side].some((word) => fold(word) === cell)) return side;
  return null;
};

// ── Gift ledger ───────────────────────────────────────────────────────────────
export const GIFT_METHODS = ['cheque', 'cash', 'bankTransfer', 'bit', 'paybox', 'giftLink', 'other'] as const;
export type GiftMethod = (typeof GIFT_METHODS)[number];
/** host: typed by a host; import: from a sheet; giftLink: an approved gift-link payment, added by itself. */
export const GIFT_SOURCES = ['host', 'import', 'giftLink'] as const;
export type GiftSource = (typeof GIFT_SOURCES)[number];

/** The largest gift, in agorot (₪1,000,000). */
export const GIFT_AMOUNT_MAX_AGOROT = 100_000_000;
export const GIFT_NOTE_MAX_LENGTH = 200;
/** Rows one gift sheet may hold. */
export const GIFT_IMPORT_MAX_ROWS = 2000;
export const GIFT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

const giftAmountSchema = z
  .number({ error: MSG.numeric })
  .int(MSG.invalidValue)
  .min(1, MSG.invalidValue)
  .max(GIFT_AMOUNT_MAX_AGOROT, MSG.invalidValue);

/** `POST gift-ledger/{id}/entries`: one gift of one guest, typed by a host. */
export const giftEntryInputSchema = z.object({
  guestId: z.uuid({ error: MSG.invalidValue }),
  /** Agorot. */
  amount: giftAmountSchema,
  method: z.enum(GIFT_METHODS, { error: MSG.invalidValue }),
  note: singleLineText({ min: 0, max: GIFT_NOTE_MAX_LENGTH }).default(''),
});
export type GiftEntryInput = z.input<typeof giftEntryInputSchema>;

export const giftEntrySchema = z.object({
  id: z.string(),
  guestId: z.string(),
  guestName: z.string(),
  side: guestSideSchema.nullable(),
  /** Agorot. */
  amount: z.number().int(),
  method: z.enum(GIFT_METHODS),
  note: z.string(),
  source: z.enum(GIFT_SOURCES),
  createdAt: z.string(),
});
export type GiftEntry = z.infer<typeof giftEntrySchema>;

const sumSchema = z.object({ amount: z.number().int(), count: z.number().int() });
export const giftTotalsSchema = z.object({
  /** Agorot. */
  amount: z.number().int(),
  /** Gifts recorded. */
  count: z.number().int(),
  /** Guests with at least one gift. */
  givers: z.number().int(),
  byMethod: z.record(z.enum(GIFT_METHODS), sumSchema),
  /** `none`: guests without a side. */
  bySide: z.record(z.enum([...GUEST_SIDES, 'none']), sumSchema),
});
export type GiftTotals = z.infer<typeof giftTotalsSchema>;

export const cameWithoutGiftSchema = z.object({
  guestId: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  attending: z.number().int(),
  side: guestSideSchema.nullable(),
});

/** `GET gift-ledger/{id}`. */
export const giftLedgerResponseSchema = z.object({
  entries: z.array(giftEntrySchema),
  totals: giftTotalsSchema,
  /** Guests who came (attending > 0) with no gift recorded. */
  cameWithoutGift: z.array(cameWithoutGiftSchema),
  sideLabels: sideLabelsSchema,
});
export type GiftLedgerResponse = z.infer<typeof giftLedgerResponseSchema>;

export const giftEntryParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), entryId: z.uuid({ error: MSG.invalidValue }) });

/** Adds up gifts (agorot) by method and by side. */
export const sumGifts = (rows: readonly { amount: number; method: GiftMethod; side: GuestSide | null; guestId: string }[]): GiftTotals => {
  const zero = () => ({ amount: 0, count: 0 });
  const byMethod = Object.fromEntries(GIFT_METHODS.map((m) => [m, zero()])) as GiftTotals['byMethod'];
  const bySide = Object.fromEntries([...GUEST_SIDES, 'none'].map((s) => [s, zero()])) as GiftTotals['bySide'];
  let amount = 0;
  for (const row of rows) {
    amount += row.amount;
    byMethod[row.method]!.amount += row.amount;
    byMethod[row.method]!.count++;
    const side = bySide[row.side ?? 'none']!;
    side.amount += row.amount;
    side.count++;
  }
  return { amount, count: rows.length, givers: new Set(rows.map((r) => r.guestId)).size, byMethod, bySide };
};

// ── Import (.xlsx) ────────────────────────────────────────────────────────────
export const GIFT_IMPORT_COLUMNS = ['guest', 'phoneNumber', 'amount', 'method', 'note'] as const;
export type GiftImportColumn = (typeof GIFT_IMPORT_COLUMNS)[number];
export const GIFT_IMPORT_ERROR_CODES = ['GUEST_REQUIRED', 'GUEST_NOT_FOUND', 'GUEST_AMBIGUOUS', 'AMOUNT_INVALID', 'METHOD_UNKNOWN', 'NOTE_INVALID'] as const;
export type GiftImportErrorCode = (typeof GIFT_IMPORT_ERROR_CODES)[number];

export const giftImportRowErrorSchema = z.object({
  row: z.number().int(),
  column: z.enum(GIFT_IMPORT_COLUMNS),
  code: z.enum(GIFT_IMPORT_ERROR_CODES),
  /** The cell as read (one line, shortened). */
  value: z.string().optional(),
});
export type GiftImportRowError = z.infer<typeof giftImportRowErrorSchema>;
export const giftImportResultSchema = z.object({
  /** Rows with anything in them. */
  total: z.number().int(),
  /** Gifts added (commit) or that would be added (check). */
  added: z.number().int(),
  errors: z.array(giftImportRowErrorSchema),
  committed: z.boolean(),
});
export type GiftImportResult = z.infer<typeof giftImportResultSchema>;
export const giftImportQuerySchema = z.object({
  commit: z.enum(['true', 'false'], { error: MSG.invalidValue }).default('false').transform((v) => v === 'true'),
});

/** Column titles of the gift sheet (import and export), and other titles people use, in every language. */
export const GIFT_COLUMN_TITLES: Record<GiftImportColumn, string[]> = {
  guest: ['שם', 'שם האורח', 'שם מלא', 'אורח', 'name', 'guest', 'full name', 'guest name', 'имя', 'гость', 'полное имя', 'الاسم', 'الضيف', 'الاسم الكامل'],
  phoneNumber: ['טלפון', 'נייד', 'phone', 'mobile', 'phone number', 'телефон', 'الهاتف', 'هاتف', 'جوال'],
  amount: ['סכום', 'סכום בש"ח', 'סכום (₪)', 'amount', 'amount (₪)', 'sum', 'сумма', 'сумма (₪)', 'المبلغ', 'المبلغ (₪)', 'مبلغ'],
  method: ['אמצעי', 'אמצעי תשלום', 'אופן', 'method', 'payment method', 'способ', 'способ оплаты', 'الطريقة', 'طريقة الدفع'],
  note: ['הערה', 'הערות', 'note', 'notes', 'примечание', 'ملاحظة', 'ملاحظات'],
};

/** The methods by name in every language (and common spellings), for the import. */
export const GIFT_METHOD_TITLES: Record<GiftMethod, Record<Lang, string>> = {
  cheque: { he: 'צ׳ק', en: 'Cheque', ru: 'Чек', ar: 'شيك' },
  cash: { he: 'מזומן', en: 'Cash', ru: 'Наличные', ar: 'نقدًا' },
  bankTransfer: { he: 'העברה בנקאית', en: 'Bank transfer', ru: 'Банковский перевод', ar: 'تحويل بنكي' },
  bit: { he: 'ביט', en: 'Bit', ru: 'Bit', ar: 'Bit' },
  paybox: { he: 'פייבוקס', en: 'PayBox', ru: 'PayBox', ar: 'PayBox' },
  giftLink: { he: 'מתנה באשראי', en: 'Gift link', ru: 'Подарок картой', ar: 'هدية بالبطاقة' },
  other: { he: 'אחר', en: 'Other', ru: 'Другое', ar: 'أخرى' },
};
const METHOD_ALIASES: Record<GiftMethod, string[]> = {
  cheque: ['check', 'cheque', "צ'ק", 'צק', 'שיק', 'чек'],
  cash: ['cash', 'מזומנים', 'наличными', 'نقد', 'نقدا'],
  bankTransfer: ['transfer', 'bank', 'העברה', 'перевод', 'تحويل', 'banktransfer', 'bank transfer'],
  bit: ['bit', 'ביט'],
  paybox: ['paybox', 'pay box', 'פייבוקס', 'פיי בוקס'],
  giftLink: ['giftlink', 'gift link', 'credit', 'credit card', 'אשראי', 'כרטיס אשראי', 'кредитка', 'بطاقة'],
  other: ['other', 'אחר', 'другое', 'اخرى'],
};
const foldWord = (value: string) => value.normalize('NFKC').replace(/[\u200E\u200F\u061C'"׳״.]/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
const METHOD_WORDS = new Map<string, GiftMethod>(
  GIFT_METHODS.flatMap((method) => [method, ...Object.values(GIFT_METHOD_TITLES[method]), ...METHOD_ALIASES[method]].map((word) => [foldWord(word), method] as const)),
);
/** A method cell in any of the four languages; null when it names none. */
export const giftMethodOfCell = (text: string): GiftMethod | null => METHOD_WORDS.get(foldWord(text)) ?? null;

const COLUMN_WORDS = new Map<string, GiftImportColumn>(
  GIFT_IMPORT_COLUMNS.flatMap((column) => [column, ...GIFT_COLUMN_TITLES[column]].map((title) => [foldWord(title), column] as const)),
);
export const giftColumnOfTitle = (title: string): GiftImportColumn | null => COLUMN_WORDS.get(foldWord(title)) ?? null;

/** The exported sheet's titles, in its language. */
export const GIFT_SHEET_TITLES: Record<'sheet' | 'guest' | 'phoneNumber' | 'side' | 'amount' | 'method' | 'note' | 'totals' | 'file', Record<Lang, string>> = {
  sheet: { he: 'מתנות', en: 'Gifts', ru: 'Подарки', ar: 'الهدايا' },
  guest: { he: 'שם', en: 'Name', ru: 'Имя', ar: 'الاسم' },
  phoneNumber: { he: 'טלפון', en: 'Phone', ru: 'Телефон', ar: 'الهاتف' },
  side: { he: 'צד', en: 'Side', ru: 'Сторона', ar: 'الطرف' },
  amount: { he: 'סכום', en: 'Amount', ru: 'Сумма', ar: 'المبلغ' },
  method: { he: 'אמצעי', en: 'Method', ru: 'Способ', ar: 'الطريقة' },
  note: { he: 'הערה', en: 'Note', ru: 'Примечание', ar: 'ملاحظة' },
  totals: { he: 'סה״כ', en: 'Total', ru: 'Итого', ar: 'المجموع' },
  file: { he: 'מתנות', en: 'gifts', ru: 'подарки', ar: 'الهدايا' },
};

// ── The thank-you line ────────────────────────────────────────────────────────
/** `{giftThanks}` in the thank-you text: this line for a guest with a gift recorded (never the amount), else empty. */
export const GIFT_THANKS_LINES: Record<Lang, string> = {
  he: 'תודה על המתנה הנדיבה!',
  en: 'Thank you for the generous gift!',
  ru: 'Спасибо за щедрый подарок!',
  ar: 'شكرًا على الهدية السخية!',
};
