import { loadExcelJs } from '../../platform/excel.js';
import { EXPENSE_SHEET_TITLES, RTL_LANGUAGES, sumExpenses, type Expense, type Lang } from '@magiim/shared';
import { escapeCellText } from '../guests/guest-sheet-write.js';

/** Shekels with agorot and the sign before the number, as Israeli spreadsheets show money. */
export const SHEKEL_FORMAT = '"₪"#,##0.00';

const shekels = (agorot: number): number => agorot / 100;

/**
 * The expense list as an xlsx in `lang`: titles, a right-to-left sheet for Hebrew and Arabic, amounts in ₪,
 * and a totals row. At most EXPENSES_MAX_ROWS rows, so it is written here rather than on a worker thread.
 */
export const writeExpenseSheet = async (lang: Lang, rows: readonly Expense[]): Promise<Buffer> => {
  const titles = EXPENSE_SHEET_TITLES;
  const workbook = new (await loadExcelJs()).Workbook();
  workbook.creator = 'Magiim';
  const sheet = workbook.addWorksheet(titles.sheet[lang], {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: RTL_LANGUAGES.includes(lang) }],
  });
  sheet.columns = [
    { header: titles.description[lang], key: 'description', width: 32 },
    { header: titles.supplierName[lang], key: 'supplierName', width: 26 },
    { header: titles.totalPayment[lang], key: 'totalPayment', width: 16, style: { numFmt: SHEKEL_FORMAT } },
    { header: titles.paidAmount[lang], key: 'paidAmount', width: 16, style: { numFmt: SHEKEL_FORMAT } },
    { header: titles.leftToPay[lang], key: 'leftToPay', width: 16, style: { numFmt: SHEKEL_FORMAT } },
  ];
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF1EAF7' } };
  for (const row of rows) {
    sheet.addRow({
      description: escapeCellText(row.description),
      supplierName: escapeCellText(row.supplierName),
      totalPayment: shekels(row.totalPayment),
      paidAmount: shekels(row.paidAmount),
      leftToPay: shekels(row.leftToPay),
    });
  }
  // Values, not formulas: every reader shows them, even one that does not calculate.
  const totals = sumExpenses(rows);
  const totalsRow = sheet.addRow({
    description: titles.totals[lang],
    totalPayment: shekels(totals.totalPayment),
    paidAmount: shekels(totals.paidAmount),
    leftToPay: shekels(totals.leftToPay),
  });
  totalsRow.font = { bold: true };
  totalsRow.border = { top: { style: 'thin' } };
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
