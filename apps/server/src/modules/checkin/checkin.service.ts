import {
  CHECKIN_SEARCH_LIMIT,
  type CheckinContext,
  type CheckinGuest,
  type CheckinSearchResponse,
  type CheckinSummary,
  type CheckinTable,
  type CheckinUsherLink,
  type CheckinUsherList,
  type Lang,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { generateToken } from '../../platform/tokens.js';
import { requireEventAccess } from '../events/event-access.js';
import { newInviteLink } from '../events/invite-links.js';
import { violatedConstraint } from '../guests/constraint-violation.js';
import { reserveGuestPlace } from '../guests/guests.service.js';
import * as repo from './checkin.repository.js';
import { checkinCodeHashOf, checkinCodeOf, newCheckinSalt, usherTokenHashOf, usherUrlOf } from './checkin-codes.js';

/** A guest's table, from the seating module (wired in app.ts); the default finds none. */
export type TableLookup = (eventId: string, guestIds: readonly string[]) => Promise<Map<string, CheckinTable>>;
export const noTables: TableLookup = async () => new Map();

export interface CheckinDeps {
  lookupTables: TableLookup;
}

/** Who stands at the door: a host of the event (owner or co-host) or an usher link of this event. */
export type CheckinCaller = { kind: 'host'; userId: string } | { kind: 'usher'; usherId: string };

const notFound = () => new AppError('NOT_FOUND', 'guest not found');

/** People expected of a guest: `attending` when coming, else the invited count. */
const expectedOf = (row: { status: string; attending: number | null; countOfInvites: number }): number =>
  row.status === 'approved' ? (row.attending ?? row.countOfInvites) : row.countOfInvites;

const toDoorGuest = (row: repo.DoorGuestRow, table: CheckinTable | undefined): CheckinGuest => ({
  guestId: row.guestId,
  fullName: row.fullName,
  expected: expectedOf(row),
  table: table ?? null,
  arrived: row.arrivedPeople !== null,
  arrivedPeople: row.arrivedPeople ?? 0,
});

const withTables = async (deps: CheckinDeps, eventId: string, rows: repo.DoorGuestRow[]): Promise<CheckinGuest[]> => {
  const tables = rows.length ? await deps.lookupTables(eventId, rows.map((row) => row.guestId)) : new Map<string, CheckinTable>();
  return rows.map((row) => toDoorGuest(row, tables.get(row.guestId)));
};

/** A live usher link of this event, or INVALID_TOKEN (revoked, expired, or another event's link). */
export const resolveUsher = async (ctx: AppContext, eventId: string, token: string): Promise<CheckinCaller> => {
  const usher = await repo.findLiveUsher(ctx.db, eventId, usherTokenHashOf(ctx.config.secrets.tokenPepper, token));
  if (!usher) throw new AppError('INVALID_TOKEN', 'usher link revoked, expired or not of this event');
  return { kind: 'usher', usherId: usher.id };
};

export const resolveHost = async (ctx: AppContext, eventId: string, userId: string): Promise<CheckinCaller> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  return { kind: 'host', userId };
};

const nameOf = (event: { names: Record<string, string | undefined>; defaultLang: Lang }): string =>
  event.names[event.defaultLang] ?? Object.values(event.names).find(Boolean) ?? '';

