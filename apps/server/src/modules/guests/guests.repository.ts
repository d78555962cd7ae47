import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { INVITEE_STATUSES, type GuestSort, type GuestStatusFilter, type InviteeStatus, type Lang } from '@magiim/shared';
import type { Conn, Tx } from '../../platform/db.js';
import type { InviteLinkValues } from '../events/invite-links.js';
import { events, guestGroups, guests, type EventRow, type GuestRow } from '../../db/schema/events.js';

export type { Conn, Tx };

export type NewGuestValues = Pick<
  typeof guests.$inferInsert,
  'fullName' | 'phoneNumber' | 'countOfInvites' | 'groupId' | 'lang' | 'askTransport' | 'askMeals' | 'comments' | 'side'
>;
export type GuestChanges = Partial<NewGuestValues>;

export type LockedEvent = Pick<EventRow, 'id' | 'names' | 'langs' | 'defaultLang' | 'inviteeLimit'> & { sideLabels?: EventRow['sideLabels'] };

/**
 * Locks the event row for the rest of the transaction: `update` where a count decides (guest cap, group cap),
 * `share` where only the event's languages must hold still (the events module removes a language under `update`).
 */
export const lockEvent = async (tx: Tx, eventId: string, mode: 'update' | 'share'): Promise<LockedEvent | undefined> =>
  (
    await tx
      .select({ id: events.id, names: events.names, langs: events.langs, defaultLang: events.defaultLang, inviteeLimit: events.inviteeLimit, sideLabels: events.sideLabels })
      .from(events)
      .where(eq(events.id, eventId))
      .for(mode)
  )[0];

export const findEventForGuests = async (db: Conn, eventId: string): Promise<LockedEvent | undefined> =>
  (
    await db
      .select({ id: events.id, names: events.names, langs: events.langs, defaultLang: events.defaultLang, inviteeLimit: events.inviteeLimit, sideLabels: events.sideLabels })
      .from(events)
      .where(eq(events.id, eventId))
  )[0];

export const countGuests = async (db: Conn, eventId: string): Promise<number> =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(guests).where(eq(guests.eventId, eventId)))[0]?.n ?? 0;

/** Whether the group is the event's; in a transaction the group row is held (a parallel delete waits). */
export const groupBelongsToEvent = async (tx: Tx, eventId: string, groupId: string): Promise<boolean> =>
  (
    await tx
      .select({ id: guestGroups.id })
      .from(guestGroups)
      .where(and(eq(guestGroups.id, groupId), eq(guestGroups.eventId, eventId)))
      .for('share')
  ).length > 0;

/**
 * A new guest's status: `pending` (awaiting payment) before the event is paid, `inProgress` after. Read in the
 * insert itself, under the event's row lock the callers hold, so an insert is wholly before a payment or after.
 */
const newGuestStatus = (eventId: string) =>
  sql<InviteeStatus>`(select case when ${events.progressStatus} > 0 then 'inProgress' else 'pending' end from ${events} where ${events.id} = ${eventId}::uuid)`;

export const insertGuest = async (tx: Tx, eventId: string, values: NewGuestValues, link: InviteLinkValues): Promise<GuestRow> => {
  const [row] = await tx
    .insert(guests)
    .values({ ...values, eventId, status: newGuestStatus(eventId), inviteSalt: link.salt, inviteTokenHash: link.tokenHash })
    .returning();
  if (!row) throw new Error('guest insert returned no row');
  return row;
};

export const findGuest = async (db: Conn, eventId: string, guestId: string): Promise<GuestRow | undefined> =>
  (
    await db
      .select()
      .from(guests)
      .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
  )[0];

export const lockGuest = async (tx: Tx, eventId: string, guestId: string): Promise<GuestRow | undefined> =>
  (
    await tx
      .select()
      .from(guests)
      .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
      .for('update')
  )[0];

