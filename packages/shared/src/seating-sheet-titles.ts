import type { Lang } from './enums.js';

/** Issue 31: the titles of the hall's seating sheet (`seating/export/{id}/{lang}`), in its language. */
export const SEATING_SHEET_TITLES: Record<
  'sheet' | 'summarySheet' | 'tableNumber' | 'tableName' | 'guest' | 'people' | 'meals' | 'group' | 'capacity' | 'totals' | 'file',
  Record<Lang, string>
> = {
  sheet: { he: 'הושבה', en: 'Seating', ru: 'Рассадка', ar: 'توزيع المقاعد' },
  summarySheet: { he: 'סיכום שולחנות', en: 'Tables', ru: 'Столы', ar: 'الطاولات' },
  tableNumber: { he: 'שולחן', en: 'Table', ru: 'Стол', ar: 'الطاولة' },
  tableName: { he: 'שם השולחן', en: 'Table name', ru: 'Название стола', ar: 'اسم الطاولة' },
  guest: { he: 'אורח', en: 'Guest', ru: 'Гость', ar: 'الضيف' },
  people: { he: 'מקומות', en: 'People', ru: 'Человек', ar: 'الأشخاص' },
  meals: { he: 'מנות מיוחדות', en: 'Special meals', ru: 'Особое меню', ar: 'وجبات خاصة' },
  group: { he: 'קבוצה', en: 'Group', ru: 'Группа', ar: 'المجموعة' },
  capacity: { he: 'מקומות בשולחן', en: 'Seats at the table', ru: 'Мест за столом', ar: 'مقاعد الطاولة' },
  totals: { he: 'סה״כ', en: 'Total', ru: 'Итого', ar: 'المجموع' },
  file: { he: 'הושבה', en: 'seating', ru: 'рассадка', ar: 'توزيع المقاعد' },
};
