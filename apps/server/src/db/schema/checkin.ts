import { boolean, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events, guests } from './events.js';
import { users } from './users.js';

// ── Check-in at the door (issue 31) ─────────────────────────────────────────────
/**
 * A guest's check-in code, apart from the invitation token: derived from the salt with a server key (so the guest's
 * page and message can show it again) and looked up through a keyed hash; the code itself is never stored.
 */
export const checkinCodes = pgTable(
  'checkin_codes',
  {
    guestId: uuid('guest_id')
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('checkin_codes_hash_key').on(t.codeHash), index('checkin_codes_event_idx').on(t.eventId)],
);

/** One row per arrived guest: the last count recorded stands (idempotent), undo deletes it. */
export const checkinArrivals = pgTable(
  'checkin_arrivals',
  {
    guestId: uuid('guest_id')
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    people: smallint('people').notNull(),
    /** Added at the door rather than invited. */
    walkIn: boolean('walk_in').notNull().default(false),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('checkin_arrivals_event_idx').on(t.eventId)],
);

/** An usher link: opens only this event's check-in screen; token stored as a keyed hash; revocable; expires. */
export const checkinUshers = pgTable(
  'checkin_ushers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The end of the day after the event, Asia/Jerusalem. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('checkin_ushers_token_hash_key').on(t.tokenHash), index('checkin_ushers_event_idx').on(t.eventId)],
);
