import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';

type Conn = Pick<Db, 'execute'>;

/** The event's guests whose short code is not stored yet (new guests, a new salt). */
export const listGuestsWithoutShortCode = async (db: Conn, eventId: string): Promise<{ id: string; salt: string }[]> =>
  (
    await db.execute<{ id: string; salt: string }>(sql`
      select id, invite_salt as salt from guests where event_id = ${eventId}::uuid and invite_salt is not null and short_code_hash is null`)
  ).rows;

/** Stores the hashes, each only while the salt it was derived from is still the guest's (a concurrent new link wins). */
export const storeShortCodeHashes = async (db: Conn, rows: { id: string; salt: string; hash: string }[]): Promise<void> => {
  if (rows.length === 0) return;
  await db.execute(sql`
    update guests set short_code_hash = v.hash
    from unnest(${sql.param(rows.map((r) => r.id))}::uuid[], ${sql.param(rows.map((r) => r.salt))}::text[], ${sql.param(rows.map((r) => r.hash))}::text[]) as v(id, salt, hash)
    where guests.id = v.id and guests.invite_salt = v.salt and guests.short_code_hash is null`);
};

export const findSaltByShortCodeHash = async (db: Conn, hash: string): Promise<string | null> =>
  (await db.execute<{ salt: string | null }>(sql`select invite_salt as salt from guests where short_code_hash = ${hash}`)).rows[0]?.salt ?? null;
