import { MAX_GROUPS_PER_EVENT, RATE_LIMITS, type GuestDto, type ImportMapping, type ImportResult, type Lang } from '@magiim/shared';
import type { GoogleContact } from '../../providers/google-contacts/index.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import { RateLimitedError } from '../rate-limits/rate-limiter.js';
import { checkGuestRows, foldName, type GuestRowsResult, type RawGuestRow } from './guest-rows.js';
import { readGuestSheet, writeGuestSheet, writeImportTemplate } from './guest-sheet.js';
import * as repo from './guests.repository.js';
import { guestCapOf, toGuestDto } from './guests.service.js';
import { newInviteLink } from '../events/invite-links.js';

/** Checks the rows against the event as it is in `conn` (under the event's lock when committing). */
const checkAgainstEvent = async (conn: repo.Conn, event: repo.LockedEvent, rows: readonly RawGuestRow[]): Promise<GuestRowsResult & { groups: { id: string; name: string }[] }> => {
  // One after another: in a transaction they share one connection.
  const guestCount = await repo.countGuests(conn, event.id);
  const phones = await repo.listGuestPhones(conn, event.id);
  const groups = await repo.listGroupNames(conn, event.id);
  const result = checkGuestRows(rows, {
    langs: event.langs,
    defaultLang: event.defaultLang,
    existingPhones: new Set(phones),
    existingGroups: groups.map((group) => group.name),
    maxGroups: MAX_GROUPS_PER_EVENT,
    guestRoom: guestCapOf(event) - guestCount,
    sideLabels: event.sideLabels ?? null,
  });
  return { ...result, groups };
};

const reportOf = (result: GuestRowsResult, imported: number): ImportResult => ({
  total: result.total,
  valid: result.valid.length,
  imported,
  errors: result.errors,
});

/**
 * The common end of every import. `commit=false` reads and reports. `commit=true` checks again under the
 * event's row lock (the cap and the group count hold still) and inserts the good rows and their new groups
 * in one transaction.
 */
const importRows = async (ctx: AppContext, eventId: string, rows: readonly RawGuestRow[], commit: boolean): Promise<ImportResult> => {
  if (!commit) {
    const event = await repo.findEventForGuests(ctx.db, eventId);
    if (!event) throw new AppError('NOT_FOUND', 'event not found');
    return reportOf(await checkAgainstEvent(ctx.db, event, rows), 0);
  }
  return ctx.db.transaction(async (tx) => {
    const event = await repo.lockEvent(tx, eventId, 'update');
    if (!event) throw new AppError('NOT_FOUND', 'event not found');
    const result = await checkAgainstEvent(tx, event, rows);
    if (result.valid.length === 0) return reportOf(result, 0);
    let groups = result.groups;
    if (result.newGroups.length > 0) {
      await repo.insertGroupsIfMissing(tx, eventId, result.newGroups);
      groups = await repo.listGroupNames(tx, eventId);
    }
    const groupIds = new Map(groups.map((group) => [foldName(group.name), group.id]));
    const imported = await repo.insertGuestsSkippingTakenPhones(
      tx,
      eventId,
      result.valid.map((row) => ({
        fullName: row.fullName,
        phoneNumber: row.phoneNumber,
        countOfInvites: row.countOfInvites,
        groupId: row.groupName === null ? null : (groupIds.get(foldName(row.groupName)) ?? null),
        lang: row.lang,
        comments: row.comments,
        side: row.side,
      })),
      () => newInviteLink(ctx.config.secrets.tokenPepper, 'guest'),
    );
    return reportOf(result, imported);
  });
};

/** Rate-limit buckets of a host's file imports: per hour, and being read now. */
export const guestImportBuckets = (userId: string) => ({ hourly: `guest-import:${userId}`, running: `guest-import-running:${userId}` });

/** A running import ends within the sheet thread's time limit: waiting that long is always enough. */
const RUNNING_RETRY_SECONDS = 20;

/**
 * Takes one of the host's running-import slots (given back by `release`) and counts the import in the hour.
 * Each is decided and counted in one atomic step, so parallel uploads never pass either limit.
 */
const holdImportSlot = async (ctx: AppContext, userId: string): Promise<{ release: () => Promise<void> }> => {
  const buckets = guestImportBuckets(userId);
  let running;
  try {
    running = await ctx.rateLimiter.consume([{ bucket: buckets.running, limit: RATE_LIMITS.guestFileImportsRunningPerUser }]);
  } catch (error) {
    // The slot's window only bounds a slot a dead process left behind; the others free within seconds.
    if (error instanceof RateLimitedError) throw new RateLimitedError(Math.min(error.retryAfterSeconds, RUNNING_RETRY_SECONDS));
    throw error;
  }
  try {
    await ctx.rateLimiter.consume([{ bucket: buckets.hourly, limit: RATE_LIMITS.guestFileImportsPerUser }]);
  } catch (error) {
    await running.refund();
    throw error;
  }
  // A slot that cannot be given back (the database went away) frees itself when its window passes.
  return { release: () => running.refund().catch(() => undefined) };
};

