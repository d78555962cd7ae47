import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Outside production, with no SMTP_URL, sent e-mail lands here and is shown at /dev/mailbox. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt), index('dev_mailbox_created_idx').on(t.createdAt)],
);
