import { SEATING_SHEET_TITLES, type Lang } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import { findEventNames, listSeatedGuests, listTables } from './seating-export.repository.js';

export interface SeatingSheetDownload {
  file: Buffer;
  asciiName: string;
  displayName: string;
}

// exceljs is loaded on the first sheet, not at start-up (it is most of a worker's idle memory).
const writer = () => import('./seating-sheet-write.js');

/** `GET seating/export/{id}/{lang}`: the hall's table list as xlsx (owner and co-hosts). */
export const exportSeatingSheet = async (ctx: AppContext, userId: string, eventId: string, lang: Lang): Promise<SeatingSheetDownload> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const event = await findEventNames(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const { tables, rows } = await ctx.db.transaction(
    async (tx) => ({ tables: await listTables(tx, eventId), rows: await listSeatedGuests(tx, eventId) }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const name = event.names[lang] ?? event.names[event.defaultLang] ?? Object.values(event.names).find(Boolean);
  const title = SEATING_SHEET_TITLES.file[lang];
  return {
    file: await (await writer()).writeSeatingSheet(lang, tables, rows),
    asciiName: `magiim-seating-${lang}.xlsx`,
    displayName: name ? `${name} - ${title}.xlsx` : `${title}.xlsx`,
  };
};
