import { describe, expect, it } from 'vitest';
import {
  GUEST_COLUMN_ALIASES,
  GUEST_COLUMN_TITLES,
  GUEST_IMPORT_COLUMNS,
  columnOfTitle,
  columnsOfTitleRow,
  findTitleRow,
  normaliseColumnTitle,
} from './guest-columns.js';

describe('columnOfTitle', () => {
  it.each([
    "מס' מוזמנים",
    'מס׳ מוזמנים',
    'מס. מוזמנים',
    'מס מוזמנים',
    'מספר מוזמנים',
    'כמות',
    'כמות מוזמנים',
    'מוזמנים',
    'מספר אורחים',
    'סה"כ',
    'סה״כ',
    'Count',
    ' GUESTS ',
    'Qty.',
    'Кол-во',
    'кол во',
    'Количество гостей',
    'عدد المدعوين',
    'عدد الضيوف',
    'Number of guests:',
  ])('reads %s as the number of invitees', (title) => {
    expect(columnOfTitle(title)).toBe('countOfInvites');
  });

  it.each([
    ['שם מלא', 'fullName'],
    ['שם האורח', 'fullName'],
    ['Guest name', 'fullName'],
    ['ФИО', 'fullName'],
    ['اسم الضيف', 'fullName'],
    ["טל'", 'phoneNumber'],
    ['טל׳', 'phoneNumber'],
    ["מס' טלפון", 'phoneNumber'],
    ['פלאפון', 'phoneNumber'],
    ['Mobile', 'phoneNumber'],
    ['Тел.', 'phoneNumber'],
    ['رقم الجوال', 'phoneNumber'],
    ['צד', 'side'],
    ['Category', 'group'],
    ['Сторона', 'side'],
    ['الفئة', 'group'],
    ['שפה', 'lang'],
  ])('reads %s as %s', (title, column) => {
    expect(columnOfTitle(title)).toBe(column);
  });

  it('leaves titles that usually mean a row number or nothing to guests unread', () => {
    for (const title of ['מספר', "מס'", '#', 'Number', 'שולחן', '']) expect(columnOfTitle(title)).toBeNull();
    // A notes column goes to the guest's comments (issue 27 §5).
    for (const title of ['הערות', 'Notes', 'ملاحظات', 'Примечания', 'комментарии', 'הערה:']) expect(columnOfTitle(title)).toBe('comments');
  });

  it('never gives one title to two fields', () => {
    const seen = new Map<string, string>();
    for (const column of GUEST_IMPORT_COLUMNS) {
      for (const title of [...Object.values(GUEST_COLUMN_TITLES[column]), ...GUEST_COLUMN_ALIASES[column]]) {
        const key = normaliseColumnTitle(title);
        expect(seen.get(key) ?? column, `${title}`).toBe(column);
        seen.set(key, column);
      }
    }
  });

  it('ignores bidi marks, case and spacing', () => {
    expect(normaliseColumnTitle('\u200Fמס׳  מוזמנים:')).toBe(normaliseColumnTitle("מס' מוזמנים"));
    expect(normaliseColumnTitle('Phone   Number')).toBe('phone number');
  });
});

describe('findTitleRow', () => {
  it('finds the titles under a title line and a blank-ish row', () => {
    const rows = [['רשימת מוזמנים – חתונה של דנה ויוסי'], ['', 'עודכן 1.5'], ['שם', 'טלפון', "מס' מוזמנים", 'הערות'], ['דנה לוי', '0501234567', '4']];
    expect(findTitleRow(rows)).toBe(2);
    expect([...columnsOfTitleRow(rows[2]!)]).toEqual([
      [0, 'fullName'],
      [1, 'phoneNumber'],
      [2, 'countOfInvites'],
      [3, 'comments'],
    ]);
  });

  it('prefers the row naming the most fields, the earliest of equals', () => {
    expect(findTitleRow([['שם'], ['שם', 'טלפון'], ['Name', 'Phone']])).toBe(1);
  });

  it('answers null when no row names a field, and looks only at the first ten rows', () => {
    expect(findTitleRow([['a', 'b'], ['c']])).toBeNull();
    const late = [...Array.from({ length: 10 }, () => ['x']), ['Name', 'Phone']];
    expect(findTitleRow(late)).toBeNull();
  });

  it('keeps the first column naming a field', () => {
    expect([...columnsOfTitleRow(['Name', 'Phone', 'Mobile'])]).toEqual([
      [0, 'fullName'],
      [1, 'phoneNumber'],
    ]);
  });
});