export const setGuestInviteLink = async (db: Conn, eventId: string, guestId: string, link: InviteLinkValues): Promise<GuestRow | undefined> =>
  (
    await db
      .update(guests)
      // not updated_at: a new link is not a change of the guest's details (an open edit form keeps its input)
      .set({ inviteSalt: link.salt, inviteTokenHash: link.tokenHash, shortCodeHash: null })
      .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
      .returning()
  )[0];

export const updateGuest = async (tx: Tx, eventId: string, guestId: string, changes: GuestChanges): Promise<GuestRow | undefined> =>
  (
    await tx
      .update(guests)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId)))
      .returning()
  )[0];

/** Deletes the guest if it is still pending; answers what happened. */
export const deletePendingGuest = async (db: Conn, eventId: string, guestId: string): Promise<'deleted' | 'in_process' | 'missing'> => {
  const deleted = await db
    .delete(guests)
    .where(and(eq(guests.id, guestId), eq(guests.eventId, eventId), eq(guests.status, 'pending')))
    .returning({ id: guests.id });
  if (deleted.length > 0) return 'deleted';
  return (await findGuest(db, eventId, guestId)) ? 'in_process' : 'missing';
};

/** The statuses of those of `guestIds` that are the event's, rows locked until the transaction ends. */
export const lockGuestStatuses = async (tx: Tx, eventId: string, guestIds: string[]): Promise<InviteeStatus[]> =>
  (
    await tx
      .select({ status: guests.status })
      .from(guests)
      .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds)))
      .for('update')
  ).map((row) => row.status);

export const deleteGuests = async (db: Conn, eventId: string, guestIds: string[]): Promise<number> =>
  (
    await db
      .delete(guests)
      .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds)))
      .returning({ id: guests.id })
  ).length;

export const updateGuests = async (db: Conn, eventId: string, guestIds: string[], changes: Pick<GuestChanges, 'groupId' | 'lang'>): Promise<number> =>
  (
    await db
      .update(guests)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(guests.eventId, eventId), inArray(guests.id, guestIds)))
      .returning({ id: guests.id })
  ).length;

export interface GuestListFilters {
  status?: GuestStatusFilter;
  /** A group id, or 'none' for guests without a group. */
  groupId?: string;
  /** Issue 32: a side, or 'none' for guests without a side. */
  side?: string;
  viewed?: boolean;
  /** Issue 32: coming with children (true), or coming and told no children (false). */
  withChildren?: boolean;
  /** Matched anywhere in the name, case-insensitively. */
  nameContains?: string;
  /** Digit strings matched anywhere in the stored E.164 phone. */
  phoneContains?: string[];
}

const likeEscaped = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const partiallyComing = sql`${guests.status} = 'approved' and ${guests.attending} < ${guests.countOfInvites}`;

/**
 * No message reached the guest on any channel: something was tried (a message failed, or could not go to a
 * landline) and nothing was sent, delivered, read, answered by phone or is still on its way.
 */
const notReached = sql`(exists (select 1 from outbox_messages o where o.guest_id = ${guests.id} and o.event_id = ${guests.eventId}
    and (o.state = 'failed' or (o.state = 'skipped' and o.reason = 'landline')))
  and not exists (select 1 from outbox_messages o where o.guest_id = ${guests.id} and o.event_id = ${guests.eventId}
    and o.state in ('queued', 'sent', 'delivered', 'read')))`;

