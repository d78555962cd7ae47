import type { InviteeStatus, Lang } from './enums.js';

/** Titles of the export's extra columns (the import columns' titles are in guest-columns.ts). */
export const GUEST_EXPORT_EXTRA_COLUMNS = ['status', 'attending', 'viewedCount', 'comments'] as const;
export type GuestExportExtraColumn = (typeof GUEST_EXPORT_EXTRA_COLUMNS)[number];

export const GUEST_EXPORT_EXTRA_TITLES: Record<GuestExportExtraColumn, Record<Lang, string>> = {
  status: { he: 'סטטוס', en: 'Status', ru: 'Статус', ar: 'الحالة' },
  attending: { he: 'מגיעים', en: 'Coming', ru: 'Придут', ar: 'الحاضرون' },
  viewedCount: { he: 'צפיות בהזמנה', en: 'Invitation views', ru: 'Просмотры приглашения', ar: 'مشاهدات الدعوة' },
  comments: { he: 'הערות', en: 'Comments', ru: 'Комментарии', ar: 'ملاحظات' },
};

/** Spec §4 statuses as a spreadsheet shows them. */
export const GUEST_STATUS_LABELS: Record<InviteeStatus, Record<Lang, string>> = {
  pending: { he: 'ממתין לתשלום', en: 'Awaiting payment', ru: 'Ожидает оплаты', ar: 'بانتظار الدفع' },
  inProgress: { he: 'טרם ענה', en: 'No answer yet', ru: 'Ещё не ответил', ar: 'لم يرد بعد' },
  approved: { he: 'מגיע', en: 'Coming', ru: 'Придёт', ar: 'سيحضر' },
  declined: { he: 'לא מגיע', en: 'Not coming', ru: 'Не придёт', ar: 'لن يحضر' },
  maybe: { he: 'אולי', en: 'Maybe', ru: 'Возможно', ar: 'ربما' },
  changedDecision: { he: 'שינה החלטה', en: 'Changed decision', ru: 'Изменил решение', ar: 'غيّر قراره' },
  wrongNumber: { he: 'מספר שגוי', en: 'Wrong number', ru: 'Неверный номер', ar: 'رقم خاطئ' },
};

/** Each language by its own name (the language column of the template and the export). */
export const LANGUAGE_OWN_NAMES: Record<Lang, string> = { he: 'עברית', en: 'English', ru: 'Русский', ar: 'العربية' };

/** The sheet's name in each language. */
export const GUEST_SHEET_NAMES: Record<Lang, string> = { he: 'מוזמנים', en: 'Guests', ru: 'Гости', ar: 'المدعوون' };
