import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Lang, PublicAnswerReason, PublicLinkMode, RsvpAnswer } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import { events, guests } from '../../db/schema/events.js';
import { publicAnswers } from '../../db/schema/answers.js';
import type { StoredAnswer, Tx } from './invitations.repository.js';

export interface PublicLinkRules {
  inviteeLimit: number | null;
  mode: PublicLinkMode;
  approveNewGuests: boolean;
  newGuestBudget: number;
  newGuestsUsed: number;
}

const RULE_COLUMNS = {
  inviteeLimit: events.inviteeLimit,
  mode: events.publicLinkMode,
  approveNewGuests: events.publicLinkApproveNewGuests,
  newGuestBudget: events.publicLinkNewGuestBudget,
  newGuestsUsed: events.publicLinkNewGuestsUsed,
};

/**
 * Locks the event row for a public answer: the cap, the link's budget and the waiting list are counted under
 * it. NO KEY UPDATE, so guests answering on their own links (whose history rows only key-share the event) never
 * wait for it, while the guest list's own cap check (FOR UPDATE) still does.
 */
export const lockEventForPublicAnswer = async (tx: Tx, eventId: string): Promise<PublicLinkRules | undefined> =>
  (await tx.select(RULE_COLUMNS).from(events).where(eq(events.id, eventId)).for('no key update'))[0];

export const readPublicLinkRules = async (db: Db, eventId: string): Promise<PublicLinkRules | undefined> =>
  (await db.select(RULE_COLUMNS).from(events).where(eq(events.id, eventId)))[0];

export const updatePublicLinkSettings = async (
  db: Db,
  eventId: string,
  settings: { mode: PublicLinkMode; approveNewGuests: boolean; newGuestBudget: number },
): Promise<void> => {
  await db
    .update(events)
    .set({
      publicLinkMode: settings.mode,
      publicLinkApproveNewGuests: settings.approveNewGuests,
      publicLinkNewGuestBudget: settings.newGuestBudget,
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, eventId));
};

export const countNewGuestFromLink = async (tx: Tx, eventId: string): Promise<void> => {
  await tx
    .update(events)
    .set({ publicLinkNewGuestsUsed: sql`${events.publicLinkNewGuestsUsed} + 1` })
    .where(eq(events.id, eventId));
};

export interface KeptPublicAnswer extends StoredAnswer {
  status: RsvpAnswer;
  guestId: string | null;
  reason: PublicAnswerReason;
  phoneNumber: string;
  typedName: string;
  lang: Lang;
}

/**
 * Keeps a public answer for the host (the caller holds the event's row lock): a newer answer from the same
 * phone replaces the older one; a new phone past `waitingMax` is dropped. Answers whether it was kept.
 */
export const keepPublicAnswer = async (tx: Tx, eventId: string, answer: KeptPublicAnswer, waitingMax: number): Promise<boolean> => {
  const [waiting] = await tx.select({ n: count() }).from(publicAnswers).where(eq(publicAnswers.eventId, eventId));
  const values = { ...answer, eventId };
  const { phoneNumber: _phone, ...changes } = values;
  if ((waiting?.n ?? 0) >= waitingMax) {
    const replaced = await tx
      .update(publicAnswers)
      .set({ ...changes, createdAt: sql`now()` })
      .where(and(eq(publicAnswers.eventId, eventId), eq(publicAnswers.phoneNumber, answer.phoneNumber)))
      .returning({ id: publicAnswers.id });
    return replaced.length > 0;
  }
  await tx
    .insert(publicAnswers)
    .values(values)
    .onConflictDoUpdate({ target: [publicAnswers.eventId, publicAnswers.phoneNumber], set: { ...changes, createdAt: sql`now()` } });
  return true;
};

export const countWaiting = async (db: Db, eventId: string): Promise<{ guests: number; answers: number }> => {
  const [row] = await db
    .select({
      guests: sql<number>`count(*) filter (where ${publicAnswers.guestId} is null)::int`,
      answers: sql<number>`count(*) filter (where ${publicAnswers.guestId} is not null)::int`,
    })
    .from(publicAnswers)
    .where(eq(publicAnswers.eventId, eventId));
  return { guests: row?.guests ?? 0, answers: row?.answers ?? 0 };
};

const ITEM_COLUMNS = {
  id: publicAnswers.id,
  guestId: publicAnswers.guestId,
  guestName: guests.fullName,
  countOfInvites: guests.countOfInvites,
  reason: publicAnswers.reason,
  typedName: publicAnswers.typedName,
  phoneNumber: publicAnswers.phoneNumber,
  lang: publicAnswers.lang,
  status: publicAnswers.status,
  attending: publicAnswers.attending,
  meals: publicAnswers.meals,
  transport: publicAnswers.transport,
  comments: publicAnswers.comments,
  createdAt: publicAnswers.createdAt,
};

export const listPublicAnswers = async (db: Db, eventId: string, filters: { guestId?: string | undefined; kind?: 'guests' | 'answers' | undefined }) => {
  const where = [eq(publicAnswers.eventId, eventId)];
  if (filters.guestId) where.push(eq(publicAnswers.guestId, filters.guestId));
  if (filters.kind === 'guests') where.push(isNull(publicAnswers.guestId));
  if (filters.kind === 'answers') where.push(isNotNull(publicAnswers.guestId));
  return db
    .select(ITEM_COLUMNS)
    .from(publicAnswers)
    .leftJoin(guests, eq(guests.id, publicAnswers.guestId))
    .where(and(...where))
    .orderBy(asc(publicAnswers.createdAt), asc(publicAnswers.id))
    .limit(500);
};

export type PublicAnswerRow = typeof publicAnswers.$inferSelect;

/** One waiting answer of this event, locked while the host applies or approves it. */
export const lockPublicAnswer = async (tx: Tx, eventId: string, answerId: string): Promise<PublicAnswerRow | undefined> =>
  (await tx.select().from(publicAnswers).where(and(eq(publicAnswers.eventId, eventId), eq(publicAnswers.id, answerId))).for('update'))[0];

export const deletePublicAnswer = async (tx: Tx | Db, eventId: string, answerId: string): Promise<boolean> =>
  (await tx.delete(publicAnswers).where(and(eq(publicAnswers.eventId, eventId), eq(publicAnswers.id, answerId))).returning({ id: publicAnswers.id })).length > 0;
