import ExcelJS from 'exceljs';
import {
  GUEST_COLUMN_ALIASES,
  GUEST_COLUMN_TITLES,
  GUEST_IMPORT_COLUMNS,
  GUEST_IMPORT_MAX_ROWS,
  REQUIRED_IMPORT_COLUMNS,
  type GuestImportColumn,
} from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import { checkXlsxPackage } from './guest-sheet-zip-check.js';
import type { SheetRow } from './guest-sheet.js';

const normaliseTitle = (title: string): string =>
  title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200E\u200F\u061C]/g, '')
    .replace(/[*:]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Every title and alias of every column, in all four languages, to its column. */
const TITLE_TO_COLUMN = new Map<string, GuestImportColumn>(
  GUEST_IMPORT_COLUMNS.flatMap((column) =>
    [...Object.values(GUEST_COLUMN_TITLES[column]), ...GUEST_COLUMN_ALIASES[column]].map((title) => [normaliseTitle(title), column] as const),
  ),
);

const isoDate = (date: Date): string => date.toISOString().slice(0, 10);

/** A cell as the text a person sees: cached formula results, rich text, links, and whole numbers without exponents. */
export const cellText = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('').trim();
  if ('formula' in value || 'sharedFormula' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('hyperlink' in value) return cellText((value as { text?: ExcelJS.CellValue }).text ?? '');
  if ('error' in value) return '';
  return '';
};

const rowTexts = (row: ExcelJS.Row): string[] => {
  const texts: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    texts[column] = cellText(cell.value);
  });
  return texts;
};

/**
 * Reads the first worksheet of an xlsx guest list. The first non-empty row holds the titles; columns are
 * found by their titles in any of the four languages (unknown columns are ignored). Row numbers are the
 * sheet's own, so the error report points where the host looks.
 */
export const readGuestSheetRows = async (file: Buffer): Promise<SheetRow[]> => {
  await checkXlsxPackage(file);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new AppError('INVALID_FILE', 'the workbook could not be read');
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.state !== 'hidden' && candidate.actualRowCount > 0);
  if (!sheet) throw new AppError('FILE_EMPTY', 'no rows');

  let columns: Map<number, GuestImportColumn> | undefined;
  const rows: SheetRow[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    const texts = rowTexts(row);
    if (!texts.some((text) => text)) return;
    if (!columns) {
      const found = new Map<number, GuestImportColumn>();
      texts.forEach((text, index) => {
        const column = text ? TITLE_TO_COLUMN.get(normaliseTitle(text)) : undefined;
        if (column && ![...found.values()].includes(column)) found.set(index, column);
      });
      columns = found;
      if (!REQUIRED_IMPORT_COLUMNS.every((required) => [...found.values()].includes(required))) {
        throw new AppError('FILE_NEEDS_TITLES', 'the first row must name the columns');
      }
      return;
    }
    if (rows.length >= GUEST_IMPORT_MAX_ROWS) {
      tooMany = true;
      return;
    }
    const found: Partial<Record<GuestImportColumn, string>> = {};
    for (const [index, column] of columns) found[column] = texts[index] ?? '';
    if (!Object.values(found).some((text) => text)) return;
    rows.push({
      row: rowNumber,
      fullName: found.fullName ?? '',
      phoneNumber: found.phoneNumber ?? '',
      ...(found.countOfInvites ? { countOfInvites: found.countOfInvites } : {}),
      ...(found.group ? { group: found.group } : {}),
      ...(found.lang ? { lang: found.lang } : {}),
    });
  });
  if (!columns) throw new AppError('FILE_EMPTY', 'no rows');
  if (tooMany) throw new AppError('FILE_TOO_MANY_ROWS', `more than ${GUEST_IMPORT_MAX_ROWS} rows`);
  if (rows.length === 0) throw new AppError('FILE_EMPTY', 'titles but no guests');
  return rows;
};
