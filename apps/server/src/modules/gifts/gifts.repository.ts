import { and, eq } from 'drizzle-orm';
import type { EventNames, Lang, MaskedGiftRegistration } from '@magiim/shared';
import { giftAccounts, type GiftAccountStatus } from '../../db/schema/dashboard.js';
import { events } from '../../db/schema/events.js';
import type { Db } from '../../platform/db.js';

export type GiftAccountRow = typeof giftAccounts.$inferSelect;

export const findGiftAccount = async (db: Db, eventId: string): Promise<GiftAccountRow | undefined> =>
  (await db.select().from(giftAccounts).where(eq(giftAccounts.eventId, eventId)).limit(1))[0];

export const findEventName = async (db: Db, eventId: string): Promise<string | undefined> => {
  const row = (await db.select({ names: events.names, defaultLang: events.defaultLang }).from(events).where(eq(events.id, eventId)).limit(1))[0];
  if (!row) return undefined;
  return row.names[row.defaultLang] ?? Object.values(row.names).find(Boolean) ?? '';
};

/** A new registration (or one after a rejection) replaces the previous one: the decision fields are cleared. */
export const upsertRegistration = async (
  db: Db,
  eventId: string,
  values: { provider: string; providerRef: string; registrationSealed: string; registrationMasked: MaskedGiftRegistration; registeredBy: string },
): Promise<GiftAccountRow> => {
  const now = new Date();
  const fields = {
    status: 'REGISTERED' as GiftAccountStatus,
    reason: null,
    link: null,
    provider: values.provider,
    providerRef: values.providerRef,
    registrationSealed: values.registrationSealed,
    registrationMasked: values.registrationMasked as unknown as Record<string, unknown>,
    registeredBy: values.registeredBy,
    submittedAt: now,
    decidedAt: null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(giftAccounts)
    .values({ eventId, ...fields })
    .onConflictDoUpdate({ target: giftAccounts.eventId, set: fields })
    .returning();
  return row!;
};

/**
 * Records the provider's decision on the registration under review. `providerRef` (when given) must still be the
 * current one, so a late answer about a replaced registration changes nothing. Answers the updated row, or undefined.
 */
export const decideRegistration = async (
  db: Db,
  eventId: string,
  decision: { status: 'APPROVED'; link: string } | { status: 'REJECTED'; reason: string },
  providerRef?: string,
): Promise<GiftAccountRow | undefined> => {
  const now = new Date();
  const [row] = await db
    .update(giftAccounts)
    .set({
      status: decision.status,
      link: decision.status === 'APPROVED' ? decision.link : null,
      reason: decision.status === 'REJECTED' ? decision.reason : null,
      decidedAt: now,
      updatedAt: now,
    })
    .where(
      and(
        eq(giftAccounts.eventId, eventId),
        eq(giftAccounts.status, 'REGISTERED'),
        ...(providerRef ? [eq(giftAccounts.providerRef, providerRef)] : []),
      ),
    )
    .returning();
  return row;
};

export const listGiftAccounts = async (db: Db, status?: GiftAccountStatus): Promise<GiftAccountRow[]> =>
  db
    .select()
    .from(giftAccounts)
    .where(status ? eq(giftAccounts.status, status) : undefined)
    .orderBy(giftAccounts.submittedAt);

/** The event behind an approved sandbox gift link (its test page). */
export const findSandboxGiftEvent = async (db: Db, providerRef: string): Promise<{ names: EventNames; defaultLang: Lang } | undefined> =>
  (
    await db
      .select({ names: events.names, defaultLang: events.defaultLang })
      .from(giftAccounts)
      .innerJoin(events, eq(events.id, giftAccounts.eventId))
      .where(and(eq(giftAccounts.provider, 'sandbox'), eq(giftAccounts.status, 'APPROVED'), eq(giftAccounts.providerRef, providerRef)))
      .limit(1)
  )[0];

/** The event whose approved gift link carries this reference (a payment report names the link). */
export const findApprovedEventByRef = async (db: Db, providerRef: string): Promise<string | undefined> =>
  (
    await db
      .select({ eventId: giftAccounts.eventId })
      .from(giftAccounts)
      .where(and(eq(giftAccounts.status, 'APPROVED'), eq(giftAccounts.providerRef, providerRef)))
      .limit(1)
  )[0]?.eventId;