/**
 * `readFile` is called only after the access check and the host's limits, so a stranger's upload is never
 * read. The answer says how the sheet was read (`sheet`); the host may send the same file again with their
 * own `mapping` of the columns, so nothing of the file is kept between the two.
 */
export const importGuestFile = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  commit: boolean,
  readFile: () => Promise<{ buffer: Buffer; filename: string; mapping?: ImportMapping | undefined }>,
): Promise<ImportResult> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const slot = await holdImportSlot(ctx, userId);
  try {
    const file = await readFile();
    const { rows, sheet } = await readGuestSheet(file.buffer, file.filename, file.mapping);
    return { ...(await importRows(ctx, eventId, rows, commit)), sheet };
  } finally {
    await slot.release();
  }
};

export interface PastedRow {
  fullName: string;
  phoneNumber: string;
  countOfInvites?: string | number | undefined;
  group?: string | undefined;
  lang?: string | undefined;
  comments?: string;
  side?: string | undefined;
}

/** Pasted rows and picked contacts: row numbers are their places in the block, from 1. */
export const importGuestRows = async (ctx: AppContext, userId: string, eventId: string, commit: boolean, rows: PastedRow[]): Promise<ImportResult> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const raw: RawGuestRow[] = rows.map((row, index) => ({
    row: index + 1,
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    ...(row.countOfInvites !== undefined ? { countOfInvites: row.countOfInvites } : {}),
    ...(row.group !== undefined ? { group: row.group } : {}),
    ...(row.lang !== undefined ? { lang: row.lang } : {}),
    ...(row.comments !== undefined ? { comments: row.comments } : {}),
    ...(row.side !== undefined ? { side: row.side } : {}),
  }));
  return importRows(ctx, eventId, raw, commit);
};

export interface SheetDownload {
  file: Buffer;
  /** ASCII, for the plain `filename`. */
  asciiName: string;
  /** Any text, for `filename*`. */
  displayName: string;
}

export const downloadImportTemplate = async (lang: Lang): Promise<SheetDownload> => ({
  file: await writeImportTemplate(lang),
  asciiName: `magiim-guests-template-${lang}.xlsx`,
  displayName: `magiim-guests-template-${lang}.xlsx`,
});

/** Rows read and turned into DTOs at a time: each page is a short turn of the event loop, not one long one. */
const EXPORT_PAGE_ROWS = 1_000;

const listExportedGuests = async (ctx: AppContext, eventId: string): Promise<GuestDto[]> =>
  // One snapshot, so the pages add up to the list as it was when the export began.
  ctx.db.transaction(
    async (tx) => {
      const all: GuestDto[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE_ROWS) {
        const page = await repo.listGuestsInOrder(tx, eventId, offset, EXPORT_PAGE_ROWS);
        for (const row of page) all.push(toGuestDto(ctx, row));
        if (page.length < EXPORT_PAGE_ROWS) return all;
      }
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

export const exportGuests = async (ctx: AppContext, userId: string, eventId: string, lang: Lang): Promise<SheetDownload> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const event = await repo.findEventForGuests(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const [guests, groups] = await Promise.all([listExportedGuests(ctx, eventId), repo.listGroupNames(ctx.db, eventId)]);
  const file = await writeGuestSheet(
    lang,
    guests,
    groups.map((group) => ({ ...group, guestCount: 0 })),
    event.sideLabels ?? null,
  );
  const name = event.names[lang] ?? event.names[event.defaultLang] ?? Object.values(event.names).find(Boolean) ?? 'guests';
  return { file, asciiName: 'magiim-guests.xlsx', displayName: `${name}.xlsx` };
};

export const listGoogleContacts = async (ctx: AppContext, userId: string, accessToken: string): Promise<{ contacts: GoogleContact[] }> => {
  await ctx.rateLimiter.consume([{ bucket: `google-contacts:${userId}`, limit: RATE_LIMITS.googleContactReadsPerUser }]);
  try {
    return { contacts: await ctx.googleContacts.listContacts(accessToken) };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw Object.assign(new AppError('GOOGLE_CONTACTS_FAILED', 'google contacts could not be read'), { cause: error });
  }
};
