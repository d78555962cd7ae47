import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export type WebhookSource = 'whatsapp' | 'sms-dlr' | 'sms-inbound' | 'sms-blacklist';

/**
 * Provider webhooks as received (after the signature or path-secret check), answered 200 at once and applied by
 * a job. An exact replay of a body is stored once; rows are kept a few days for support, then pruned.
 */
export const webhookInbox = pgTable(
  'webhook_inbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source').$type<WebhookSource>().notNull(),
    /** sha256 of the raw body (hex). */
    bodyHash: text('body_hash').notNull(),
    /** The raw body (JSON, or the form as received). */
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claimed by a processor (SKIP LOCKED); a claim older than its lease is taken again. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('webhook_inbox_body_key').on(t.source, t.bodyHash),
    index('webhook_inbox_pending_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);

/** Provider events already applied, by the provider's own id (an inbound wamid, a DLR's id+status): a retry is a no-op. */
export const processedWebhookEvents = pgTable(
  'processed_webhook_events',
  {
    source: text('source').notNull(),
    eventKey: text('event_key').notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.source, t.eventKey] }), index('processed_webhook_events_at_idx').on(t.processedAt)],
);
