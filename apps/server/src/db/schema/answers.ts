import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GuestAnswerStatus, MealCounts, NotificationType } from '@magiim/shared';
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
    meals: jsonb('meals').$type<MealCounts>().notNull().default({}),
    transport: jsonb('transport').$type<{ option: string } | null>(),
    comments: text('comments').notNull().default(''),
    changed: boolean('changed').notNull().default(false),
    source: text('source').$type<'personal' | 'public'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('guest_answers_event_created_idx').on(t.eventId, t.createdAt), index('guest_answers_guest_idx').on(t.guestId, t.createdAt)],
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
