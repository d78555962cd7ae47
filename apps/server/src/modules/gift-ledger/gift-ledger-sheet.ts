import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../platform/excel.js';
import {
  GIFT_IMPORT_MAX_ROWS,
  GIFT_METHOD_TITLES,
  GIFT_SHEET_TITLES,
  giftColumnOfTitle,
  RTL_LANGUAGES,
  sideLabelOf,
  type GiftEntry,
  type GiftImportColumn,
  type Lang,
  type SideLabels,
} from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import { escapeCellText } from '../guests/guest-sheet-write.js';

const SHEKEL_FORMAT = '"₪"#,##0.00';

/** One row of a gift sheet as read: the sheet's row number and each known column's text. */
export interface GiftSheetRow {
  row: number;
  cells: Partial<Record<GiftImportColumn, string>>;
}

const cellText = (cell: ExcelJS.Cell): string => {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'object' && 'result' in value) return String(value.result ?? '');
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  if (typeof value === 'object' && 'text' in value) return String(value.text);
  return String(cell.text ?? value);
};

/**
 * Reads the first sheet: the first of its first 10 rows naming the amount and a guest (name or phone) holds the
 * titles; every row below is a gift. INVALID_FILE when the file is no xlsx or no row names those columns.
 */
export const readGiftSheet = async (buffer: Buffer): Promise<GiftSheetRow[]> => {
  const workbook = new (await loadExcelJs()).Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  } catch {
    throw new AppError('INVALID_FILE', 'not an xlsx file');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new AppError('INVALID_FILE', 'the file has no sheet');
  let titleRow = 0;
  let columns = new Map<number, GiftImportColumn>();
  for (let r = 1; r <= Math.min(10, sheet.rowCount); r++) {
    const found = new Map<number, GiftImportColumn>();
    sheet.getRow(r).eachCell((cell, col) => {
      const column = giftColumnOfTitle(cellText(cell));
      if (column && ![...found.values()].includes(column)) found.set(col, column);
    });
    const names = [...found.values()];
    if (names.includes('amount') && (names.includes('guest') || names.includes('phoneNumber'))) {
      titleRow = r;
      columns = found;
      break;
    }
  }
  if (titleRow === 0) throw new AppError('INVALID_FILE', 'no titles row names the guest and the amount');
  const rows: GiftSheetRow[] = [];
  for (let r = titleRow + 1; r <= sheet.rowCount; r++) {
    const cells: GiftSheetRow['cells'] = {};
    const row = sheet.getRow(r);
    for (const [col, column] of columns) cells[column] = cellText(row.getCell(col)).trim();
    if (Object.values(cells).every((text) => !text)) continue;
    rows.push({ row: r, cells });
    if (rows.length > GIFT_IMPORT_MAX_ROWS) throw new AppError('PAYLOAD_TOO_LARGE', 'too many rows');
  }
  return rows;
};

/** The ledger as an xlsx in `lang`: right to left for he and ar, amounts in ₪, a totals row. */
export const writeGiftSheet = async (lang: Lang, entries: readonly (GiftEntry & { phoneNumber: string | null })[], labels: SideLabels): Promise<Buffer> => {
  const titles = GIFT_SHEET_TITLES;
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Magiim';
  const sheet = workbook.addWorksheet(titles.sheet[lang], { views: [{ state: 'frozen', ySplit: 1, rightToLeft: RTL_LANGUAGES.includes(lang) }] });
  sheet.columns = [
    { header: titles.guest[lang], key: 'guest', width: 28 },
    { header: titles.phoneNumber[lang], key: 'phoneNumber', width: 18 },
    { header: titles.side[lang], key: 'side', width: 16 },
    { header: titles.amount[lang], key: 'amount', width: 14, style: { numFmt: SHEKEL_FORMAT } },
    { header: titles.method[lang], key: 'method', width: 18 },
    { header: titles.note[lang], key: 'note', width: 32 },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1EAF7' } };
  let total = 0;
  for (const entry of entries) {
    total += entry.amount;
    sheet.addRow({
      guest: escapeCellText(entry.guestName),
      phoneNumber: entry.phoneNumber ?? '',
      side: entry.side ? sideLabelOf(entry.side, labels, lang) : '',
      amount: entry.amount / 100,
      method: GIFT_METHOD_TITLES[entry.method][lang],
      note: escapeCellText(entry.note),
    });
  }
  const totals = sheet.addRow({ guest: titles.totals[lang], amount: total / 100 });
  totals.font = { bold: true };
  totals.border = { top: { style: 'thin' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
