import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';

/** Deletes in slices so a large backlog never holds locks or a transaction for long. Returns rows deleted. */
const deleteInSlices = async (db: Db, table: string, where: SQL, slice = 5_000): Promise<number> => {
  let total = 0;
  for (;;) {
    const result = await db.execute(
      sql`delete from ${sql.identifier(table)} where ctid in (select ctid from ${sql.identifier(table)} where ${where} limit ${slice})`,
    );
    const deleted = result.rowCount ?? 0;
    total += deleted;
    if (deleted < slice) return total;
  }
};

/** Expired sessions a day after expiry, revoked ones a week after revocation (kept briefly for support). */
export const deleteDeadSessions = (db: Db) =>
  deleteInSlices(db, 'sessions', sql`expires_at < now() - interval '1 day' or revoked_at < now() - interval '7 days'`);

/** E-mailed links a day after they were used or expired: by then they only say that a link once existed. */
export const deleteDeadUserTokens = (db: Db) =>
  deleteInSlices(db, 'user_tokens', sql`used_at < now() - interval '1 day' or expires_at < now() - interval '1 day'`);

export const deleteOldDevMail = (db: Db, days: number) =>
  deleteInSlices(db, 'dev_mailbox', sql`created_at < now() - make_interval(days => ${days})`);

/** A device that has not signed in for half a year no longer gets through an account lock. */
export const deleteStaleKnownDevices = (db: Db) =>
  deleteInSlices(db, 'known_devices', sql`last_sign_in_at < now() - interval '180 days'`);
