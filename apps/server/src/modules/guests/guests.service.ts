import type { z } from 'zod';
import {
  type SideLabels,
  GUEST_STATUS_FILTERS,
  MAX_GROUPS_PER_EVENT,
  MAX_GUESTS_PER_EVENT,
  MSG,
  type guestBulkSchema,
  type guestEditSchema,
  type GuestDto,
  type GuestInputParsed,
  type guestListQuerySchema,
  type GuestListResponse,
  type Lang,
} from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { GuestRow } from '../../db/schema/events.js';
import { requireEventAccess } from '../events/event-access.js';
import { violatedConstraint } from './constraint-violation.js';
import { foldName } from './guest-rows.js';
import * as repo from './guests.repository.js';
import { readGuestMessaging } from './guest-messages.repository.js';
import { newInviteLink, personalInviteUrl } from '../events/invite-links.js';

type GuestEditParsed = z.output<typeof guestEditSchema>;
type GuestListQueryParsed = z.output<typeof guestListQuerySchema>;
type GuestBulkParsed = z.output<typeof guestBulkSchema>;

export const toGuestDto = (ctx: AppContext, row: GuestRow): GuestDto => ({
  id: row.id,
  fullName: row.fullName,
  phoneNumber: row.phoneNumber,
  countOfInvites: row.countOfInvites,
  groupId: row.groupId,
  lang: row.lang,
  askTransport: row.askTransport,
  askMeals: row.askMeals,
  comments: row.comments,
  side: row.side ?? null,
  status: row.status,
  viewedCount: row.viewedCount,
  attending: row.attending,
  inviteUrl: row.inviteSalt ? personalInviteUrl(ctx.config.appUrl, ctx.config.secrets.tokenPepper, row.inviteSalt) : '',
  answer: row.answeredAt
    ? {
        meals: row.answerMeals,
        ...(row.status === 'approved' && row.answerSplit ? row.answerSplit : {}),
        transport: row.answerTransport,
        transportOpen: row.answerTransportOpen,
        mealsOpen: row.answerMealsOpen,
        comments: row.answerComments,
        answeredAt: row.answeredAt.toISOString(),
      }
    : null,
  changedDecision: row.changedDecision,
  // Filled by withMessaging (one query per page).
  messages: [],
  optedOut: false,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** How many guests the event may hold: the package's invitee count once bought, and never above the product's cap. */
/** The guests' message states and opt-outs (the list's progress column, the edit screen). */
const withMessaging = async (ctx: AppContext, eventId: string, dtos: GuestDto[]): Promise<GuestDto[]> => {
  const messaging = await readGuestMessaging(ctx.db, eventId, dtos);
  return dtos.map((dto) => ({ ...dto, ...(messaging.get(dto.id) ?? { messages: [], optedOut: false }) }));
};
const oneWithMessaging = async (ctx: AppContext, eventId: string, dto: GuestDto): Promise<GuestDto> =>
  (await withMessaging(ctx, eventId, [dto]))[0] ?? dto;

export const guestCapOf = (event: { inviteeLimit: number | null }): number =>
  Math.min(event.inviteeLimit ?? MAX_GUESTS_PER_EVENT, MAX_GUESTS_PER_EVENT);

const eventNotFound = () => new AppError('NOT_FOUND', 'event not found');
const guestNotFound = () => new AppError('NOT_FOUND', 'guest not found');
const invalidField = (path: string) => new AppError('VALIDATION', 'invalid input', [{ path, message: MSG.invalidValue }]);
const phoneExists = () => new AppError('PHONE_EXISTS', 'the phone is already on the list', [{ path: 'phoneNumber', message: MSG.invalidValue }]);

/** Turns the unique phone index's refusal into PHONE_EXISTS; anything else goes on. */
const mapPhoneConflict = (error: unknown): never => {
  if (violatedConstraint(error) === 'guests_event_phone_key') throw phoneExists();
  if (violatedConstraint(error) === 'guests_group_id_guest_groups_id_fk') throw invalidField('groupId');
  throw error;
};

const requireLang = (event: repo.LockedEvent, lang: Lang, path = 'lang') => {
  if (!event.langs.includes(lang)) throw invalidField(path);
};

const requireGroup = async (tx: repo.Tx, eventId: string, groupId: string | null | undefined) => {
  if (groupId && !(await repo.groupBelongsToEvent(tx, eventId, groupId))) throw invalidField('groupId');
};

/**
 * The event's group of that name (compared like the groups feature: trimmed, case-insensitive), or a new one.
 * Called under the event's row lock, so the group count holds still and two adds never make two groups.
 */
const findOrCreateGroup = async (tx: repo.Tx, eventId: string, typed: string): Promise<string> => {
  const name = typed.replace(/\s+/g, ' ').trim();
  const find = async () => (await repo.listGroupNames(tx, eventId)).find((group) => foldName(group.name) === foldName(name));
  const existing = await find();
  if (existing) return existing.id;
  if ((await repo.listGroupNames(tx, eventId)).length >= MAX_GROUPS_PER_EVENT) {
    throw new AppError('MAX_GROUPS_REACHED', `at most ${MAX_GROUPS_PER_EVENT} groups`, [{ path: 'groupName', message: MSG.invalidValue }]);
  }
  await repo.insertGroupsIfMissing(tx, eventId, [name]);
  const created = await find();
  if (!created) throw new AppError('GROUP_NAME_EXISTS', 'the event has a group by that name', [{ path: 'groupName', message: MSG.invalidValue }]);
  return created.id;
};

/**
 * Holds a place on the event's guest list for a guest added in the same transaction: the event's row stays locked
 * until it ends, so parallel adds (the list, a walk-in at the door) never pass the package's cap.
 */
export const reserveGuestPlace = async (tx: repo.Tx, eventId: string): Promise<repo.LockedEvent> => {
  const event = await repo.lockEvent(tx, eventId, 'update');
  if (!event) throw eventNotFound();
  if ((await repo.countGuests(tx, eventId)) >= guestCapOf(event)) throw new AppError('INVITEE_LIMIT_REACHED', 'the package is full');
  return event;
};

export const createGuest = async (ctx: AppContext, userId: string, eventId: string, input: GuestInputParsed): Promise<GuestDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const event = await reserveGuestPlace(tx, eventId);
      const lang = input.lang ?? event.defaultLang;
      requireLang(event, lang);
      const { groupName, ...fields } = input;
      await requireGroup(tx, eventId, fields.groupId);
      const groupId = groupName === undefined ? fields.groupId : await findOrCreateGroup(tx, eventId, groupName);
      return repo.insertGuest(tx, eventId, { ...fields, groupId, lang }, newInviteLink(ctx.config.secrets.tokenPepper, 'guest'));
    });
    return toGuestDto(ctx, row);
  } catch (error) {
    return mapPhoneConflict(error);
  }
};

