import type { GroupDto, GuestDto, ImportMapping, ImportSheet, Lang, SideLabels } from '@magiim/shared';
import { runSheetTask } from './guest-sheet-thread.js';

// exceljs is loaded on the first template, not at start-up (it is most of a worker's idle memory).
const writer = () => import('./guest-sheet-write.js');

/** One data row of an uploaded sheet, cells as text, keyed by the column found from its title. */
export interface SheetRow {
  /** The row number the host sees in Excel (rows above it, a title line, are not guests). */
  row: number;
  fullName: string;
  phoneNumber: string;
  countOfInvites?: string;
  group?: string;
  lang?: string;
  comments?: string;
  side?: string;
}

/** The guests of a sheet and how it was read (title row, each column's field), for the host's preview. */
export interface SheetRead {
  rows: SheetRow[];
  sheet: ImportSheet;
}

/**
 * Read in a worker thread (guest-sheet-thread.ts), streaming, so no file can stall the event loop or grow
 * the process. Throws AppError INVALID_FILE_TYPE (not an xlsx, whatever its name), INVALID_FILE (damaged,
 * encrypted, a zip bomb, too slow or too big to read), FILE_EMPTY, FILE_TOO_MANY_ROWS, or with a mapping
 * IMPORT_MAPPING_INCOMPLETE (no name or phone) or FILE_NEEDS_TITLES (its titles row is not among the first rows).
 * The name is not trusted; the content decides. `mapping` is the host's choice of columns (else titles decide).
 */
export const readGuestSheet = async (file: Buffer, _filename: string, mapping?: ImportMapping): Promise<SheetRead> =>
  // A copy of its own: the upload's memory may be shared with other buffers, and the copy moves to the thread.
  (await runSheetTask({ kind: 'read', file: new Uint8Array(file), ...(mapping ? { mapping } : {}) })) as SheetRead;

/**
 * The guest list as xlsx, titles in `lang`, right-to-left for he/ar, formula-like cells escaped. Written in a
 * worker thread: a 10,000-guest sheet is seconds of CPU the event loop must not spend.
 */
export const writeGuestSheet = async (lang: Lang, guests: Iterable<GuestDto>, groups: GroupDto[], sideLabels?: SideLabels | null): Promise<Buffer> => {
  const file = (await runSheetTask({ kind: 'write', lang, guests: [...guests], groups, sideLabels: sideLabels ?? null })) as Uint8Array;
  return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
};

/** An empty sheet with the column titles in `lang` and one example row. */
export const writeImportTemplate = async (lang: Lang): Promise<Buffer> => (await writer()).writeImportTemplateFile(lang);
