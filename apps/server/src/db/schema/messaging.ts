import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ActionState, Lang, MessageState, TemplatePurpose, TemplateStatus, TimedAction } from '@magiim/shared';
import { events, guests } from './events.js';

/** The host's own text per event, purpose, round and language (spec §4 lifecycle). No row: the default text. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TemplatePurpose>().notNull(),
    /** 1: round 1 and every round without its own text (and direction/thanks); 2 or 3: that round's own text. */
    round: smallint('round').notNull().default(1),
    lang: text('lang').$type<Lang>().notNull(),
    text: text('text').notNull(),
    status: text('status').$type<TemplateStatus>().notNull(),
    reason: text('reason'),
    /** The provider's id of the submitted template (WhatsApp template name), once submitted. */
    providerTemplateId: text('provider_template_id'),
    /** Bumped on every submission; a review answer for an older submission is ignored. */
    revision: integer('revision').notNull().default(1),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('message_templates_key').on(t.eventId, t.purpose, t.round, t.lang)],
);
export type MessageTemplateRow = typeof messageTemplates.$inferSelect;

/** When each action goes (spec §2 guest/timing); created with the defaults when the event is created or first read. */
export const actionTimings = pgTable(
  'action_timings',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    action: text('action').$type<TimedAction>().notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Set by the host by hand: a new RSVP start date no longer moves it. */
    custom: boolean('custom').notNull().default(false),
    /** Issue 32 (thanks): only to the guests with a gift recorded. */
    onlyGivers: boolean('only_givers').notNull().default(false),
    state: text('state').$type<ActionState>().notNull().default('scheduled'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.action] }), index('action_timings_due_idx').on(t.state, t.sendAt)],
);
export type ActionTimingRow = typeof actionTimings.$inferSelect;

/** Sending of one event paused by the host (`POST actionTiming/{id}/pause`). */
export const messagingPauses = pgTable('messaging_pauses', {
  eventId: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  pausedAt: timestamp('paused_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: one row per guest, action, wave and channel, frozen when the action starts (the unique key makes
 * a second freeze, a second worker or a duplicated job a no-op). A row is claimed before the provider call and
 * its state checked on every retry, so a guest never gets the same action twice.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    action: text('action').$type<TimedAction>().notNull(),
    /** 0: the action itself; 1, 2…: a host's "resend to those who did not read" / "retry failed". */
    wave: smallint('wave').notNull().default(0),
    /** Spec §3 guest message type: invitation 1, reminder 2, thanks 3, call 4. */
    type: smallint('type').notNull(),
    /** 1 SMS, 2 call, 3 WhatsApp. */
    channel: smallint('channel').notNull(),
    /** The WhatsApp row this SMS falls back from. */
    fallbackOf: uuid('fallback_of'),
    state: text('state').$type<MessageState>().notNull().default('queued'),
    reason: text('reason'),
    /** The text as sent (placeholders filled), kept for the host's history. */
    text: text('text'),
    smsParts: smallint('sms_parts'),
    /** Set in the same statement that claims the row for a send; a claim older than the lease is retried after a status check. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * Set right before the provider call (with the claim's renewal) and cleared when the claim is given back: a
     * claim taken over while this is null never reached the provider, so it is sent without a lookup.
     */
    callStartedAt: timestamp('call_started_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    /** Not before this moment (quiet hours, retry back-off, pacing). */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    providerMessageId: text('provider_message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** When the provider was last asked about this row (SMS status queries confirming an unsigned report). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('outbox_messages_once_key').on(t.guestId, t.action, t.wave, t.channel),
    index('outbox_messages_ready_idx').on(t.notBefore).where(sql`${t.state} = 'queued'`),
    index('outbox_messages_ready_event_idx').on(t.channel, t.eventId, t.notBefore).where(sql`${t.state} = 'queued'`),
    index('outbox_messages_event_action_idx').on(t.eventId, t.action, t.state),
    index('outbox_messages_guest_idx').on(t.guestId, t.createdAt),
    // /metrics counts the last day's messages by channel and state (created_at never changes: updates stay HOT).
    index('outbox_messages_created_idx').on(t.createdAt),
    uniqueIndex('outbox_messages_provider_key').on(t.channel, t.providerMessageId),
    // WhatsApp messages still waiting for `delivered` (the delivery timeout's sweep); those given their SMS
    // (noDelivery, or uncertainSms for a send whose outcome was unknown) drop out.
    index('outbox_messages_whatsapp_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.channel} = 3 and ${t.state} = 'sent' and coalesce(${t.reason}, '') not in ('noDelivery', 'uncertainSms')`),
  ],
);
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;

/** A guest who asked not to be messaged ('הסר', stop…): never again for that event, on any channel. */
export const messageOptOuts = pgTable(
  'message_opt_outs',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** E.164, as on the guest list. */
    phoneNumber: text('phone_number').notNull(),
    /** sms, whatsapp or page. */
    via: text('via').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.phoneNumber] })],
);

/**
 * One token bucket per channel, shared by every worker process: a dispatcher takes tokens and refills the
 * bucket in one locked UPDATE, so the whole system holds the channel's configured rate.
 */
export const messagingRateBuckets = pgTable('messaging_rate_buckets', {
  channel: smallint('channel').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When each event's ready messages were last served on a channel: the least recently served event goes first. */
export const messagingEventTurns = pgTable(
  'messaging_event_turns',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    servedAt: timestamp('served_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.channel] })],
);