export const getGuest = async (ctx: AppContext, userId: string, eventId: string, guestId: string): Promise<GuestDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const row = await repo.findGuest(ctx.db, eventId, guestId);
  if (!row) throw guestNotFound();
  return oneWithMessaging(ctx, eventId, toGuestDto(ctx, row));
};

const EDITABLE = ['fullName', 'phoneNumber', 'countOfInvites', 'groupId', 'lang', 'askTransport', 'askMeals', 'comments', 'side'] as const;

export const editGuest = async (ctx: AppContext, userId: string, eventId: string, guestId: string, edit: GuestEditParsed): Promise<GuestDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const event = await repo.lockEvent(tx, eventId, 'share');
      if (!event) throw eventNotFound();
      const current = await repo.lockGuest(tx, eventId, guestId);
      if (!current) throw guestNotFound();
      // Only fields that differ count; a phone sent as it is stored (in any spelling) is no change.
      const changes: repo.GuestChanges = {};
      for (const field of EDITABLE) {
        const value = edit[field];
        if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
      }
      if (Object.keys(changes).length === 0) throw new AppError('NOTHING_CHANGED', 'nothing changed');
      if (changes.lang !== undefined) requireLang(event, changes.lang);
      await requireGroup(tx, eventId, changes.groupId);
      if (changes.countOfInvites !== undefined && current.attending !== null && changes.countOfInvites < current.attending) {
        throw new AppError('INVITEES_BELOW_RESPONDERS', 'fewer invited than already coming', [
          { path: 'countOfInvites', message: MSG.invalidValue },
        ]);
      }
      return repo.updateGuest(tx, eventId, guestId, changes);
    });
    if (!row) throw guestNotFound();
    return await oneWithMessaging(ctx, eventId, toGuestDto(ctx, row));
  } catch (error) {
    return mapPhoneConflict(error);
  }
};

