import { eq } from 'drizzle-orm';
import { evictUserSessions } from '../../platform/sessions/session-cache.js';
import type { Db } from '../../platform/db.js';
import { users, type UserRow } from '../../db/schema/users.js';

export const findUserById = async (db: Db, userId: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.id, userId)).limit(1))[0];

export const findUserByEmail = async (db: Db, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1))[0];

export const findUserByGoogleSub = async (db: Db, sub: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.googleSub, sub)).limit(1))[0];

/** Returns undefined when the e-mail is already taken (the unique index decides, so two requests cannot race). */
export const insertUser = async (db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> =>
  (await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning())[0];

export const updateUser = async (
  db: Db,
  userId: string,
  values: Partial<Pick<UserRow, 'fullName' | 'email' | 'passwordHash' | 'googleSub' | 'emailVerifiedAt' | 'pendingEmail' | 'lang' | 'guideTour'>>,
): Promise<UserRow | undefined> => {
  evictUserSessions(userId);
  const [row] = await db.update(users).set({ ...values, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
  evictUserSessions(userId);
  return row;
};

export const setUserBlocked = async (db: Db, userId: string, blocked: boolean): Promise<void> => {
  evictUserSessions(userId);
  await db.update(users).set({ blockedAt: blocked ? new Date() : null }).where(eq(users.id, userId));
};
