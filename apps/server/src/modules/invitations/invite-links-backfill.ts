import { isNull, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { events, guests } from '../../db/schema/events.js';
import { newInviteLink } from '../events/invite-links.js';

const BATCH = 500;

/**
 * Rows from before invitation links existed get theirs (links need the server's key, so SQL cannot make them).
 * A no-op once every row has one; runs after the migrations.
 */
export const backfillInviteLinks = async (db: Db, pepper: string): Promise<void> => {
  for (const [table, kind, salt, hash] of [
    [guests, 'guest', 'invite_salt', 'invite_token_hash'],
    [events, 'public', 'public_salt', 'public_token_hash'],
  ] as const) {
    const saltColumn = table === guests ? guests.inviteSalt : events.publicSalt;
    for (;;) {
      const missing = await db.select({ id: table.id }).from(table).where(isNull(saltColumn)).limit(BATCH);
      if (missing.length === 0) break;
      const links = missing.map(() => newInviteLink(pepper, kind));
      await db.execute(sql`
        update ${table} set ${sql.raw(salt)} = v.salt, ${sql.raw(hash)} = v.hash
        from unnest(${sql.param(missing.map((row) => row.id))}::uuid[], ${sql.param(links.map((l) => l.salt))}::text[],
                    ${sql.param(links.map((l) => l.tokenHash))}::text[]) as v(id, salt, hash)
        where ${table}.id = v.id and ${sql.raw(salt)} is null`);
    }
  }
};