const filterConditions = (eventId: string, filters: GuestListFilters): SQL | undefined => {
  const conditions: (SQL | undefined)[] = [eq(guests.eventId, eventId)];
  if (filters.status === 'partiallyComing') conditions.push(partiallyComing);
  else if (filters.status === 'notReached') conditions.push(notReached);
  // A changed decision is a mark beside the latest answer (the status keeps the answer itself).
  else if (filters.status === 'changedDecision') conditions.push(eq(guests.changedDecision, true));
  else if (filters.status) conditions.push(eq(guests.status, filters.status));
  if (filters.groupId === 'none') conditions.push(isNull(guests.groupId));
  else if (filters.groupId) conditions.push(eq(guests.groupId, filters.groupId));
  if (filters.side === 'none') conditions.push(isNull(guests.side));
  else if (filters.side) conditions.push(eq(guests.side, filters.side as GuestRow['side'] & string));
  if (filters.viewed === true) conditions.push(gt(guests.viewedCount, 0));
  if (filters.viewed === false) conditions.push(eq(guests.viewedCount, 0));
  if (filters.withChildren === true) conditions.push(sql`${guests.status} = 'approved' and coalesce((${guests.answerSplit}->>'children')::int, 0) > 0`);
  if (filters.withChildren === false) conditions.push(sql`${guests.status} = 'approved' and (${guests.answerSplit}->>'children')::int = 0`);
  const search: SQL[] = [];
  if (filters.nameContains) search.push(sql`${guests.fullName} ilike ${`%${likeEscaped(filters.nameContains)}%`}`);
  for (const digits of filters.phoneContains ?? []) search.push(sql`${guests.phoneNumber} like ${`%${digits}%`}`);
  if (search.length > 0) conditions.push(or(...search));
  return and(...conditions);
};

const statusRank = sql`array_position(array[${sql.join(
  INVITEE_STATUSES.map((status) => sql`${status}`),
  sql`, `,
)}]::text[], ${guests.status})`;

const ORDER: Record<GuestSort, SQL[]> = {
  name: [asc(guests.fullName), asc(guests.id)],
  '-name': [desc(guests.fullName), desc(guests.id)],
  createdAt: [asc(guests.createdAt), asc(guests.id)],
  '-createdAt': [desc(guests.createdAt), desc(guests.id)],
  status: [asc(statusRank), desc(guests.createdAt), desc(guests.id)],
  '-status': [desc(statusRank), desc(guests.createdAt), desc(guests.id)],
  countOfInvites: [asc(guests.countOfInvites), desc(guests.createdAt), desc(guests.id)],
  '-countOfInvites': [desc(guests.countOfInvites), desc(guests.createdAt), desc(guests.id)],
  viewedCount: [asc(guests.viewedCount), desc(guests.createdAt), desc(guests.id)],
  '-viewedCount': [desc(guests.viewedCount), desc(guests.createdAt), desc(guests.id)],
};

/** One page of the filtered list. */
export const listGuestsPage = async (
  db: Conn,
  eventId: string,
  filters: GuestListFilters,
  sort: GuestSort,
  page: { limit: number; offset: number },
): Promise<GuestRow[]> =>
  db
    .select()
    .from(guests)
    .where(filterConditions(eventId, filters))
    .orderBy(...ORDER[sort])
    .limit(page.limit)
    .offset(page.offset);

export interface GuestStatusTally {
  status: InviteeStatus;
  guests: number;
  partiallyComing: number;
  changedDecision: number;
  viewed: number;
  notReached: number;
  /** Guests of this status that match the list's filters. */
  matching: number;
}

/**
 * Guests per status over the whole event, with the partly-coming, the viewed and those matching the filters
 * among them: one grouped query, one pass over the event's guests.
 */
export const tallyGuests = async (db: Conn, eventId: string, filters: GuestListFilters): Promise<GuestStatusTally[]> =>
  db
    .select({
      status: guests.status,
      guests: sql<number>`count(*)::int`,
      partiallyComing: sql<number>`(count(*) filter (where ${partiallyComing}))::int`,
      changedDecision: sql<number>`(count(*) filter (where ${guests.changedDecision}))::int`,
      viewed: sql<number>`(count(*) filter (where ${guests.viewedCount} > 0))::int`,
      notReached: sql<number>`(count(*) filter (where ${notReached}))::int`,
      matching: sql<number>`(count(*) filter (where ${filterConditions(eventId, filters)}))::int`,
    })
    .from(guests)
    .where(eq(guests.eventId, eventId))
    .groupBy(guests.status);

/** The whole list for the export, oldest first. */
/** One page of the event's guests in the order they were added (run in one snapshot to page a whole list). */
export const listGuestsInOrder = async (db: Conn, eventId: string, offset: number, limit: number): Promise<GuestRow[]> =>
  db.select().from(guests).where(eq(guests.eventId, eventId)).orderBy(asc(guests.createdAt), asc(guests.id)).offset(offset).limit(limit);