export const getContext = async (ctx: AppContext, caller: CheckinCaller, eventId: string): Promise<CheckinContext> => {
  const event = await repo.findEventForCheckin(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  return { role: caller.kind, eventName: nameOf(event as never), eventDate: event.date };
};

/** The guest's code for their page and message; made on first need (the guest's row gets a salt once). */
export const ensureCheckinCode = async (ctx: AppContext, eventId: string, guestId: string): Promise<string> => {
  const pepper = ctx.config.secrets.tokenPepper;
  let salt = await repo.findCodeSalt(ctx.db, eventId, guestId);
  if (!salt) {
    const fresh = newCheckinSalt();
    await repo.insertCodeIfMissing(ctx.db, eventId, guestId, fresh, checkinCodeHashOf(pepper, checkinCodeOf(pepper, fresh)));
    salt = await repo.findCodeSalt(ctx.db, eventId, guestId);
    if (!salt) throw notFound();
  }
  return checkinCodeOf(pepper, salt);
};

export const scan = async (ctx: AppContext, deps: CheckinDeps, eventId: string, code: string): Promise<CheckinGuest> => {
  const row = await repo.findGuestByCodeHash(ctx.db, eventId, checkinCodeHashOf(ctx.config.secrets.tokenPepper, code.trim()));
  if (!row) throw new AppError('NOT_FOUND', 'no guest of this event has that code');
  const [guest] = await withTables(deps, eventId, [row]);
  return guest as CheckinGuest;
};

export const search = async (ctx: AppContext, deps: CheckinDeps, caller: CheckinCaller, eventId: string, q: string): Promise<CheckinSearchResponse> => {
  const text = q.trim();
  const digits = text.replace(/\D/g, '');
  // An usher never sees phones, so a phone may not find a guest for them either (it would confirm a number).
  const phone = caller.kind === 'host' && digits.length >= 3 ? digits.replace(/^0/, '') : undefined;
  const rows = await repo.searchDoorGuests(ctx.db, eventId, text, phone, CHECKIN_SEARCH_LIMIT);
  return { guests: await withTables(deps, eventId, rows) };
};

export const recordArrival = async (ctx: AppContext, deps: CheckinDeps, eventId: string, guestId: string, people: number): Promise<CheckinGuest> => {
  if (!(await repo.findDoorGuest(ctx.db, eventId, guestId))) throw notFound();
  await repo.upsertArrival(ctx.db, eventId, guestId, people);
  return readGuest(ctx, deps, eventId, guestId);
};

export const undoArrival = async (ctx: AppContext, deps: CheckinDeps, eventId: string, guestId: string): Promise<CheckinGuest> => {
  if (!(await repo.findDoorGuest(ctx.db, eventId, guestId))) throw notFound();
  await repo.deleteArrival(ctx.db, eventId, guestId);
  return readGuest(ctx, deps, eventId, guestId);
};

const readGuest = async (ctx: AppContext, deps: CheckinDeps, eventId: string, guestId: string): Promise<CheckinGuest> => {
  const row = await repo.findDoorGuest(ctx.db, eventId, guestId);
  if (!row) throw notFound();
  const [guest] = await withTables(deps, eventId, [row]);
  return guest as CheckinGuest;
};

/**
 * A guest added at the door, coming and arrived at once. A phone the event already has checks in that guest
 * instead (a family member who was invited after all), so a retry from an offline queue makes no second guest.
 */
export const addWalkIn = async (
  ctx: AppContext,
  deps: CheckinDeps,
  eventId: string,
  input: { fullName: string; phoneNumber: string; people: number },
): Promise<CheckinGuest> => {
  const event = await repo.findEventForCheckin(ctx.db, eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const existing = await repo.findGuestIdByPhone(ctx.db, eventId, input.phoneNumber);
  if (existing) return recordArrival(ctx, deps, eventId, existing, input.people);
  const link = newInviteLink(ctx.config.secrets.tokenPepper, 'guest');
  try {
    // A walk-in is a guest like any other: within the package's cap (else the door could grow the list, and the
    // reminder and thank-you rounds it pays for, without limit).
    const guestId = await ctx.db.transaction(async (tx) => {
      await reserveGuestPlace(tx, eventId);
      return repo.insertWalkInGuest(tx, eventId, { ...input, lang: event.defaultLang, inviteSalt: link.salt, inviteTokenHash: link.tokenHash });
    });
    return readGuest(ctx, deps, eventId, guestId);
  } catch (error) {
    if (violatedConstraint(error) === 'guests_event_phone_key') {
      const raced = await repo.findGuestIdByPhone(ctx.db, eventId, input.phoneNumber);
      if (raced) return recordArrival(ctx, deps, eventId, raced, input.people);
    }
    throw error;
  }
};

export const summarize = async (ctx: AppContext, deps: CheckinDeps, eventId: string): Promise<CheckinSummary> => {
  const rows = await repo.listSummaryRows(ctx.db, eventId);
  const tables = rows.length ? await deps.lookupTables(eventId, rows.map((row) => row.guestId)) : new Map<string, CheckinTable>();
  const byKey = new Map<string, { table: CheckinTable | null; expected: number; arrived: number }>();
  let expected = 0;
  let arrived = 0;
  for (const row of rows) {
    const coming = row.status === 'approved' ? (row.attending ?? row.countOfInvites) : 0;
    const came = row.arrivedPeople ?? 0;
    expected += coming;
    arrived += came;
    const table = tables.get(row.guestId) ?? null;
    const key = table ? String(table.number) : '';
    const bucket = byKey.get(key) ?? { table, expected: 0, arrived: 0 };
    bucket.expected += coming;
    bucket.arrived += came;
    byKey.set(key, bucket);
  }
  // Tables in number order; guests without a table last.
  const byTable = [...byKey.values()].sort((a, b) => (a.table?.number ?? Number.MAX_SAFE_INTEGER) - (b.table?.number ?? Number.MAX_SAFE_INTEGER));
  return { expected, arrived, byTable };
};

// ── Usher links (the owner only) ───────────────────────────────────────────────
export const createUsherLink = async (ctx: AppContext, userId: string, eventId: string): Promise<CheckinUsherLink> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageCohosts');
  const token = generateToken();
  const row = await repo.insertUsher(ctx.db, eventId, userId, usherTokenHashOf(ctx.config.secrets.tokenPepper, token));
  if (!row) throw new AppError('NOT_FOUND', 'event not found');
  return { id: row.id, url: usherUrlOf(ctx.config.appUrl, eventId, token), expiresAt: row.expiresAt.toISOString() };
};

export const listUsherLinks = async (ctx: AppContext, userId: string, eventId: string): Promise<CheckinUsherList> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageCohosts');
  const rows = await repo.listUshers(ctx.db, eventId);
  return { ushers: rows.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), revoked: row.revokedAt !== null })) };
};

export const revokeUsherLink = async (ctx: AppContext, userId: string, eventId: string, usherId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageCohosts');
  if (!(await repo.revokeUsher(ctx.db, eventId, usherId))) throw new AppError('NOT_FOUND', 'usher link not found');
};

/** The event's check-in records for the account's data export. */
export const exportCheckin = async (ctx: AppContext, eventId: string) => {
  const [arrivals, ushers] = [await repo.listArrivalsForExport(ctx.db, eventId), await repo.listUshers(ctx.db, eventId)];
  return {
    arrivals: arrivals.map((row) => ({ ...row, arrivedAt: row.arrivedAt.toISOString() })),
    usherLinks: ushers.map((row) => ({ createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString(), revoked: row.revokedAt !== null })),
  };
};
