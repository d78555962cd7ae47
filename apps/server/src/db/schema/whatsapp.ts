import { boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Lang, TemplatePurpose, WhatsappOverflowMode } from '@magiim/shared';
import { events, guests } from './events.js';
import { messageTemplates, outboxMessages } from './messaging.js';

export type WhatsAppTemplateSource = 'custom' | 'default';
/** submitting: claimed before the create call (a crash leaves it for the sync to check by name). */
export type WhatsAppTemplateState = 'submitting' | 'pending' | 'approved' | 'rejected' | 'paused' | 'disabled' | 'deleted';

/**
 * An event's templates as created on Meta (MESSAGING_PROVIDER=whatsapp-cloud): one row per submitted text of a
 * (purpose, round, language), the host's own or the default. A new host text is a new row (a new Meta name).
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TemplatePurpose>().notNull(),
    round: smallint('round').notNull().default(1),
    lang: text('lang').$type<Lang>().notNull(),
    source: text('source').$type<WhatsAppTemplateSource>().notNull(),
    /** The host's text this was made from, and its revision (source custom). */
    messageTemplateId: uuid('message_template_id').references(() => messageTemplates.id, { onDelete: 'set null' }),
    revision: integer('revision'),
    /** The body as submitted (our {placeholders}). */
    text: text('text').notNull(),
    withImage: boolean('with_image').notNull().default(false),
    /** Meta's template name (lowercase, digits, _), unique in the account. */
    name: text('name').notNull(),
    /** Meta's template id, once created. */
    providerId: text('provider_id'),
    status: text('status').$type<WhatsAppTemplateState>().notNull().default('submitting'),
    /** The category Meta assigned (MARKETING, UTILITY), as it last said. */
    category: text('category'),
    reason: text('reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('whatsapp_templates_name_key').on(t.name),
    uniqueIndex('whatsapp_templates_provider_key').on(t.providerId),
    index('whatsapp_templates_slot_idx').on(t.eventId, t.purpose, t.round, t.lang, t.status),
    index('whatsapp_templates_status_idx').on(t.status, t.checkedAt),
  ],
);
export type WhatsAppTemplateRow = typeof whatsappTemplates.$inferSelect;

/**
 * A guest's WhatsApp conversation after a template: the 24-hour window their last message opened and the
 * follow-up question waiting for an answer (how many are coming, the meals).
 */
export const whatsappConversations = pgTable(
  'whatsapp_conversations',
  {
    guestId: uuid('guest_id')
      .primaryKey()
      .references(() => guests.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    /** The guest's last message to us: free-form messages may go until 24 hours after it. */
    windowOpenedAt: timestamp('window_opened_at', { withTimezone: true }).notNull(),
    /** The question waiting for the guest's answer: count, meals, ride (needed or not), pickup (which point), or null. */
    step: text('step').$type<'count' | 'split' | 'meals' | 'ride' | 'pickup'>(),
    /** The template message the conversation follows. */
    outboxId: uuid('outbox_id').references(() => outboxMessages.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_conversations_phone_idx').on(t.phoneNumber, t.windowOpenedAt)],
);

/** Unique WhatsApp recipients per Israeli calendar day, counted against WHATSAPP_DAILY_RECIPIENTS under this row's lock. */
export const whatsappRecipientDays = pgTable('whatsapp_recipient_days', {
  day: date('day').primaryKey(),
  used: integer('used').notNull().default(0),
});

export const whatsappDailyRecipients = pgTable(
  'whatsapp_daily_recipients',
  {
    day: date('day').notNull(),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.phoneNumber] })],
);

/** The host was told once per event and day that the tier was spent (and which way the rest goes). */
export const whatsappOverflowNotices = pgTable(
  'whatsapp_overflow_notices',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    mode: text('mode').$type<WhatsappOverflowMode>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] })],
);


/**
 * A guest who stopped marketing messages on WhatsApp (Meta's 131050) for this event: this event's later messages
 * to that phone go by SMS. Unlike message_opt_outs, SMS still reaches them.
 */
export const whatsappOptOuts = pgTable(
  'whatsapp_opt_outs',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** E.164, as on the guest list. */
    phoneNumber: text('phone_number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.phoneNumber] })],
);

/**
 * A guest WhatsApp reported as unreachable for this event (131026 and the other permanent recipient codes): the
 * event's later rounds, reminder and thanks go to them by SMS directly — at most one failed WhatsApp per guest
 * per event. Written with the failure (the same transaction or statement chain), read when freezing and sending.
 */
export const whatsappUnreachable = pgTable(
  'whatsapp_unreachable',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    /** Meta's code that said so (131026…). */
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.guestId] })],
);
