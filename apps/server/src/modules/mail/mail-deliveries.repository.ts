import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { mailDeliveries } from '../../db/schema/mail-deliveries.js';

export const insertDelivery = async (db: Db, id: string, sealed: string): Promise<void> => {
  await db.insert(mailDeliveries).values({ id, sealed });
};

/** E-mail is off (MAIL_TRANSPORT=none): a record that the message was not sent, without the message. */
export const insertDroppedDelivery = async (db: Db, id: string): Promise<void> => {
  await db.insert(mailDeliveries).values({ id, sealed: null, status: 'dropped' });
};

/**
 * Claims a queued delivery for one attempt (one UPDATE, so two workers never both send) and returns its
 * sealed message; undefined when it was sent, is being sent, or is gone.
 */
export const claimDelivery = async (db: Db, id: string): Promise<string | undefined> => {
  const [row] = await db
    .update(mailDeliveries)
    .set({ status: 'sending', attempts: sql`${mailDeliveries.attempts} + 1`, attemptedAt: new Date() })
    .where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, 'queued')))
    .returning({ sealed: mailDeliveries.sealed });
  return row?.sealed ?? undefined;
};

/** The transport took it: keep the record, drop the message. */
export const markDeliverySent = async (db: Db, id: string): Promise<void> => {
  await db.update(mailDeliveries).set({ status: 'sent', sentAt: new Date(), sealed: null }).where(eq(mailDeliveries.id, id));
};

/** The transport refused it (nothing was sent): the next retry may try again. */
export const releaseDelivery = async (db: Db, id: string): Promise<void> => {
  await db.update(mailDeliveries).set({ status: 'queued' }).where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, 'sending')));
};

/** An attempt that never reported back may have been sent: give up on it and drop the message. */
export const abandonDelivery = async (db: Db, id: string): Promise<boolean> => {
  const rows = await db
    .update(mailDeliveries)
    .set({ status: 'abandoned', sealed: null })
    .where(and(eq(mailDeliveries.id, id), eq(mailDeliveries.status, 'sending')))
    .returning({ id: mailDeliveries.id });
  return rows.length > 0;
};

export const findDelivery = async (db: Db, id: string) =>
  (await db.select().from(mailDeliveries).where(eq(mailDeliveries.id, id)))[0];

export const deleteDeliveriesBefore = async (db: Db, before: Date): Promise<void> => {
  await db.delete(mailDeliveries).where(lt(mailDeliveries.createdAt, before));
};
