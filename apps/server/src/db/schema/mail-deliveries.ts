import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per e-mail to send: its idempotency record and, until it is sent, the message sealed with the
 * payload key (the job row carries only this id). `sending` is written before the transport is called,
 * so a retry after a crash mid-send does not send twice; `sent` erases the sealed message.
 */
export const mailDeliveries = pgTable(
  'mail_deliveries',
  {
    id: uuid('id').primaryKey(),
    /** queued → sending → sent; `sending` found by a retry becomes `abandoned` (at most once). */
    status: text('status').notNull().default('queued'),
    sealed: text('sealed'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_deliveries_created_idx').on(t.createdAt)],
);
