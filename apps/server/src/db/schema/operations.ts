import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Issue 22: every admin action (console or command line): who, what, when, why. Never deleted by retention. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: the command line (`npm run admin`). */
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. `user.block`, `user.deregister`, `user.promote`, `gift.approve`, `coupon.create`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    /** Non-personal details of the action (counts, codes); never a token or a guest's data. */
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt), index('admin_audit_log_target_idx').on(t.targetType, t.targetId)],
);

/** Issue 22: each retention run and what it erased (counts only). */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `daily` (the job) or `cli` (`npm run admin -- retention run`). */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** e.g. { events: 3, guests: 412, answers: 380, messages: 1200, callAttempts: 40, images: 2, expenses: 9, accountsWarned: 1, accountsErased: 0 }. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    error: text('error'),
    durationMs: integer('duration_ms'),
  },
  (t) => [index('retention_runs_started_idx').on(t.startedAt)],
);
