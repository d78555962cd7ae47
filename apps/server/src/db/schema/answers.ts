import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AnswerSource, GuestAnswerStatus, HouseholdSplit, Lang, MealCounts, NotificationType, PublicAnswerReason, RsvpAnswer } from '@magiim/shared';
import { events, guests } from './events.js';

/** Every answer a guest gave, oldest to newest: the host's "guest answers" screen and changed decisions. */
export const guestAnswers = pgTable(
  'guest_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    status: text('status').$type<GuestAnswerStatus>().notNull(),
    previousStatus: text('previous_status').$type<GuestAnswerStatus>(),
    attending: smallint('attending'),
    /** Issue 32: the split of `attending` told with this answer; null: none. */
    split: jsonb('split').$type<HouseholdSplit>(),
    meals: jsonb('meals').$type<MealCounts>().notNull().default({}),
    transport: jsonb('transport').$type<{ option: string } | null>(),
    comments: text('comments').notNull().default(''),
    changed: boolean('changed').notNull().default(false),
    source: text('source').$type<AnswerSource>().notNull(),
    /** The name typed on the public page (public answers only): who answered for this guest. */
    typedName: text('typed_name'),
    /**
     * The order answers were stored in: taken by the insert, which runs while the guest's row lock is held, so
     * it follows the lock order. `created_at` is the transaction's start and does not.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guest_answers_event_seq_idx').on(t.eventId, t.seq),
    index('guest_answers_guest_seq_idx').on(t.guestId, t.seq),
    // The bell names who answered: a notification's answers are the event's rows between its first and latest.
    index('guest_answers_event_created_idx').on(t.eventId, t.createdAt),
  ],
);

/**
 * Public-link answers kept for the host instead of applied: a listed guest who had already answered, a count
 * above the guest's invitation, or a new phone waiting for approval (guest_id null). They count toward nothing
 * (cap, statistics, messages) until the host applies or approves them. One per phone per event: a newer
 * answer from the same phone replaces the older one.
 */
export const publicAnswers = pgTable(
  'public_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The listed guest the phone belongs to; null for a phone not on the list. */
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<PublicAnswerReason>().notNull(),
    /** E.164, as the guest would be stored once approved. */
    phoneNumber: text('phone_number').notNull(),
    typedName: text('typed_name').notNull(),
    lang: text('lang').$type<Lang>().notNull(),
    status: text('status').$type<RsvpAnswer>().notNull(),
    attending: smallint('attending'),
    /** Issue 32: the split of `attending` told with this answer; null: none. */
    split: jsonb('split').$type<HouseholdSplit>(),
    meals: jsonb('meals').$type<MealCounts>().notNull().default({}),
    transport: jsonb('transport').$type<{ option: string } | null>(),
    comments: text('comments').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('public_answers_event_phone_key').on(t.eventId, t.phoneNumber), index('public_answers_guest_idx').on(t.guestId)],
);

/**
 * The bell (spec §3). One unread row per event and type gathers a burst of answers (its count grows);
 * once read, the next answer starts a new row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    type: text('type').$type<NotificationType>().notNull(),
    count: smallint('count').notNull().default(1),
    messageSystem: smallint('message_system'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusDate: timestamp('status_date', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_unread_key').on(t.eventId, t.type).where(sql`${t.readAt} is null`),
    index('notifications_event_date_idx').on(t.eventId, t.statusDate),
  ],
);
