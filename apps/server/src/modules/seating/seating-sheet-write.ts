import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../platform/excel.js';
import { RTL_LANGUAGES, SEATING_SHEET_TITLES, SPECIAL_MEAL_LABELS, type Lang, type MealCounts, type SpecialMeal } from '@magiim/shared';
import { escapeCellText } from '../guests/guest-sheet-write.js';
import type { SeatedGuestRow } from './seating-export.repository.js';
import type { SeatingTableRow } from './seating.repository.js';

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1EAF7' } };

/** Meal choices as the guest export writes them: "Vegetarian × 2, Vegan × 1", in the sheet's language. */
export const mealsText = (meals: MealCounts, lang: Lang): string =>
  Object.entries(meals)
    .filter(([meal, count]) => count && meal in SPECIAL_MEAL_LABELS)
    .map(([meal, count]) => `${SPECIAL_MEAL_LABELS[meal as SpecialMeal][lang]} × ${count}`)
    .join(', ');

const addSheet = (workbook: ExcelJS.Workbook, name: string, lang: Lang, columns: { header: string; key: string; width: number }[]) => {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1, rightToLeft: RTL_LANGUAGES.includes(lang) }] });
  sheet.columns = columns;
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = HEADER_FILL;
  return sheet;
};

/**
 * The hall's seating sheet in `lang`: one row per seated guest by table number (table, its name, guest, people,
 * special meals, group), and a second sheet with the people at each table and a totals row. Right-to-left for he
 * and ar; guest-typed text escaped against formulas.
 */
export const writeSeatingSheet = async (lang: Lang, tables: readonly SeatingTableRow[], rows: readonly SeatedGuestRow[]): Promise<Buffer> => {
  const titles = SEATING_SHEET_TITLES;
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Magiim';
  const sheet = addSheet(workbook, titles.sheet[lang], lang, [
    { header: titles.tableNumber[lang], key: 'table', width: 10 },
    { header: titles.tableName[lang], key: 'tableName', width: 22 },
    { header: titles.guest[lang], key: 'guest', width: 28 },
    { header: titles.people[lang], key: 'people', width: 10 },
    { header: titles.meals[lang], key: 'meals', width: 28 },
    { header: titles.group[lang], key: 'group', width: 18 },
  ]);
  for (const row of rows) {
    sheet.addRow({
      table: row.tableNumber,
      tableName: escapeCellText(row.tableName ?? ''),
      guest: escapeCellText(row.fullName),
      people: row.seats,
      meals: mealsText(row.meals, lang),
      group: escapeCellText(row.groupName ?? ''),
    });
  }

  const people = new Map<string, number>();
  for (const row of rows) people.set(row.tableId, (people.get(row.tableId) ?? 0) + row.seats);
  const summary = addSheet(workbook, titles.summarySheet[lang], lang, [
    { header: titles.tableNumber[lang], key: 'table', width: 10 },
    { header: titles.tableName[lang], key: 'tableName', width: 22 },
    { header: titles.people[lang], key: 'people', width: 10 },
    { header: titles.capacity[lang], key: 'capacity', width: 16 },
  ]);
  for (const table of tables) {
    summary.addRow({ table: table.number, tableName: escapeCellText(table.name ?? ''), people: people.get(table.id) ?? 0, capacity: table.capacity });
  }
  // Values, not formulas: every reader shows them, even one that does not calculate.
  const totals = summary.addRow({
    table: titles.totals[lang],
    people: [...people.values()].reduce((a, b) => a + b, 0),
    capacity: tables.reduce((sum, t) => sum + t.capacity, 0),
  });
  totals.font = { bold: true };
  totals.border = { top: { style: 'thin' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
