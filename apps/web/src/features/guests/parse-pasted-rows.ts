import { columnOfTitle, isValidPhone, type GuestImportColumn } from '@magiim/shared';

export interface PastedRow {
  fullName: string;
  phoneNumber: string;
  countOfInvites?: string;
  group?: string;
  lang?: string;
}

export interface PastedBlock {
  rows: PastedRow[];
  /** The pasted line each row came from (1-based), so a report points where the host pasted. */
  lines: number[];
  /** Which column held what (shown above the preview). */
  columns: GuestImportColumn[];
  hadTitleRow: boolean;
}

/** Cells of one line: tabs from Excel and Google Sheets; otherwise commas or semicolons when the block uses them. */
const splitterFor = (lines: string[]): ((line: string) => string[]) => {
  if (lines.some((line) => line.includes('\t'))) return (line) => line.split('\t');
  for (const separator of [';', ',']) {
    if (lines.every((line) => line.includes(separator))) return (line) => line.split(separator);
  }
  return (line) => [line];
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
  const rawLines = text.replace(/\r\n?/g, '\n').split('\n');
  const numbered = rawLines.map((line, index) => ({ line, number: index + 1 })).filter(({ line }) => line.trim());
  if (numbered.length === 0) return { rows: [], lines: [], columns: [], hadTitleRow: false };
  const split = splitterFor(numbered.map(({ line }) => line));
  const firstCells = split(numbered[0]!.line).map((cell) => cell.trim());
  const titled = firstCells.map((cell) => columnOfTitle(cell) ?? undefined);
  const hadTitleRow = titled.includes('fullName') || titled.includes('phoneNumber');
  const columns = hadTitleRow ? titled : guessColumns(firstCells);
  const rows: PastedRow[] = [];
  const lines: number[] = [];
  for (const { line, number } of numbered.slice(hadTitleRow ? 1 : 0)) {
    const cells = split(line).map((cell) => cell.trim());
    const row: PastedRow = { fullName: '', phoneNumber: '' };
    columns.forEach((column, index) => {
      const value = cells[index] ?? '';
      if (column && value) row[column] = value;
    });
    rows.push(row);
    lines.push(number);
  }
  return { rows, lines, columns: columns.filter((c): c is GuestImportColumn => Boolean(c)), hadTitleRow };
};
