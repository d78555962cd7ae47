import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CallAttemptResult, CallScriptParts, Lang } from '@magiim/shared';
import { events, guests } from './events.js';
import { outboxMessages } from './messaging.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The host's own call script per event and language (spec §3 call template). No row: the default script. */
export const voiceTemplates = pgTable(
  'voice_templates',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    lang: text('lang').$type<Lang>().notNull(),
    parts: jsonb('parts').$type<CallScriptParts>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.lang] })],
);

/** Where a call attempt is: placing (intent recorded before the provider call), ringing, talking, or ended (result set). */
export type CallAttemptStatus = 'placing' | 'ringing' | 'talking' | 'ended';
/**
 * Where the keypad conversation is: the invitation and question, the count after 1, the count read back (confirm),
 * the household split (issue 32: how many children, or how many women), whether a ride is needed, which pickup
 * point, or over.
 */
export type CallStep = 'question' | 'count' | 'confirm' | 'split' | 'ride' | 'pickup' | 'done';

/**
 * One phone call to a guest of the call round: the guest's call-round row is the outbox row (action calls, channel 2,
 * type 4); each attempt has its own row, inserted before the provider call (the unique key makes a second worker's
 * attempt a no-op), so a guest is never called twice for the same attempt.
 */
export const callAttempts = pgTable(
  'call_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    outboxId: uuid('outbox_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    guestId: uuid('guest_id')
      .notNull()
      .references(() => guests.id, { onDelete: 'cascade' }),
    /** 1, 2 or 3. */
    attempt: smallint('attempt').notNull(),
    /** The guest's language at the time of the call. */
    lang: text('lang').$type<Lang>().notNull(),
    /** sandbox or twilio. */
    provider: text('provider').notNull(),
    /** The provider's call id (Twilio CallSid); null until placeCall answered. */
    providerCallId: text('provider_call_id'),
    status: text('status').$type<CallAttemptStatus>().notNull().default('placing'),
    result: text('result').$type<CallAttemptResult>(),
    /** Why a failed attempt failed (the provider's code; notPlaced: the provider never had the call, so it did not count). */
    reason: text('reason'),
    /** The provider's machine-detection verdict (human, machine_start…). */
    answeredBy: text('answered_by'),
    step: text('step').$type<CallStep>().notNull().default('question'),
    /** Prompts in a row that got no key (two: thanked and hung up, counted as silence). */
    silences: smallint('silences').notNull().default(0),
    /** The answer taken from the keypad (approved, declined, maybe) and the count with approved. */
    answerStatus: text('answer_status'),
    answerAttending: smallint('answer_attending'),
    /** The count keyed and read back, waiting for 1 (confirm) or 2 (enter again). */
    pendingCount: smallint('pending_count'),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    /** The provider's last status event time applied (older ones never move the row back). */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** When the provider was last asked about this attempt (recovery after a crash). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('call_attempts_once_key').on(t.outboxId, t.attempt),
    uniqueIndex('call_attempts_provider_key').on(t.provider, t.providerCallId),
    // The calls on the wire (the concurrency cap counts these) and those to re-read after a crash.
    index('call_attempts_active_idx').on(t.placedAt).where(sql`${t.status} <> 'ended'`),
    index('call_attempts_event_idx').on(t.eventId, t.guestId),
    // /metrics counts the last day's attempts by status.
    index('call_attempts_placed_idx').on(t.placedAt),
  ],
);
export type CallAttemptRow = typeof callAttempts.$inferSelect;

/** Rendered speech by a keyed hash of provider, voice and text: the preview and `<Play>` read it again for free. */
export const ttsAudioCache = pgTable(
  'tts_audio_cache',
  {
    key: text('key').primaryKey(),
    contentType: text('content_type').notNull(),
    audio: bytea('audio').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tts_audio_cache_used_idx').on(t.lastUsedAt)],
);

/** The sandbox voice provider's calls (development): what the simulated guest heard and pressed. */
export const sandboxCalls = pgTable(
  'sandbox_calls',
  {
    id: text('id').primaryKey(),
    /** Our call attempt. */
    attemptId: uuid('attempt_id').notNull(),
    to: text('to').notNull(),
    lang: text('lang').$type<Lang>().notNull(),
    /** Twilio's words: queued, ringing, in-progress, completed, busy, no-answer, failed, canceled. */
    status: text('status').notNull(),
    /** auto: a scripted guest by the phone's last digit; manual: played on the dev page. */
    mode: text('mode').notNull(),
    /** [{at, who: 'call' | 'guest', text}] */
    transcript: jsonb('transcript').$type<{ at: string; who: 'call' | 'guest'; text: string }[]>().notNull().default([]),
    /** Whatever else the sandbox keeps (the current prompt, answered by…). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_calls_created_idx').on(t.createdAt), index('sandbox_calls_attempt_idx').on(t.attemptId)],
);
