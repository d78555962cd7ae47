import type { InviteeStatus, Lang } from './enums.js';
import type { SpecialMeal } from './schemas/events.js';

/** Titles of the export's extra columns (the import columns' titles are in guest-columns.ts). */
export const GUEST_EXPORT_EXTRA_COLUMNS = [
  'status',
  'attending',
  'specialMeals',
  'transport',
  'guestComments',
  'changedDecision',
  'viewedCount',
  'comments',
  'inviteUrl',
] as const;
export type GuestExportExtraColumn = (typeof GUEST_EXPORT_EXTRA_COLUMNS)[number];

export const GUEST_EXPORT_EXTRA_TITLES: Record<GuestExportExtraColumn, Record<Lang, string>> = {
  status: { he: 'סטטוס', en: 'Status', ru: 'Статус', ar: 'الحالة' },
  attending: { he: 'מגיעים', en: 'Coming', ru: 'Придут', ar: 'الحاضرون' },
  specialMeals: { he: 'מנות מיוחדות', en: 'Special meals', ru: 'Особое меню', ar: 'وجبات خاصة' },
  transport: { he: 'הסעה', en: 'Transport', ru: 'Трансфер', ar: 'المواصلات' },
  guestComments: { he: 'הערת האורח', en: "Guest's note", ru: 'Комментарий гостя', ar: 'ملاحظة الضيف' },
  changedDecision: { he: 'שינו תשובה', en: 'Changed answer', ru: 'Изменил ответ', ar: 'غيّر رده' },
  inviteUrl: { he: 'קישור אישי להזמנה', en: 'Personal invitation link', ru: 'Личная ссылка на приглашение', ar: 'رابط الدعوة الشخصي' },
  viewedCount: { he: 'צפיות בהזמנה', en: 'Invitation views', ru: 'Просмотры приглашения', ar: 'مشاهدات الدعوة' },
  comments: { he: 'הערות', en: 'Comments', ru: 'Комментарии', ar: 'ملاحظات' },
};

/** Issue 32: the split's columns (added when some guest told a split). */
export const GUEST_EXPORT_SPLIT_TITLES: Record<'adults' | 'children' | 'men' | 'women', Record<Lang, string>> = {
  adults: { he: 'מבוגרים', en: 'Adults', ru: 'Взрослые', ar: 'بالغون' },
  children: { he: 'ילדים', en: 'Children', ru: 'Дети', ar: 'أطفال' },
  men: { he: 'גברים', en: 'Men', ru: 'Мужчины', ar: 'رجال' },
  women: { he: 'נשים', en: 'Women', ru: 'Женщины', ar: 'نساء' },
};

/** Special meals as a spreadsheet shows them. */
export const SPECIAL_MEAL_LABELS: Record<SpecialMeal, Record<Lang, string>> = {
  glatt: { he: 'גלאט', en: 'Glatt kosher', ru: 'Глатт-кошер', ar: 'غلات كوشير' },
  vegetarian: { he: 'צמחונית', en: 'Vegetarian', ru: 'Вегетарианское', ar: 'نباتية' },
  gluten_free: { he: 'ללא גלוטן', en: 'Gluten-free', ru: 'Без глютена', ar: 'خالية من الغلوتين' },
  vegan: { he: 'טבעונית', en: 'Vegan', ru: 'Веганское', ar: 'نباتية صرف' },
  no_special_dish: { he: 'ללא מנה מיוחדת', en: 'No special meal', ru: 'Без особого блюда', ar: 'بدون وجبة خاصة' },
};

export const YES_LABEL: Record<Lang, string> = { he: 'כן', en: 'Yes', ru: 'Да', ar: 'نعم' };

/** Spec §4 statuses as a spreadsheet shows them: the same words as the guest list (Hebrew in the plural, as a row is often a family). */
export const GUEST_STATUS_LABELS: Record<InviteeStatus, Record<Lang, string>> = {
  // Spec §4 "awaiting payment": what it means to the host is that no invitation went out yet.
  pending: { he: 'טרם הוזמנו', en: 'Not invited yet', ru: 'Ещё не приглашены', ar: 'لم تُرسل لهم دعوة بعد' },
  inProgress: { he: 'טרם ענו', en: 'No answer yet', ru: 'Ещё не ответил', ar: 'لم يرد بعد' },
  approved: { he: 'מגיעים', en: 'Coming', ru: 'Придёт', ar: 'سيحضر' },
  declined: { he: 'לא מגיעים', en: 'Not coming', ru: 'Не придёт', ar: 'لن يحضر' },
  maybe: { he: 'אולי', en: 'Maybe', ru: 'Возможно', ar: 'ربما' },
  changedDecision: { he: 'שינו החלטה', en: 'Changed decision', ru: 'Изменил решение', ar: 'غيّر قراره' },
  wrongNumber: { he: 'מספר שגוי', en: 'Wrong number', ru: 'Неверный номер', ar: 'رقم خاطئ' },
};

/** Each language by its own name (the language column of the template and the export). */
export const LANGUAGE_OWN_NAMES: Record<Lang, string> = { he: 'עברית', en: 'English', ru: 'Русский', ar: 'العربية' };

/** The sheet's name in each language. */
export const GUEST_SHEET_NAMES: Record<Lang, string> = { he: 'מוזמנים', en: 'Guests', ru: 'Гости', ar: 'المدعوون' };
