import Papa from 'papaparse';
import { columnOfTitle, isValidPhone, type GuestImportColumn } from '@magiim/shared';

export interface PastedRow {
  fullName: string;
  phoneNumber: string;
  countOfInvites?: string;
  group?: string;
  lang?: string;
  comments?: string;
  /** Issue 32: the couple's side. */
  side?: string;
}

export interface PastedBlock {
  rows: PastedRow[];
  /** The pasted line each row came from (1-based), so a report points where the host pasted. */
  lines: number[];
  /** Which column held what (shown above the preview). */
  columns: GuestImportColumn[];
  hadTitleRow: boolean;
}

/**
 * The block's rows of cells with the line each starts on. Tabs come from Excel and Google Sheets; otherwise
 * Papa Parse picks commas or semicolons by the block's shape. Spreadsheets quote a cell holding the separator, a
 * quote or a line break ("Cohen, Dan"): it stays one cell.
 */
const rowsOf = (text: string): { cells: string[]; line: number }[] => {
  const rows: { cells: string[]; line: number }[] = [];
  let start = 0;
  Papa.parse<string[]>(text, {
    ...(text.includes('\t') ? { delimiter: '\t' } : { delimitersToGuess: [';', ','] }),
    newline: '\n',
    step: (result) => {
      rows.push({ cells: result.data, line: text.slice(0, start).split('\n').length });
      start = result.meta.cursor;
    },
  });
  return rows;
};

const isCount = (cell: string) => /^\d{1,2}$/.test(cell.trim()) && Number(cell) >= 1 && Number(cell) <= 20;

/** Without titles, columns are guessed from the first row: the phone-looking cell, a small number, then texts (name, group). */
const guessColumns = (cells: string[]): (GuestImportColumn | undefined)[] => {
  const columns: (GuestImportColumn | undefined)[] = cells.map(() => undefined);
  const phoneAt = cells.findIndex((cell) => isValidPhone(cell));
  if (phoneAt >= 0) columns[phoneAt] = 'phoneNumber';
  const countAt = cells.findIndex((cell, index) => index !== phoneAt && isCount(cell));
  if (countAt >= 0) columns[countAt] = 'countOfInvites';
  const texts = cells.map((_, index) => index).filter((index) => columns[index] === undefined && cells[index]!.trim());
  if (texts[0] !== undefined) columns[texts[0]] = 'fullName';
  if (texts[1] !== undefined) columns[texts[1]] = 'group';
  if (phoneAt < 0) {
    // no valid phone in the first row: the usual order, name then phone
    const order: GuestImportColumn[] = ['fullName', 'phoneNumber', 'countOfInvites', 'group'];
    return cells.map((_, index) => order[index]);
  }
  return columns;
};

/** Rows copied from a spreadsheet and pasted as text: a title row (in any of the four languages) is used when present. */
export const parsePastedRows = (text: string): PastedBlock => {
  const numbered = rowsOf(text.replace(/\r\n?/g, '\n')).filter(({ cells }) => cells.some((cell) => cell.trim()));
  if (numbered.length === 0) return { rows: [], lines: [], columns: [], hadTitleRow: false };
  const firstCells = numbered[0]!.cells.map((cell) => cell.trim());
  const titled = firstCells.map((cell) => columnOfTitle(cell) ?? undefined);
  const hadTitleRow = titled.includes('fullName') || titled.includes('phoneNumber');
  const columns = hadTitleRow ? titled : guessColumns(firstCells);
  const rows: PastedRow[] = [];
  const lines: number[] = [];
  for (const { cells: raw, line } of numbered.slice(hadTitleRow ? 1 : 0)) {
    const cells = raw.map((cell) => cell.trim());
    const row: PastedRow = { fullName: '', phoneNumber: '' };
    columns.forEach((column, index) => {
      const value = cells[index] ?? '';
      if (column && value) row[column] = value;
    });
    rows.push(row);
    lines.push(line);
  }
  return { rows, lines, columns: columns.filter((c): c is GuestImportColumn => Boolean(c)), hadTitleRow };
};
