import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PUBLIC_LINK_NEW_GUEST_BUDGET_DEFAULT, type Ask, type GuestSide, type SideLabels, type EventLocation, type EventNames, type HouseholdSplit, type HouseholdSplitMode, type InviteeStatus, type Lang, type MealCounts, type PublicLinkMode, type SpecialMeal, type WhatsappOverflowMode } from '@magiim/shared';
import { users } from './users.js';

/** The stored invitation image: its storage keys per width; URLs are built from them. */
export interface StoredEventImage {
  /** Storage key prefix of this version (a new upload gets a new prefix, so cached URLs never go stale). */
  prefix: string;
  /** width → storage key */
  sizes: Record<string, string>;
  width: number;
  height: number;
}

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    names: jsonb('names').$type<EventNames>().notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** HH:mm, Asia/Jerusalem. */
    time: text('time').notNull(),
    location: jsonb('location').$type<EventLocation>().notNull(),
    defaultLang: text('default_lang').$type<Lang>().notNull(),
    langs: text('langs').array().$type<Lang[]>().notNull(),
    rsvpStartDate: date('rsvp_start_date', { mode: 'string' }).notNull(),
    meals: jsonb('meals').$type<{ ask: Ask; options: SpecialMeal[] }>().notNull(),
    transport: jsonb('transport').$type<{ ask: Ask; options: string[] }>().notNull(),
    includeCallsPreference: boolean('include_calls_preference').notNull().default(false),
    /** 1 SMS, 3 WhatsApp (spec §3 message channel). */
    messageSystemPreference: smallint('message_system_preference').notNull().default(3),
    /** WhatsApp's daily tier spent mid-round: the rest by SMS, or by WhatsApp in the next day's window. */
    whatsappOverflow: text('whatsapp_overflow').$type<WhatsappOverflowMode>().notNull().default('sms'),
    /** 0: not paid and nothing sent; above 0: paid or started. */
    progressStatus: smallint('progress_status').notNull().default(0),
    orderPackageId: integer('order_package_id'),
    /** Guests the ordered package allows; null before a package is bought (guests are added freely). */
    inviteeLimit: integer('invitee_limit'),
    image: jsonb('image').$type<StoredEventImage>(),
    /** Random salt of the public invitation link; the link's token is derived from it with a server key. */
    publicSalt: text('public_salt'),
    /** Keyed hash of the public link's token, for lookup (the token itself is never stored). */
    publicTokenHash: text('public_token_hash'),
    /** Who may answer on the public link: nobody, phones already on the list, or new guests too. */
    publicLinkMode: text('public_link_mode').$type<PublicLinkMode>().notNull().default('open'),
    /** New guests from the public link wait for the host's approval before they count. */
    publicLinkApproveNewGuests: boolean('public_link_approve_new_guests').notNull().default(false),
    /** New guests the public link may add on its own; past it they wait for the host. */
    publicLinkNewGuestBudget: integer('public_link_new_guest_budget').notNull().default(PUBLIC_LINK_NEW_GUEST_BUDGET_DEFAULT),
    /** New guests the public link added (counted under the event's row lock; deleting one gives nothing back). */
    publicLinkNewGuestsUsed: integer('public_link_new_guests_used').notNull().default(0),
    /** Issue 31: the guest's page and direction message show the guest's table number. */
    showTablesToGuests: boolean('show_tables_to_guests').notNull().default(false),
    /** Issue 32: the labels of the couple's two sides (null: the translated defaults). */
    sideLabels: jsonb('side_labels').$type<SideLabels>(),
    /** Issue 32: the split asked of the people coming: none, adults and children, or men and women. */
    householdSplit: text('household_split').$type<HouseholdSplitMode>().notNull().default('none'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Issue 22: retention erased the guest data (guests, answers, messages, calls, images, expenses) six months after the date. */
    guestDataErasedAt: timestamp('guest_data_erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    uniqueIndex('events_public_token_hash_key').on(t.publicTokenHash),
    check('events_household_split_check', sql`${t.householdSplit} in ('none', 'adultsChildren', 'menWomen')`),
  ],
);
export type EventRow = typeof events.$inferSelect;

export const EVENT_ROLES = ['owner', 'cohost'] as const;
export type EventRole = (typeof EVENT_ROLES)[number];

/** Who may work on an event, and as what (owner today; co-hosts later). Every event call checks it. */
export const eventMembers = pgTable(
  'event_members',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<EventRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('event_members_user_idx').on(t.userId, t.eventId)],
);

