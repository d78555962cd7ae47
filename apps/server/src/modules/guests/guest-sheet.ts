import type { GroupDto, GuestDto, Lang } from '@magiim/shared';

// exceljs is loaded on the first import or export, not at start-up (it is most of a worker's idle memory).
const reader = () => import('./guest-sheet-read.js');
const writer = () => import('./guest-sheet-write.js');

/** One data row of an uploaded sheet, cells as text, keyed by the column found from its title. */
export interface SheetRow {
  /** The row number the host sees in Excel (the title row is 1). */
  row: number;
  fullName: string;
  phoneNumber: string;
  countOfInvites?: string;
  group?: string;
  lang?: string;
}

/**
 * Throws AppError INVALID_FILE_TYPE (not an xlsx, whatever its name), INVALID_FILE (damaged, encrypted, a zip
 * bomb), FILE_EMPTY, FILE_NEEDS_TITLES or FILE_TOO_MANY_ROWS. The name is not trusted; the content decides.
 */
export const readGuestSheet = async (file: Buffer, _filename: string): Promise<SheetRow[]> => (await reader()).readGuestSheetRows(file);

/** The guest list as xlsx, titles in `lang`, right-to-left for he/ar, formula-like cells escaped. */
export const writeGuestSheet = async (lang: Lang, guests: Iterable<GuestDto>, groups: GroupDto[]): Promise<Buffer> =>
  (await writer()).writeGuestSheetFile(lang, guests, groups);

/** An empty sheet with the column titles in `lang` and one example row. */
export const writeImportTemplate = async (lang: Lang): Promise<Buffer> => (await writer()).writeImportTemplateFile(lang);
