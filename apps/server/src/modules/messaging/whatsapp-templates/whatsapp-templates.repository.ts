import { and, asc, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { Lang, TemplatePurpose, TemplateStatus } from '@magiim/shared';
import { events, type StoredEventImage } from '../../../db/schema/events.js';
import { messageTemplates } from '../../../db/schema/messaging.js';
import { whatsappTemplates, type WhatsAppTemplateRow, type WhatsAppTemplateSource, type WhatsAppTemplateState } from '../../../db/schema/whatsapp.js';
import type { Db } from '../../../platform/db.js';
import type { Conn } from '../../../platform/db.js';

/** Rows that count as a slot's template: created (or being created) and not refused. */
export const LIVE_STATES: WhatsAppTemplateState[] = ['submitting', 'pending', 'approved'];

/** What the sync reads of an event. */
export const findSyncEvent = async (db: Conn, eventId: string) =>
  (
    await db
      .select({
        id: events.id,
        langs: events.langs,
        date: events.date,
        progressStatus: events.progressStatus,
        image: events.image,
        // Issue 32: the save-the-date's templates only while the host has it on and it has not gone yet.
        saveTheDate: sql<boolean>`exists (select 1 from action_timings t where t.event_id = ${events.id} and t.action = 'saveTheDate' and t.enabled and t.state in ('scheduled', 'running'))`,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .limit(1)
  )[0] as { id: string; langs: Lang[]; date: string; progressStatus: number; image: StoredEventImage | null; saveTheDate: boolean } | undefined;

export const listEventWhatsAppTemplates = async (db: Conn, eventId: string): Promise<WhatsAppTemplateRow[]> =>
  db
    .select()
    .from(whatsappTemplates)
    .where(eq(whatsappTemplates.eventId, eventId))
    .orderBy(asc(whatsappTemplates.createdAt));

export interface TemplateClaim {
  eventId: string;
  purpose: TemplatePurpose;
  round: number;
  lang: Lang;
  source: WhatsAppTemplateSource;
  text: string;
  withImage: boolean;
  name: string;
  messageTemplateId: string | null;
  revision: number | null;
}

/**
 * Claims the slot's template before Meta is called: under the event's transaction lock, a live row with the same
 * text and header is found (answered with `created: false`) or a new 'submitting' row is written. Two syncs of one
 * event never create the same template twice.
 */
export const claimTemplate = async (db: Db, claim: TemplateClaim): Promise<{ row: WhatsAppTemplateRow; created: boolean }> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whatsapp-templates:${claim.eventId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(whatsappTemplates)
      .where(
        and(
          eq(whatsappTemplates.eventId, claim.eventId),
          eq(whatsappTemplates.purpose, claim.purpose),
          eq(whatsappTemplates.round, claim.round),
          eq(whatsappTemplates.lang, claim.lang),
          eq(whatsappTemplates.source, claim.source),
          eq(whatsappTemplates.text, claim.text),
          eq(whatsappTemplates.withImage, claim.withImage),
          inArray(whatsappTemplates.status, LIVE_STATES),
        ),
      )
      .orderBy(asc(whatsappTemplates.createdAt))
      .limit(1);
    if (existing) return { row: existing, created: false };
    const [row] = await tx
      .insert(whatsappTemplates)
      .values({ ...claim, status: 'submitting', submittedAt: sql`now()` })
      .returning();
    if (!row) throw new Error('whatsapp template claim returned no row');
    return { row, created: true };
  });

/**
 * A 'submitting' row left by a crash (older than `before`), taken over by one sync: its submitted_at moves to now
 * in the same statement, so a second sweep finds it fresh and leaves it.
 */
export const reclaimStaleSubmission = async (db: Conn, id: string, before: Date): Promise<boolean> =>
  (
    await db
      .update(whatsappTemplates)
      .set({ submittedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(whatsappTemplates.id, id), eq(whatsappTemplates.status, 'submitting'), lt(whatsappTemplates.submittedAt, before)))
      .returning({ id: whatsappTemplates.id })
  ).length > 0;

/** Meta's answer to a create, a get or a webhook: its id, state, category and reason. */
export const recordTemplateInfo = async (
  db: Conn,
  id: string,
  info: { providerId?: string | null; status?: WhatsAppTemplateState | null; category?: string | null; reason?: string | null; reviewed?: boolean },
): Promise<WhatsAppTemplateRow | undefined> =>
  (
    await db
      .update(whatsappTemplates)
      .set({
        ...(info.providerId ? { providerId: info.providerId } : {}),
        ...(info.status ? { status: info.status } : {}),
        ...(info.category ? { category: info.category } : {}),
        ...(info.reason !== undefined ? { reason: info.reason } : {}),
        ...(info.reviewed ? { reviewedAt: sql`now()` } : {}),
        checkedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(whatsappTemplates.id, id))
      .returning()
  )[0];

/**
 * Meta's answer to our create (or the lookup after a crash): its id and category; its status only while the row
 * still says 'submitting', since a status webhook can overtake the create's answer.
 */
export const recordCreated = async (
  db: Conn,
  id: string,
  info: { providerId: string; status: WhatsAppTemplateState; category: string | null; reason: string | null },
): Promise<void> => {
  const submitting = sql`${whatsappTemplates.status} = 'submitting'`;
  await db
    .update(whatsappTemplates)
    .set({
      providerId: sql`coalesce(${whatsappTemplates.providerId}, ${info.providerId})`,
      status: sql`case when ${submitting} then ${info.status} else ${whatsappTemplates.status} end`,
      reason: sql`case when ${submitting} then ${info.reason} else ${whatsappTemplates.reason} end`,
      category: sql`coalesce(${whatsappTemplates.category}, ${info.category})`,
      reviewedAt: info.status === 'pending' ? undefined : sql`case when ${submitting} then now() else ${whatsappTemplates.reviewedAt} end`,
      checkedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(eq(whatsappTemplates.id, id));
};

export const findTemplateByProviderIdOrName = async (db: Conn, providerId: string, name: string): Promise<WhatsAppTemplateRow | undefined> =>
  (
    await db
      .select()
      .from(whatsappTemplates)
      .where(or(eq(whatsappTemplates.providerId, providerId), eq(whatsappTemplates.name, name)))
      // The provider id is the surer match: a row found by it comes first.
      .orderBy(sql`(${whatsappTemplates.providerId} = ${providerId}) desc nulls last`)
      .limit(1)
  )[0];

/** The host's text a custom template was made from follows Meta's answer (only the revision it was made of). */
export const mirrorHostStatus = async (
  db: Conn,
  host: { messageTemplateId: string; revision: number | null; text: string },
  status: TemplateStatus,
  reason: string | null,
): Promise<void> => {
  await db
    .update(messageTemplates)
    .set({ status, reason, reviewedAt: status === 'pendingApproval' ? null : sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(messageTemplates.id, host.messageTemplateId),
        eq(messageTemplates.text, host.text),
        ne(messageTemplates.status, 'pendingPayment'),
        // Nothing to write when it already says so (the screen's updatedAt stays put).
        or(ne(messageTemplates.status, status), sql`${messageTemplates.reason} is distinct from ${reason}`),
      ),
    );
};

/** Points a live custom row at the host's current revision (the host saved the same text again). */
export const adoptRevision = async (db: Conn, id: string, messageTemplateId: string, revision: number): Promise<void> => {
  await db.update(whatsappTemplates).set({ messageTemplateId, revision, updatedAt: sql`now()` }).where(eq(whatsappTemplates.id, id));
};

/** Paid events to keep in step: not yet past the deletion horizon (`fromDate`, a calendar date). */
export const listEventsToSync = async (db: Conn, fromDate: string): Promise<string[]> =>
  (
    await db
      .select({ id: events.id })
      .from(events)
      .where(and(gt(events.progressStatus, 0), gte(events.date, fromDate)))
  ).map((row) => row.id);

/** Unpaid events (a cancelled order) whose templates are still on Meta: they go. */
export const listUnpaidEventsWithTemplates = async (db: Conn): Promise<string[]> =>
  (
    await db
      .selectDistinct({ id: events.id })
      .from(events)
      .innerJoin(whatsappTemplates, eq(whatsappTemplates.eventId, events.id))
      .where(and(eq(events.progressStatus, 0), ne(whatsappTemplates.status, 'deleted')))
  ).map((row) => row.id);

/**
 * Rows Meta has not answered about for a while (pending), that a crash left mid-create (submitting), or that Meta
 * paused (a pause ends by itself after hours: a lost webhook would keep the default going for good).
 */
export const listTemplatesToRecheck = async (db: Conn, before: Date, limit: number): Promise<WhatsAppTemplateRow[]> =>
  db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        inArray(whatsappTemplates.status, ['pending', 'submitting', 'paused']),
        lt(sql`coalesce(${whatsappTemplates.checkedAt}, ${whatsappTemplates.submittedAt}, ${whatsappTemplates.createdAt})`, before),
      ),
    )
    .orderBy(asc(whatsappTemplates.checkedAt))
    .limit(limit);

/** Templates of events whose day is before `beforeDate` (a calendar date), still on Meta. */
export const listTemplatesOfPastEvents = async (db: Conn, beforeDate: string, limit: number): Promise<WhatsAppTemplateRow[]> =>
  db
    .select({ row: whatsappTemplates })
    .from(whatsappTemplates)
    .innerJoin(events, eq(events.id, whatsappTemplates.eventId))
    .where(and(lt(events.date, beforeDate), ne(whatsappTemplates.status, 'deleted')))
    .orderBy(asc(whatsappTemplates.createdAt))
    .limit(limit)
    .then((rows) => rows.map((r) => r.row));

export const markTemplateDeleted = async (db: Conn, id: string): Promise<void> => {
  await db.update(whatsappTemplates).set({ status: 'deleted', checkedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(whatsappTemplates.id, id));
};

/** An event's templates still on Meta (the host deletes the event: they go first). */
export const listLiveTemplatesOfEvent = async (db: Conn, eventId: string): Promise<WhatsAppTemplateRow[]> =>
  db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.eventId, eventId), ne(whatsappTemplates.status, 'deleted')));

/** The template was made without its image header after all: the renderer must not send one. */
export const setTemplateWithoutImage = async (db: Conn, id: string): Promise<void> => {
  await db.update(whatsappTemplates).set({ withImage: false, updatedAt: sql`now()` }).where(eq(whatsappTemplates.id, id));
};
