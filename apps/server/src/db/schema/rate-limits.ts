import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per counted attempt; a window's count is a range query on (bucket, created_at). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bucket: text('bucket').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_idx').on(t.bucket, t.createdAt)],
);
