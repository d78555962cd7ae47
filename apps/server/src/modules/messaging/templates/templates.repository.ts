import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Lang, TemplatePurpose, TemplateStatus } from '@magiim/shared';
import { events } from '../../../db/schema/events.js';
import { messageTemplates, type MessageTemplateRow } from '../../../db/schema/messaging.js';
import type { Conn } from '../../guests/guests.repository.js';

/** What the templates module reads of an event. */
export const findTemplateEvent = async (db: Conn, eventId: string) =>
  (
    await db
      .select({ id: events.id, langs: events.langs, defaultLang: events.defaultLang, progressStatus: events.progressStatus })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1)
  )[0];

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

/**
 * The host's text for a key, new or replaced. `submit`: the event is paid, so this edit is a new revision
 * sent for review (pendingApproval); otherwise it waits for the payment (pendingPayment).
 */
export const upsertTemplate = async (db: Conn, eventId: string, key: TemplateKey, text: string, submit: boolean): Promise<MessageTemplateRow> => {
  const status: TemplateStatus = submit ? 'pendingApproval' : 'pendingPayment';
  const submittedAt = submit ? sql`now()` : null;
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
        // A revision counts submissions; an answer for any earlier one is ignored.
        revision: sql`${messageTemplates.revision} + 1`,
        submittedAt,
        providerTemplateId: submit ? null : messageTemplates.providerTemplateId,
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
