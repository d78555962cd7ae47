import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address asked for in the profile; it replaces `email` once verified. */
    pendingEmail: text('pending_email'),
    lang: text('lang').notNull().default('he'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAdult: boolean('confirmed_adult').notNull().default(true),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Issue 22: 'admin' only from the command line (`npm run admin -- user promote <email>`); never shown to hosts. */
    role: text('role').$type<'host' | 'admin'>().notNull().default('host'),
    /** The inactivity warning e-mail went (30 days before erasure); a sign-in clears it. */
    retentionWarnedAt: timestamp('retention_warned_at', { withTimezone: true }),
    /**
     * The account was deleted (by its owner, deregistered by an admin or erased for inactivity): the row stays as a
     * tombstone for the orders the tax law keeps, with its name, e-mail and password gone.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Spec §2: the guide tour is switched on after creating an event and off when the host finishes or skips it. */
    guideTour: boolean('guide_tour').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_sub_key').on(t.googleSub).where(sql`${t.googleSub} is not null`),
    index('users_last_active_idx').on(t.lastActiveAt),
  ],
);
export type UserRow = typeof users.$inferSelect;