export const guestGroups = pgTable(
  'guest_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // names are unique per event, trimmed and case-insensitive (the schema trims; the index folds case)
  (t) => [uniqueIndex('guest_groups_event_name_key').on(t.eventId, sql`lower(${t.name})`)],
);
export type GuestGroupRow = typeof guestGroups.$inferSelect;

// ── Seating (issue 31) ─────────────────────────────────────────────────────────
export const SEATING_TABLE_SHAPES_DB = ['round', 'rectangle', 'knight'] as const;
/** A table on the event's floor plan; a guest sits at one through `guests.table_id` (capacity 1–30, checked in SQL). */
export const seatingTables = pgTable(
  'seating_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    name: text('name'),
    capacity: smallint('capacity').notNull(),
    shape: text('shape').$type<(typeof SEATING_TABLE_SHAPES_DB)[number]>().notNull().default('round'),
    x: integer('x').notNull().default(0),
    y: integer('y').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seating_tables_event_number_key').on(t.eventId, t.number),
    check('seating_tables_capacity_check', sql`${t.capacity} between 1 and 30`),
    check('seating_tables_shape_check', sql`${t.shape} in ('round', 'rectangle', 'knight')`),
  ],
);
export type SeatingTableRow = typeof seatingTables.$inferSelect;

export const guests = pgTable(
  'guests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    /** E.164; unique per event. */
    phoneNumber: text('phone_number').notNull(),
    countOfInvites: smallint('count_of_invites').notNull().default(1),
    groupId: uuid('group_id').references(() => guestGroups.id, { onDelete: 'set null' }),
    /** Issue 31: the guest's table; deleting the table unseats the guest. */
    tableId: uuid('table_id').references(() => seatingTables.id, { onDelete: 'set null' }),
    /** Issue 32: the couple's side: 'a', 'b' or 'both'; null when not set. */
    side: text('side').$type<GuestSide>(),
    lang: text('lang').$type<Lang>().notNull(),
    askTransport: boolean('ask_transport').notNull().default(false),
    askMeals: boolean('ask_meals').notNull().default(false),
    comments: text('comments').notNull().default(''),
    status: text('status').$type<InviteeStatus>().notNull().default('pending'),
    viewedCount: integer('viewed_count').notNull().default(0),
    /** People coming, once the guest answered. */
    attending: smallint('attending'),
    /** Random salt of the personal invitation link; the token is derived from it with a server key. */
    inviteSalt: text('invite_salt'),
    /** Keyed hash of the personal link's token, for lookup (the token itself is never stored). */
    inviteTokenHash: text('invite_token_hash'),
    /**
     * Keyed hash of the short code of the guest's links in messages (`/i/<code>`, `/n/<code>`); the code is derived
     * from the salt with the server key, and set (or reset after a new salt) when messages are rendered.
     */
    shortCodeHash: text('short_code_hash'),
    /** The guest's latest answer on the page (status and attending above). */
    answerMeals: jsonb('answer_meals').$type<MealCounts>().notNull().default({}),
    /** Issue 32: the split of `attending` the guest told ({adults, children} or {men, women}, adding up to it); null: not told. */
    answerSplit: jsonb('answer_split').$type<HouseholdSplit>(),
    answerTransport: jsonb('answer_transport').$type<{ option: string } | null>(),
    /**
     * The guest is coming but was never asked this question (an answer by WhatsApp, SMS or call that did not ask
     * it): open, not "no ride needed" / "no special meal"; the host sees it open and the page asks it.
     */
    answerTransportOpen: boolean('answer_transport_open').notNull().default(false),
    answerMealsOpen: boolean('answer_meals_open').notNull().default(false),
    answerComments: text('answer_comments').notNull().default(''),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Answered, then answered differently (spec §4 changedDecision); the status keeps the latest answer. */
    changedDecision: boolean('changed_decision').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guests_event_phone_key').on(t.eventId, t.phoneNumber),
    index('guests_event_created_idx').on(t.eventId, t.createdAt, t.id),
    index('guests_event_name_idx').on(t.eventId, t.fullName, t.id),
    index('guests_event_status_idx').on(t.eventId, t.status),
    index('guests_event_group_idx').on(t.eventId, t.groupId),
    index('guests_table_idx').on(t.tableId),
    uniqueIndex('guests_invite_token_hash_key').on(t.inviteTokenHash),
    uniqueIndex('guests_short_code_hash_key').on(t.shortCodeHash),
    index('guests_event_answered_idx').on(t.eventId, t.answeredAt),
    // A reply from inside WhatsApp or SMS names only the phone: find its guests across events.
    index('guests_phone_idx').on(t.phoneNumber),
    check('guests_side_check', sql`${t.side} in ('a', 'b', 'both')`),
  ],
);
export type GuestRow = typeof guests.$inferSelect;
