import type { GroupDto, GuestDto, Lang } from '@magiim/shared';

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

// Placeholders: the zip-safe reader and the writer land here (guest-sheet-read.ts / guest-sheet-write.ts may replace them).
/** Throws AppError INVALID_FILE_TYPE, INVALID_FILE, FILE_EMPTY, FILE_NEEDS_TITLES or FILE_TOO_MANY_ROWS. */
export const readGuestSheet = async (_file: Buffer, _filename: string): Promise<SheetRow[]> => {
  throw new Error('sheet reading is not built yet');
};

/** The guest list as xlsx, titles in `lang`, right-to-left for he/ar, formula-like cells escaped. */
export const writeGuestSheet = async (_lang: Lang, _guests: Iterable<GuestDto>, _groups: GroupDto[]): Promise<Buffer> => {
  throw new Error('sheet writing is not built yet');
};

/** An empty sheet with the column titles in `lang` and one example row. */
export const writeImportTemplate = async (_lang: Lang): Promise<Buffer> => {
  throw new Error('sheet writing is not built yet');
};
