import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { userTokens } from '../../db/schema/sessions.js';
import { consumeUserToken, insertUserToken } from './auth.repository.js';

const PURPOSE = 'sign_in_link' as const;

/** Stores a sign-in link's keyed hash (never the token) for its owner. */
export const insertSignInLink = (db: Db, values: { userId: string; tokenHash: string; email: string; expiresAt: Date }): Promise<void> =>
  insertUserToken(db, { ...values, purpose: PURPOSE });

/** Marks the link used and returns it in one statement: of two parallel redemptions exactly one gets the row. */
export const consumeSignInLink = (db: Db, tokenHash: string) => consumeUserToken(db, tokenHash, [PURPOSE]);

/** Expired links of this user are useless: they go when the user asks for a new one. */
export const deleteExpiredSignInLinks = async (db: Db, userId: string): Promise<void> => {
  await db
    .delete(userTokens)
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, PURPOSE), lte(userTokens.expiresAt, sql`now()`)));
};
