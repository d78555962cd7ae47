import type { Lang } from './enums.js';

/** Columns of the guest spreadsheet (import, template and export), with their titles in every language. */
export const GUEST_IMPORT_COLUMNS = ['fullName', 'phoneNumber', 'countOfInvites', 'group', 'lang', 'comments', 'side'] as const;
export type GuestImportColumn = (typeof GUEST_IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly GuestImportColumn[] = ['fullName', 'phoneNumber'];

export const GUEST_COLUMN_TITLES: Record<GuestImportColumn, Record<Lang, string>> = {
  fullName: { he: 'שם מלא', en: 'Full name', ru: 'Полное имя', ar: 'الاسم الكامل' },
  phoneNumber: { he: 'טלפון', en: 'Phone', ru: 'Телефон', ar: 'الهاتف' },
  countOfInvites: { he: 'מספר מוזמנים', en: 'Invited', ru: 'Приглашено', ar: 'عدد المدعوين' },
  group: { he: 'קבוצה', en: 'Group', ru: 'Группа', ar: 'المجموعة' },
  lang: { he: 'שפה', en: 'Language', ru: 'Язык', ar: 'اللغة' },
  comments: { he: 'הערות', en: 'Notes', ru: 'Примечания', ar: 'ملاحظات' },
  side: { he: 'צד', en: 'Side', ru: 'Сторона', ar: 'الطرف' },
};

/**
 * Other titles people use for the same columns, in every language (compared by `normaliseColumnTitle`, so
 * "מס' מוזמנים", "מס׳ מוזמנים" and "מס מוזמנים" are one title, as are "Кол-во" and "кол во").
 * Bare words that usually mean a row number ("מספר", "number", "#") are left out on purpose.
 */
export const GUEST_COLUMN_ALIASES: Record<GuestImportColumn, string[]> = {
  fullName: [
    'שם', 'שמות', 'שם האורח', 'שם המוזמן', 'שם המוזמנים', 'שם ושם משפחה', 'שם פרטי ומשפחה', 'אורח', 'מוזמן', 'איש קשר',
    'name', 'names', 'guest', 'guest name', 'invitee', 'contact', 'contact name', 'first and last name',
    'имя', 'фио', 'имя гостя', 'гость', 'имя и фамилия', 'контакт',
    'الاسم', 'اسم', 'اسم الضيف', 'اسم المدعو', 'الضيف', 'الاسم والعائلة',
  ],
  phoneNumber: [
    'טלפון נייד', 'נייד', 'מספר טלפון', "מס' טלפון", 'מספר נייד', "מס' נייד", 'פלאפון', 'פלא', "טל'", 'טל', 'סלולרי', 'וואטסאפ',
    'phone number', 'phone no', 'mobile', 'mobile number', 'mobile phone', 'cell', 'cell phone', 'cellphone', 'tel', 'telephone', 'whatsapp',
    'тел', 'мобильный', 'моб', 'номер телефона', 'мобильный телефон',
    'رقم الهاتف', 'هاتف', 'جوال', 'الجوال', 'رقم الجوال', 'موبايل', 'رقم الموبايل', 'تلفون', 'الهاتف المحمول',
  ],
  countOfInvites: [
    "מס' מוזמנים", 'כמות', 'כמות מוזמנים', 'כמות אורחים', 'מוזמנים', 'מספר אורחים', "מס' אורחים", 'אורחים', 'מספר מקומות', "מס' מקומות",
    'מקומות', 'מספר אנשים', "מס' אנשים", 'כמה', 'סה"כ', 'סה"כ מוזמנים',
    'count', 'guests', 'qty', 'quantity', 'number of guests', 'no of guests', 'guest count', 'invites', 'invitees', 'party size', 'seats',
    'people', 'pax', 'headcount', 'how many',
    'количество', 'кол-во', 'кол-во гостей', 'количество гостей', 'гостей', 'гости', 'число гостей', 'человек', 'мест', 'приглашенных',
    'العدد', 'عدد', 'عدد الضيوف', 'عدد الأشخاص', 'عدد الاشخاص', 'الكمية', 'المدعوين', 'عدد المدعوون',
  ],
  group: [
    'קבוצות', 'שם קבוצה', 'שיוך', 'קטגוריה',
    'group name', 'groups', 'category',
    'группа', 'категория',
    'مجموعة', 'الفئة', 'فئة',
  ],
  lang: ['שפת הודעה', 'שפת הזמנה', 'language', 'lang', 'язык', 'لغة'],
  comments: [
    'הערה', 'הערות', 'הערות נוספות', 'הערות לאורח', 'פרטים נוספים', 'מידע נוסף',
    'note', 'notes', 'comment', 'comments', 'remark', 'remarks', 'additional notes', 'additional info',
    'примечание', 'примечания', 'комментарий', 'комментарии', 'заметка', 'заметки',
    'ملاحظة', 'الملاحظات', 'تعليق', 'تعليقات', 'التعليقات', 'معلومات إضافية',
  ],
  side: ['צד החתונה', 'מצד', 'side', 'couple side', 'сторона', 'الجهة', 'جهة'],
};

/**
 * A column title as compared: case, spacing, bidi marks, geresh/quote/abbreviation dots, hyphens and a
 * trailing colon or star do not count ("מס׳ מוזמנים:" is "מס מוזמנים").
 */
export const normaliseColumnTitle = (title: string): string =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g, '')
    .replace(/['"`\u05F3\u05F4\u2018\u2019\u201C\u201D\u00B4.#*:()]/g, ' ')
    .replace(/[-_/\u2010-\u2014]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const TITLE_TO_COLUMN = new Map<string, GuestImportColumn>(
  GUEST_IMPORT_COLUMNS.flatMap((column) =>
    [...Object.values(GUEST_COLUMN_TITLES[column]), ...GUEST_COLUMN_ALIASES[column]].map((title) => [normaliseColumnTitle(title), column] as const),
  ),
);

/** The guest field a column title names, in any of the four languages; null when it names none. */
export const columnOfTitle = (title: string): GuestImportColumn | null => TITLE_TO_COLUMN.get(normaliseColumnTitle(title)) ?? null;

/** Columns of a sheet read and shown in the import preview (A to AX); data further right is not read. */
export const IMPORT_SHEET_MAX_COLUMNS = 50;

/** Rows searched for the titles: a sheet may start with a title line, a date or an empty row or two. */
export const TITLE_ROW_SEARCH_ROWS = 10;

/**
 * Each column's field read from one row of titles (by the row's array index); the first column naming a
 * field keeps it.
 */
export const columnsOfTitleRow = (texts: readonly (string | undefined)[]): Map<number, GuestImportColumn> => {
  const found = new Map<number, GuestImportColumn>();
  const taken = new Set<GuestImportColumn>();
  texts.forEach((text, index) => {
    const column = text ? columnOfTitle(text) : null;
    if (column && !taken.has(column)) {
      found.set(index, column);
      taken.add(column);
    }
  });
  return found;
};

/**
 * Which of the first rows holds the column titles: the one naming the most fields (the earliest of equals).
 * Answers the row's index in `rows`, or null when no row names any field.
 */
export const findTitleRow = (rows: readonly (readonly (string | undefined)[])[]): number | null => {
  let best: number | null = null;
  let bestCount = 0;
  rows.slice(0, TITLE_ROW_SEARCH_ROWS).forEach((texts, index) => {
    const count = columnsOfTitleRow(texts).size;
    if (count > bestCount) {
      best = index;
      bestCount = count;
    }
  });
  return best;
};

/** A cell shaped like a phone number: 9 to 15 digits with the plus, spaces, dashes, dots and brackets people type. */
export const looksLikePhone = (text: string): boolean => {
  if (!/^\+?[\d\s\-().\u2010-\u2014]+$/.test(text.trim())) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 9 && digits <= 15;
};

/** A cell shaped like a number invited: a whole number from 1 to 20. */
export const looksLikeInviteCount = (text: string): boolean => /^\d{1,2}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 20;

/** Share of a column's filled values that must look like phones for the column to be read as the phone. */
const PHONE_SHARE = 0.8;

/**
 * The field a column's values show it holds, when they show it clearly: phone-shaped values (a few typos
 * allowed) are the phone, whole numbers 1–20 throughout are the number invited. Null otherwise (names,
 * groups and languages are not guessed from values).
 */
export const fieldOfValues = (values: readonly string[]): GuestImportColumn | null => {
  const filled = values.filter((value) => value.trim() !== '');
  if (filled.length === 0) return null;
  if (filled.filter(looksLikePhone).length >= filled.length * PHONE_SHARE) return 'phoneNumber';
  if (filled.every(looksLikeInviteCount)) return 'countOfInvites';
  return null;
};

/** A first row that holds a phone-shaped cell is a guest, not titles. */
export const rowLooksLikeData = (texts: readonly (string | undefined)[]): boolean => texts.some((text) => text !== undefined && looksLikePhone(text));
