import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
  columnsOfTitleRow,
  fieldOfValues,
  findTitleRow,
  GUEST_IMPORT_MAX_ROWS,
  IMPORT_SHEET_MAX_COLUMNS,
  REQUIRED_IMPORT_COLUMNS,
  rowLooksLikeData,
  TITLE_ROW_SEARCH_ROWS,
  type GuestImportColumn,
  type ImportMapping,
  type ImportSheet,
} from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import { checkXlsxPackage } from './guest-sheet-zip-check.js';
import { attributesOf, decodeXmlText, elementsIn, stringItemText, XmlElementStream } from './guest-sheet-xml.js';
import type { SheetRead, SheetRow } from './guest-sheet.js';

const damaged = () => new AppError('INVALID_FILE', 'the workbook could not be read');

/** A zip held open for random access: several parts can be streamed at once, each only as far as needed. */
const openZip = async (file: Buffer): Promise<{ zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> }> => {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, opened) =>
      error || !opened ? reject(damaged()) : resolve(opened),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve());
    zip.on('error', () => reject(damaged()));
    zip.readEntry();
  });
  return { zip, entries };
};

const streamOf = (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> =>
  new Promise((resolve, reject) => zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(damaged()) : resolve(stream))));

const textOf = async (zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of await streamOf(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** A part's path from a relationship target, which is relative to xl/ unless it starts with a slash. */
const partPath = (target: string): string => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

/** The workbook's sheets in their tab order (hidden ones left out) and where its shared strings are. */
const readWorkbookParts = async (zip: yauzl.ZipFile, entries: Map<string, yauzl.Entry>) => {
  const workbook = entries.get('xl/workbook.xml');
  const relsEntry = entries.get('xl/_rels/workbook.xml.rels');
  if (!workbook || !relsEntry) throw damaged();
  const rels = new Map<string, { type: string; target: string }>();
  for (const { startTag } of elementsIn(await textOf(zip, relsEntry), 'Relationship')) {
    const { Id, Type, Target } = attributesOf(startTag);
    if (Id && Target) rels.set(Id, { type: Type ?? '', target: partPath(Target) });
  }
  const sheets = elementsIn(await textOf(zip, workbook), 'sheet')
    .map(({ startTag }) => attributesOf(startTag))
    .filter((sheet) => sheet.state !== 'hidden' && sheet.state !== 'veryHidden')
    .map((sheet) => rels.get(sheet.id ?? '')?.target)
    .filter((target): target is string => target !== undefined && entries.has(target));
  const sharedTarget = [...rels.values()].find((rel) => rel.type.endsWith('/sharedStrings'))?.target ?? 'xl/sharedStrings.xml';
  return { sheets, sharedStrings: entries.get(sharedTarget) };
};

/**
 * The workbook's shared strings, read only as far as the highest index asked for: Excel numbers them in the
 * order they first appear, so the first rows of a sheet need only the beginning of the part.
 */
class SharedStrings {
  private readonly loaded: string[] = [];
  private readonly items: XmlElementStream | null;

  constructor(stream: Readable | null) {
    this.items = stream ? new XmlElementStream(stream[Symbol.asyncIterator](), 'si') : null;
  }

  async get(index: number): Promise<string> {
    while (this.items && this.loaded.length <= index) {
      const item = await this.items.next();
      if (item === null) break;
      this.loaded.push(stringItemText(item.slice(item.indexOf('>') + 1)));
    }
    return this.loaded[index] ?? '';
  }
}

const COLUMN_LETTERS = /^([A-Z]{1,3})\d*$/;
const columnOf = (reference: string | undefined): number | undefined => {
  const letters = reference && COLUMN_LETTERS.exec(reference)?.[1];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
};

/** A number as the person sees it: whole numbers (phones) without exponents. */
const numberText = (raw: string): string => {
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw.trim();
  return Number.isInteger(value) ? value.toFixed(0) : String(value);
};

/** One `<row>` as the texts of its cells by column (1-based), like a person sees them. */
const rowTexts = async (rowXml: string, strings: SharedStrings): Promise<string[]> => {
  const texts: string[] = [];
  let column = 0;
  for (const cell of elementsIn(rowXml.slice(rowXml.indexOf('>') + 1), 'c')) {
    const attributes = attributesOf(cell.startTag);
    column = columnOf(attributes.r) ?? column + 1;
    const value = elementsIn(cell.inner, 'v')[0]?.inner;
    let text = '';
    switch (attributes.t) {
      case 's':
        if (value !== undefined) text = await strings.get(Number(value));
        break;
      case 'inlineStr':
        text = stringItemText(elementsIn(cell.inner, 'is')[0]?.inner ?? '');
        break;
      case 'str':
        text = decodeXmlText(value ?? '');
        break;
      case 'b':
        if (value !== undefined) text = value.trim() === '1' ? 'TRUE' : 'FALSE';
        break;
      case 'e':
        break;
      case 'd':
        text = decodeXmlText(value ?? '').slice(0, 10);
        break;
      default:
        if (value !== undefined) text = numberText(decodeXmlText(value));
    }
    text = text.trim();
    if (text) texts[column] = text;
  }
  return texts;
};

const needsTitles = () => new AppError('FILE_NEEDS_TITLES', 'the titles row chosen is not among the first rows');
const mappingIncomplete = () => new AppError('IMPORT_MAPPING_INCOMPLETE', 'the mapping names no name or no phone column');

/** Rows whose values guess a column's field when the titles do not name it. */
const GUESS_ROWS = 100;

/** Samples of a column in the preview, and how long each may be. */
const SAMPLES_PER_COLUMN = 3;
const SAMPLE_MAX_LENGTH = 60;
const shorten = (text: string) => (text.length > SAMPLE_MAX_LENGTH ? `${text.slice(0, SAMPLE_MAX_LENGTH - 1)}…` : text);

/** What the host sees of each column before importing: its title, its field (or none), a few values, how many are filled. */
class ColumnStats {
  private readonly columns = new Map<number, { title: string; samples: string[]; filled: number }>();

  constructor(titles: string[]) {
    titles.forEach((title, index) => {
      if (title && index <= IMPORT_SHEET_MAX_COLUMNS) this.columns.set(index, { title: shorten(title), samples: [], filled: 0 });
    });
  }

  add(texts: string[]) {
    texts.forEach((text, index) => {
      if (!text || index > IMPORT_SHEET_MAX_COLUMNS) return;
      let column = this.columns.get(index);
      if (!column) this.columns.set(index, (column = { title: '', samples: [], filled: 0 }));
      column.filled++;
      if (column.samples.length < SAMPLES_PER_COLUMN) column.samples.push(shorten(text));
    });
  }

  sheet(titleRow: number | null, firstRow: number, fields: Map<number, GuestImportColumn>): ImportSheet {
    return {
      titleRow,
      firstRow,
      columns: [...this.columns.entries()]
        .sort(([a], [b]) => a - b)
        .map(([column, stats]) => ({ column, ...stats, field: fields.get(column) ?? null })),
    };
  }
}

type TextRow = { rowNumber: number; texts: string[] };
const hasRequired = (fields: Map<number, GuestImportColumn>) => {
  const found = new Set(fields.values());
  return REQUIRED_IMPORT_COLUMNS.every((required) => found.has(required));
};

/**
 * The titles did not name both name and phone: the best candidate titles row (none when the first row is
 * already a guest), its titles' fields, and the fields the values show for the other columns.
 */
const guessColumns = (first: TextRow[], titleAt: number | null) => {
  const at = titleAt ?? (rowLooksLikeData(first[0]!.texts) ? -1 : 0);
  const fields = at >= 0 ? columnsOfTitleRow(first[at]!.texts) : new Map<number, GuestImportColumn>();
  const data = first.slice(at + 1);
  const taken = new Set(fields.values());
  const columns = [...new Set(data.flatMap((row) => row.texts.flatMap((text, index) => (text && index <= IMPORT_SHEET_MAX_COLUMNS ? [index] : []))))];
  for (const index of columns.sort((a, b) => a - b)) {
    if (fields.has(index)) continue;
    const field = fieldOfValues(data.map((row) => row.texts[index] ?? ''));
    if (field && !taken.has(field)) {
      fields.set(index, field);
      taken.add(field);
    }
  }
  return { titleAt: at, fields };
};

/**
 * The title row (-1: none, the first row is a guest) and each column's field: the host's choice when given,
 * else the first rows' titles, else a guess from titles and values. `complete` is false when the reading
 * lacks the name or phone: the answer is then the preview alone, for the host to map.
 */
const chooseColumns = (first: TextRow[], mapping: ImportMapping | undefined): { titleAt: number; fields: Map<number, GuestImportColumn>; complete: boolean } => {
  if (mapping) {
    const titleAt = mapping.titleRow === null ? -1 : first.findIndex((row) => row.rowNumber === mapping.titleRow);
    if (mapping.titleRow !== null && titleAt < 0) throw needsTitles();
    const fields = new Map(mapping.columns.flatMap(({ column, field }) => (field ? [[column, field] as const] : [])));
    if (!hasRequired(fields)) throw mappingIncomplete();
    return { titleAt, fields, complete: true };
  }
  const titleAt = findTitleRow(first.map((row) => row.texts));
  if (titleAt !== null) {
    const fields = columnsOfTitleRow(first[titleAt]!.texts);
    if (hasRequired(fields)) return { titleAt, fields, complete: true };
  }
  const guessed = guessColumns(first, titleAt);
  return { ...guessed, complete: hasRequired(guessed.fields) };
};

/**
 * Reads one sheet row by row. Answers null when the sheet holds no text at all (the next sheet is tried).
 * The titles are looked for among the first non-empty rows (rows above them, like a title line, are not
 * guests). Stops at the first row past the limit, so a sheet of a million rows costs what 10,001 rows cost.
 */
const readSheet = async (rowsXml: XmlElementStream, strings: SharedStrings, mapping: ImportMapping | undefined): Promise<SheetRead | null> => {
  const first: TextRow[] = [];
  let rowNumber = 0;
  const nextRow = async (): Promise<TextRow | null> => {
    for (let rowXml = await rowsXml.next(); rowXml !== null; rowXml = await rowsXml.next()) {
      const declared = Number(attributesOf(rowXml.slice(0, rowXml.indexOf('>'))).r);
      rowNumber = Number.isInteger(declared) && declared > 0 ? declared : rowNumber + 1;
      const texts = await rowTexts(rowXml, strings);
      if (texts.some((text) => text)) return { rowNumber, texts };
    }
    return null;
  };
  while (first.length < Math.max(TITLE_ROW_SEARCH_ROWS, GUESS_ROWS)) {
    const row = await nextRow();
    if (!row) break;
    first.push(row);
  }
  if (first.length === 0) return null;
  const { titleAt, fields, complete } = chooseColumns(first, mapping);
  const titles = titleAt >= 0 ? first[titleAt]! : null;
  const stats = new ColumnStats(titles?.texts ?? []);
  const rows: SheetRow[] = [];
  let unmappedRows = 0;
  const pending = first.slice(titleAt + 1);
  for (let row = pending.shift() ?? (await nextRow()); row !== null; row = pending.shift() ?? (await nextRow())) {
    if (rows.length + unmappedRows >= GUEST_IMPORT_MAX_ROWS) throw new AppError('FILE_TOO_MANY_ROWS', `more than ${GUEST_IMPORT_MAX_ROWS} rows`);
    stats.add(row.texts);
    if (!complete) {
      // Nothing is checked until the host has said which column is the name and which the phone.
      unmappedRows++;
      continue;
    }
    const found: Partial<Record<GuestImportColumn, string>> = {};
    for (const [index, column] of fields) found[column] = row.texts[index] ?? '';
    if (!Object.values(found).some((text) => text)) continue;
    rows.push({
      row: row.rowNumber,
      fullName: found.fullName ?? '',
      phoneNumber: found.phoneNumber ?? '',
      ...(found.countOfInvites ? { countOfInvites: found.countOfInvites } : {}),
      ...(found.group ? { group: found.group } : {}),
      ...(found.lang ? { lang: found.lang } : {}),
      ...(found.comments ? { comments: found.comments } : {}),
      ...(found.side ? { side: found.side } : {}),
    });
  }
  if (rows.length === 0 && unmappedRows === 0) throw new AppError('FILE_EMPTY', 'titles but no guests');
  return { rows, sheet: stats.sheet(titles?.rowNumber ?? null, first[0]!.rowNumber, fields) };
};

/**
 * Reads the first visible worksheet that holds text, streaming: the titles are found among its first rows
 * in any of the four languages, or the host's mapping says which column is which. Columns that go to no
 * field are listed in the answer's `sheet` (the host sees them as "not imported"). Row numbers
 * are the sheet's own, so the error report points where the host looks. Neither the sheet nor its shared
 * strings are ever held whole: memory grows with the rows kept (at most the limit), not with the file.
 */
export const readGuestSheetRows = async (file: Buffer, mapping?: ImportMapping): Promise<SheetRead> => {
  await checkXlsxPackage(file);
  const { zip, entries } = await openZip(file);
  const streams: Readable[] = [];
  const open = async (entry: yauzl.Entry) => {
    const stream = await streamOf(zip, entry);
    streams.push(stream);
    return stream;
  };
  try {
    const { sheets, sharedStrings } = await readWorkbookParts(zip, entries);
    const strings = new SharedStrings(sharedStrings ? await open(sharedStrings) : null);
    for (const sheet of sheets) {
      const read = await readSheet(new XmlElementStream((await open(entries.get(sheet)!))[Symbol.asyncIterator](), 'row'), strings, mapping);
      if (read) return read;
    }
    throw new AppError('FILE_EMPTY', 'no rows');
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(damaged(), { cause: error });
  } finally {
    for (const stream of streams) stream.destroy();
    zip.close();
  }
};
