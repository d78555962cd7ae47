import type { Lang } from './enums.js';

/** Columns of the guest spreadsheet (import, template and export), with their titles in every language. */
export const GUEST_IMPORT_COLUMNS = ['fullName', 'phoneNumber', 'countOfInvites', 'group', 'lang'] as const;
export type GuestImportColumn = (typeof GUEST_IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly GuestImportColumn[] = ['fullName', 'phoneNumber'];

export const GUEST_COLUMN_TITLES: Record<GuestImportColumn, Record<Lang, string>> = {
  fullName: { he: 'שם מלא', en: 'Full name', ru: 'Полное имя', ar: 'الاسم الكامل' },
  phoneNumber: { he: 'טלפון', en: 'Phone', ru: 'Телефон', ar: 'الهاتف' },
  countOfInvites: { he: 'מספר מוזמנים', en: 'Invited', ru: 'Приглашено', ar: 'عدد المدعوين' },
  group: { he: 'קבוצה', en: 'Group', ru: 'Группа', ar: 'المجموعة' },
  lang: { he: 'שפה', en: 'Language', ru: 'Язык', ar: 'اللغة' },
};

/** Other titles people use for the same columns (matched after trimming and lower-casing). */
export const GUEST_COLUMN_ALIASES: Record<GuestImportColumn, string[]> = {
  fullName: ['שם', 'שם האורח', 'שם המוזמן', 'name', 'guest', 'guest name', 'имя', 'фио', 'الاسم', 'اسم'],
  phoneNumber: ['טלפון נייד', 'נייד', 'מספר טלפון', 'פלאפון', 'phone number', 'mobile', 'cell', 'телефон', 'мобильный', 'رقم الهاتف', 'جوال', 'هاتف'],
  countOfInvites: ['כמות', 'מוזמנים', 'מספר אורחים', 'count', 'guests', 'invites', 'количество', 'гостей', 'العدد', 'عدد'],
  group: ['קבוצות', 'group name', 'группа', 'مجموعة'],
  lang: ['language', 'שפת הודעה', 'язык', 'لغة'],
};
