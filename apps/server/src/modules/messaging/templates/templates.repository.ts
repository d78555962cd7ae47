import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Lang, TemplatePurpose, TemplateStatus } from '@magiim/shared';
import { events } from '../../../db/schema/events.js';
import { messageTemplates, type MessageTemplateRow } from '../../../db/schema/messaging.js';
import type { Conn } from '../../../platform/db.js';

/** What the templates module reads of an event. */
export const findTemplateEvent = async (db: Conn, eventId: string) =>
  (
    await db
      .select({ id: events.id, langs: events.langs, defaultLang: events.defaultLang, progressStatus: events.progressStatus })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1)
  )[0];

/**
 * Issue 32: the guests with a gift recorded in the host's gift ledger (its table sits in db/schema; the ledger
 * module is above messaging). Only whether a guest gave is read here, never an amount.
 */
export const listGiverIds = async (db: Conn, eventId: string): Promise<Set<string>> =>
  new Set(
    (
      await db.execute<{ guestId: string }>(
        sql`select distinct guest_id as "guestId" from gift_ledger_entries where event_id = ${eventId}::uuid and guest_id is not null`,
      )
    ).rows.map((row) => row.guestId),
  );

/** What a message says of its event. */
export const findRenderEvent = async (db: Conn, eventId: string) =>
  (
    await db
      .select({
        names: events.names,
        date: events.date,
        time: events.time,
        location: events.location,
        defaultLang: events.defaultLang,
        langs: events.langs,
        publicSalt: events.publicSalt,
        image: events.image,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1)
  )[0];

export const listTemplates = async (db: Conn, eventId: string): Promise<MessageTemplateRow[]> =>
  db
    .select()
    .from(messageTemplates)
    .where(eq(messageTemplates.eventId, eventId))
    .orderBy(asc(messageTemplates.purpose), asc(messageTemplates.round), asc(messageTemplates.lang));

export interface TemplateKey {
  purpose: TemplatePurpose;
  round: number;
  lang: Lang;
}

/** Holds the event's row against a payment's update until the caller's transaction ends (see upsertTemplate). */
export const holdEventForTemplateWrite = async (tx: Conn, eventId: string): Promise<void> => {
  await tx.execute(sql`select 1 from ${events} where ${events.id} = ${eventId} for share`);
};

/**
 * The host's text for a key, new or replaced. The status is decided by the statement itself from the event's
 * current payment state. Called after holdEventForTemplateWrite in the same transaction, so an edit racing the
 * payment is either committed before the payment's update (and claimed by its submission) or runs after the
 * payment committed and sees the event paid: never left pendingPayment on a paid event. (Without the hold, a new
 * row read "unpaid" from a snapshot taken before the payment committed and stayed invisible to its submission.)
 * Each write is a new revision, so an answer for an earlier one is ignored.
 */
export const upsertTemplate = async (db: Conn, eventId: string, key: TemplateKey, text: string): Promise<MessageTemplateRow> => {
  const paid = sql`(select ${events.progressStatus} > 0 from ${events} where ${events.id} = ${eventId})`;
  const status = sql<TemplateStatus>`case when ${paid} then 'pendingApproval' else 'pendingPayment' end`;
  const submittedAt = sql<Date | null>`case when ${paid} then now() end`;
  const [row] = await db
    .insert(messageTemplates)
    .values({ eventId, ...key, text, status, reason: null, submittedAt, revision: 1 })
    .onConflictDoUpdate({
      target: [messageTemplates.eventId, messageTemplates.purpose, messageTemplates.round, messageTemplates.lang],
      set: {
        text,
        status,
        reason: null,
        reviewedAt: null,
        revision: sql`${messageTemplates.revision} + 1`,
        submittedAt,
        providerTemplateId: null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  if (!row) throw new Error('template upsert returned no row');
  return row;
};

export const deleteTemplatesOfLang = async (db: Conn, eventId: string, lang: Lang): Promise<void> => {
  await db.delete(messageTemplates).where(and(eq(messageTemplates.eventId, eventId), eq(messageTemplates.lang, lang)));
};

/**
 * Claims rows for a new submission in one statement (a replayed payment or image change finds nothing left to
 * claim twice for the same revision): each gets the next revision and pendingApproval.
 */
export const claimForSubmission = async (
  db: Conn,
  eventId: string,
  filter: { statuses: TemplateStatus[]; purpose?: TemplatePurpose },
): Promise<MessageTemplateRow[]> =>
  db
    .update(messageTemplates)
    .set({
      status: 'pendingApproval',
      reason: null,
      reviewedAt: null,
      providerTemplateId: null,
      revision: sql`${messageTemplates.revision} + 1`,
      submittedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(messageTemplates.eventId, eventId),
        inArray(messageTemplates.status, filter.statuses),
        filter.purpose ? eq(messageTemplates.purpose, filter.purpose) : undefined,
      ),
    )
    .returning();

/**
 * Every event's reviews still unanswered since before `submittedBefore`, claimed for a new submission in one
 * statement (a second worker's sweep re-reads the fresh `submitted_at` and skips them).
 */
export const claimStaleReviews = async (db: Conn, submittedBefore: Date): Promise<MessageTemplateRow[]> =>
  db
    .update(messageTemplates)
    .set({
      providerTemplateId: null,
      revision: sql`${messageTemplates.revision} + 1`,
      submittedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(messageTemplates.status, 'pendingApproval'), lt(messageTemplates.submittedAt, submittedBefore)))
    .returning();

/** The provider's id of a submitted revision (only that revision: a newer edit has its own). */
export const setProviderTemplateId = async (db: Conn, templateId: string, revision: number, providerTemplateId: string): Promise<void> => {
  await db
    .update(messageTemplates)
    .set({ providerTemplateId })
    .where(and(eq(messageTemplates.id, templateId), eq(messageTemplates.revision, revision)));
};

/** The review's answer, only for the revision still waiting for it; false when stale or already answered. */
export const recordReview = async (
  db: Conn,
  review: { templateId: string; revision: number; status: 'approved' | 'rejected'; reason: string | null },
): Promise<boolean> =>
  (
    await db
      .update(messageTemplates)
      .set({ status: review.status, reason: review.reason, reviewedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(messageTemplates.id, review.templateId),
          eq(messageTemplates.revision, review.revision),
          eq(messageTemplates.status, 'pendingApproval'),
        ),
      )
      .returning({ id: messageTemplates.id })
  ).length > 0;

/** The event a host template belongs to. */
export const eventIdOfTemplate = async (db: Conn, templateId: string): Promise<string | undefined> =>
  (await db.select({ eventId: messageTemplates.eventId }).from(messageTemplates).where(eq(messageTemplates.id, templateId)))[0]?.eventId;