export const deleteGuest = async (ctx: AppContext, userId: string, eventId: string, guestId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const outcome = await repo.deletePendingGuest(ctx.db, eventId, guestId);
  if (outcome === 'missing') throw guestNotFound();
  if (outcome === 'in_process') throw new AppError('GUESTS_IN_PROCESS', 'the guest is already in process');
};

/**
 * What a search for `q` looks for in phones: its digits anywhere in the stored E.164, and a local spelling
 * (050…, or 00 + country code) as the international digits it stands for.
 */
export const phoneFragmentsOf = (q: string): string[] => {
  if (!/^[\d\s\-+().]+$/.test(q)) return [];
  const digits = q.replace(/\D/g, '');
  if (digits.length < 2) return [];
  if (digits.startsWith('00')) return [digits.slice(2)];
  if (digits.startsWith('0')) return [`972${digits.slice(1)}`];
  return [digits];
};

export const listGuests = async (ctx: AppContext, userId: string, eventId: string, query: GuestListQueryParsed): Promise<GuestListResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const q = query.q?.trim();
  const filters: repo.GuestListFilters = {
    ...(query.status ? { status: query.status } : {}),
    ...(query.groupId ? { groupId: query.groupId } : {}),
    ...(query.side ? { side: query.side } : {}),
    ...(query.viewed !== undefined ? { viewed: query.viewed } : {}),
    ...(query.withChildren !== undefined ? { withChildren: query.withChildren } : {}),
    ...(q ? { nameContains: q, phoneContains: phoneFragmentsOf(q) } : {}),
  };
  const offset = (query.page - 1) * query.pageSize;
  const [items, tallies] = await Promise.all([
    repo.listGuestsPage(ctx.db, eventId, filters, query.sort, { limit: query.pageSize, offset }),
    repo.tallyGuests(ctx.db, eventId, filters),
  ]);

  const counts: Record<string, number> = Object.fromEntries(GUEST_STATUS_FILTERS.map((status) => [status, 0]));
  counts.viewed = 0;
  counts.all = 0;
  let total = 0;
  for (const tally of tallies) {
    total += tally.matching;
    counts[tally.status] = tally.guests;
    counts.partiallyComing! += tally.partiallyComing;
    counts.changedDecision! += tally.changedDecision;
    counts.viewed += tally.viewed;
    counts.notReached! += tally.notReached;
    counts.all += tally.guests;
  }
  return { items: await withMessaging(ctx, eventId, items.map((row) => toGuestDto(ctx, row))), total, counts };
};

/** Ids that are not the event's are left alone and not counted. */
export const bulkGuests = async (ctx: AppContext, userId: string, eventId: string, input: GuestBulkParsed): Promise<{ affected: number }> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const ids = [...new Set(input.guestIds)];
  const affected = await ctx.db.transaction(async (tx) => {
    if (input.action === 'delete') {
      const statuses = await repo.lockGuestStatuses(tx, eventId, ids);
      if (statuses.some((status) => status !== 'pending')) throw new AppError('GUESTS_IN_PROCESS', 'some guests are already in process');
      return repo.deleteGuests(tx, eventId, ids);
    }
    const event = await repo.lockEvent(tx, eventId, 'share');
    if (!event) throw eventNotFound();
    if (input.action === 'moveToGroup') {
      const groupId = input.groupId ?? null;
      await requireGroup(tx, eventId, groupId);
      return repo.updateGuests(tx, eventId, ids, { groupId });
    }
    const lang = input.lang!;
    requireLang(event, lang);
    return repo.updateGuests(tx, eventId, ids, { lang });
  });
  return { affected };
};

/** A new personal link for the guest; the old one stops working at once. */
export const rotateGuestLink = async (ctx: AppContext, userId: string, eventId: string, guestId: string): Promise<GuestDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  const link = newInviteLink(ctx.config.secrets.tokenPepper, 'guest');
  const row = await repo.setGuestInviteLink(ctx.db, eventId, guestId, link);
  if (!row) throw guestNotFound();
  return oneWithMessaging(ctx, eventId, toGuestDto(ctx, row));
};

/** Issue 32: the labels of the couple's two sides ('' : the translated default). Any host of the event. */
export const getSideLabels = async (ctx: AppContext, userId: string, eventId: string): Promise<SideLabels> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  return (await repo.findSideLabels(ctx.db, eventId)) ?? { a: '', b: '' };
};

export const saveSideLabels = async (ctx: AppContext, userId: string, eventId: string, labels: SideLabels): Promise<SideLabels> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  await repo.saveSideLabels(ctx.db, eventId, labels);
  return labels;
};
