import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { evictUserSessions } from '../../platform/sessions/session-cache.js';
import { sessions, userTokens, type UserTokenPurpose } from '../../db/schema/sessions.js';
import { users } from '../../db/schema/users.js';

export type { SessionScope } from '../../platform/sessions/session-lookup.js';
import type { SessionScope } from '../../platform/sessions/session-lookup.js';

export const insertSession = async (
  db: Db,
  values: { userId: string; tokenHash: string; scope: SessionScope; platform: string; ip: string | null; userAgent: string | null; expiresAt: Date },
): Promise<void> => {
  await db.insert(sessions).values(values);
  // Issue 22: a sign-in is activity, and it keeps an account the retention warning was about.
  if (values.scope === 'full') {
    await db.update(users).set({ lastActiveAt: new Date(), retentionWarnedAt: null }).where(eq(users.id, values.userId));
  }
};

export const revokeSession = async (db: Db, userId: string, sessionId: string): Promise<void> => {
  evictUserSessions(userId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
};

/** Revokes every session of the user, except `keepSessionId` when given. */
export const revokeUserSessions = async (db: Db, userId: string, keepSessionId?: string): Promise<void> => {
  evictUserSessions(userId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
};

export const insertUserToken = async (
  db: Db,
  values: { userId: string; purpose: UserTokenPurpose; tokenHash: string; email: string; expiresAt: Date },
): Promise<void> => {
  await db.insert(userTokens).values(values);
};

/** Marks the token used and returns it, in one statement, so a token works once even under concurrent use. */
export const consumeUserToken = async (db: Db, tokenHash: string, purposes: UserTokenPurpose[]) =>
  (
    await db
      .update(userTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(userTokens.tokenHash, tokenHash),
          isNull(userTokens.usedAt),
          gt(userTokens.expiresAt, sql`now()`),
          sql`${userTokens.purpose} in ${purposes}`,
        ),
      )
      .returning()
  )[0];

/** Earlier unused links of the same purpose stop working when a new one is sent. */
export const discardUserTokens = async (db: Db, userId: string, purpose: UserTokenPurpose): Promise<void> => {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
};

/** The token row whatever its state (used, expired), for telling "already used" apart from "never existed". */
export const findUserToken = async (db: Db, tokenHash: string, purposes: UserTokenPurpose[]) =>
  (
    await db
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.tokenHash, tokenHash), sql`${userTokens.purpose} in ${purposes}`))
      .limit(1)
  )[0];

/** True while the link is unused and unexpired; changes nothing. */
export const isUserTokenLive = async (db: Db, tokenHash: string, purpose: UserTokenPurpose): Promise<boolean> => {
  const row = await findUserToken(db, tokenHash, [purpose]);
  return !!row && !row.usedAt && row.expiresAt.getTime() > Date.now();
};

/** Every unused link of the user stops working. */
export const discardAllUserTokens = async (db: Db, userId: string): Promise<void> => {
  await db.update(userTokens).set({ usedAt: new Date() }).where(and(eq(userTokens.userId, userId), isNull(userTokens.usedAt)));
};
