import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Opaque bearer tokens; only a keyed hash of the token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** 'full', or 'verify_email': a session that may only ask for the verification e-mail again. */
    scope: text('scope', { enum: ['full', 'verify_email'] }).notNull().default('full'),
    platform: text('platform').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

// sign_in_link: `POST auth/ott`, a 2-minute link that takes the app's web view user to the system browser signed in.
export const USER_TOKEN_PURPOSES = ['verify_email', 'change_email', 'reset_password', 'sign_in_link'] as const;
export type UserTokenPurpose = (typeof USER_TOKEN_PURPOSES)[number];

/** Single-use tokens sent by e-mail: verification, e-mail change and password reset. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: USER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the token was sent to (for change_email: the new address). */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_tokens_token_hash_key').on(t.tokenHash),
    index('user_tokens_user_idx').on(t.userId, t.purpose),
    index('user_tokens_expires_idx').on(t.expiresAt),
  ],
);