export const listGuestPhones = async (db: Conn, eventId: string): Promise<string[]> =>
  (await db.select({ phone: guests.phoneNumber }).from(guests).where(eq(guests.eventId, eventId))).map((row) => row.phone);

export const listGroupNames = async (db: Conn, eventId: string): Promise<{ id: string; name: string }[]> =>
  db.select({ id: guestGroups.id, name: guestGroups.name }).from(guestGroups).where(eq(guestGroups.eventId, eventId));

/** Creates the named groups; a name another request took meanwhile is left as it is. */
export const insertGroupsIfMissing = async (tx: Tx, eventId: string, names: string[]): Promise<void> => {
  if (names.length === 0) return;
  await tx
    .insert(guestGroups)
    .values(names.map((name, index) => ({ eventId, name, createdAt: sql`now() + ${index}::int * interval '1 microsecond'` })))
    .onConflictDoNothing();
};

export interface ImportedGuest {
  fullName: string;
  phoneNumber: string;
  countOfInvites: number;
  groupId: string | null;
  lang: Lang;
  comments?: string;
  side?: GuestRow['side'];
}

const INSERT_BATCH = 1000;

/** One value per row, as one array parameter (a batch is one statement with five parameters, whatever its size). */
const column = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/**
 * Inserts guests in multi-row batches; a phone already on the list (a parallel add) is skipped rather than
 * failing the whole file. Answers how many were inserted. Each row's created_at is the transaction's time plus
 * its place in microseconds, so the list shows the file in its order.
 */
export const insertGuestsSkippingTakenPhones = async (
  tx: Tx,
  eventId: string,
  rows: ImportedGuest[],
  newLink: () => InviteLinkValues,
): Promise<number> => {
  let inserted = 0;
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    const batch = rows.slice(start, start + INSERT_BATCH);
    const links = batch.map(() => newLink());
    const result = await tx.execute(sql`
      insert into ${guests} (event_id, full_name, phone_number, count_of_invites, group_id, lang, comments, side, invite_salt, invite_token_hash, status, created_at, updated_at)
      select ${eventId}::uuid, r.full_name, r.phone_number, r.count_of_invites, r.group_id, r.lang, r.comments, r.side, r.invite_salt, r.invite_token_hash, ${newGuestStatus(eventId)},
             now() + (${start}::int + r.n) * interval '1 microsecond', now()
      from unnest(
        ${column(batch.map((row) => row.fullName), 'text')},
        ${column(batch.map((row) => row.phoneNumber), 'text')},
        ${column(batch.map((row) => row.countOfInvites), 'smallint')},
        ${column(batch.map((row) => row.groupId), 'uuid')},
        ${column(batch.map((row) => row.lang), 'text')},
        ${column(batch.map((row) => row.comments ?? ''), 'text')},
        ${column(batch.map((row) => row.side ?? null), 'text')},
        ${column(links.map((link) => link.salt), 'text')},
        ${column(links.map((link) => link.tokenHash), 'text')}
      ) with ordinality as r(full_name, phone_number, count_of_invites, group_id, lang, comments, side, invite_salt, invite_token_hash, n)
      on conflict (event_id, phone_number) do nothing`);
    inserted += result.rowCount ?? 0;
  }
  return inserted;
};

/** Issue 32: the labels of the couple's two sides (null: the defaults). */
export const findSideLabels = async (db: Conn, eventId: string): Promise<EventRow['sideLabels'] | undefined> =>
  (await db.select({ sideLabels: events.sideLabels }).from(events).where(eq(events.id, eventId)).limit(1))[0]?.sideLabels;

export const saveSideLabels = async (db: Conn, eventId: string, labels: NonNullable<EventRow['sideLabels']>): Promise<void> => {
  await db.update(events).set({ sideLabels: labels, updatedAt: new Date() }).where(eq(events.id, eventId));
};
