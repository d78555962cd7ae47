import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events.js';
import { notifications } from './answers.js';
import { sessions } from './sessions.js';
import { users } from './users.js';

// ── Expenses (spec §3 Expense; `expenses/{id}`) ───────────────────────────────
/** The event's expense list version: `PUT expenses/{id}` replaces the list only at the version the host read. */
export const expenseLists = pgTable('expense_lists', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    supplierName: text('supplier_name').notNull().default(''),
    /** Agorot. */
    totalPayment: bigint('total_payment', { mode: 'number' }).notNull(),
    /** Agorot; never above totalPayment. */
    paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('expenses_event_idx').on(t.eventId, t.position)],
);

// ── Gift link (spec §3 gift account status, §4) ───────────────────────────────
export type GiftAccountStatus = 'NOT_REGISTERED' | 'REGISTERED' | 'APPROVED' | 'REJECTED';
/** One gift account per event. No row: NOT_REGISTERED. */
export const giftAccounts = pgTable('gift_accounts', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  status: text('status').$type<GiftAccountStatus>().notNull(),
  /** Why the provider rejected it (REJECTED). */
  reason: text('reason'),
  /** The guests' gift link (APPROVED). */
  link: text('link'),
  /** sandbox or managed. */
  provider: text('provider').notNull(),
  /** The provider's reference of the registration. */
  providerRef: text('provider_ref'),
  /** The registration (names, phone, e-mail, ID number, bank account) encrypted with the payload key. */
  registrationSealed: text('registration_sealed'),
  /** The same, masked for display (ID and account show their last digits only). */
  registrationMasked: jsonb('registration_masked').$type<Record<string, unknown>>(),
  registeredBy: uuid('registered_by').references(() => users.id, { onDelete: 'set null' }),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// ── Push notifications (`push-notifications/token`) ───────────────────────────
/** The mobile app's push token per user and device: replaced on change, removed at sign-out or when dead. */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that registered it: signing out of it removes the token. */
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /** The device (the app's device id header, else the session). */
    deviceKey: text('device_key').notNull(),
    platform: text('platform').notNull(),
    /** The token encrypted with the payload key (the push provider needs it back). */
    tokenSealed: text('token_sealed').notNull(),
    /** Keyed hash of the token: one row per token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_tokens_token_key').on(t.tokenHash), uniqueIndex('push_tokens_device_key').on(t.userId, t.deviceKey)],
);

/** Read state of a notification per member (co-hosts read their own bell). */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] }), index('notification_reads_user_idx').on(t.userId)],
);

// ── Co-hosts ──────────────────────────────────────────────────────────────────
/** An owner's invitation of a co-host by e-mail: a single-use link whose token is kept only as a keyed hash. */
export const cohostInvitations = pgTable(
  'cohost_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cohost_invitations_token_key').on(t.tokenHash),
    index('cohost_invitations_event_idx').on(t.eventId),
    uniqueIndex('cohost_invitations_open_key').on(t.eventId, t.email).where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/**
 * One push of a notification row to one token (keyed hash): written before the provider is called, so a retried
 * push job never pushes the same notification to the same token twice (at-most-once).
 */
export const pushSends = pgTable(
  'push_sends',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.tokenHash] })],
);
