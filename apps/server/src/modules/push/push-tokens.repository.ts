import { sql } from 'drizzle-orm';
import type { PushPlatform } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

export interface StoredPushToken {
  userId: string;
  sessionId: string;
  deviceKey: string;
  platform: PushPlatform;
  tokenSealed: string;
  tokenHash: string;
}

/**
 * One row per user and device, one row per token: a device's new token replaces its old one; a token already
 * registered elsewhere (another device, another user signed in on the same phone) moves here. Serialised per token
 * (advisory lock) so two registrations of one token cannot both insert.
 */
export const upsertPushToken = async (db: Db, row: StoredPushToken): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push-token:${row.tokenHash}`}))`);
    await tx.execute(sql`
      delete from push_tokens
      where token_hash = ${row.tokenHash} and (user_id <> ${row.userId}::uuid or device_key <> ${row.deviceKey})`);
    await tx.execute(sql`
      insert into push_tokens (user_id, session_id, device_key, platform, token_sealed, token_hash)
      values (${row.userId}::uuid, ${row.sessionId}::uuid, ${row.deviceKey}, ${row.platform}, ${row.tokenSealed}, ${row.tokenHash})
      on conflict (user_id, device_key) do update set
        session_id = excluded.session_id, platform = excluded.platform, token_sealed = excluded.token_sealed,
        token_hash = excluded.token_hash, updated_at = now()`);
  });
};

/** Sign-out of a session: the device that session registered gets no more pushes. */
export const deleteSessionPushTokens = async (db: Db, sessionId: string): Promise<void> => {
  await db.execute(sql`delete from push_tokens where session_id = ${sessionId}::uuid`);
};

/** A dead token (FCM forgot it): dropped, unless it was replaced meanwhile. */
export const deletePushToken = async (db: Db, id: string, tokenHash: string): Promise<void> => {
  await db.execute(sql`delete from push_tokens where id = ${id}::uuid and token_hash = ${tokenHash}`);
};
