import { and, eq } from 'drizzle-orm';
import { giftAccounts } from '../../db/schema/dashboard.js';
import type { Db } from '../../platform/db.js';

/** The approved link of an event (messages and the guest page show it); null otherwise. */
export const findApprovedGiftLink = async (db: Db, eventId: string): Promise<string | null> =>
  (
    await db
      .select({ link: giftAccounts.link })
      .from(giftAccounts)
      .where(and(eq(giftAccounts.eventId, eventId), eq(giftAccounts.status, 'APPROVED')))
      .limit(1)
  )[0]?.link ?? null;
