import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { GiftMethod, GiftSource } from '@magiim/shared';
import { events, guests } from './events.js';
import { users } from './users.js';

// ── Gift ledger (issue 32): gifts received, per guest; private to the event's hosts ──
export const giftLedgerEntries = pgTable(
  'gift_ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Null only for a gift-link payment whose payer's phone is on no guest of the event (the payer's name is kept). */
    guestId: uuid('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    /** A gift-link payer not on the list: the name the payer gave. */
    payerName: text('payer_name').notNull().default(''),
    /** Agorot, above 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    method: text('method').$type<GiftMethod>().notNull(),
    note: text('note').notNull().default(''),
    source: text('source').$type<GiftSource>().notNull(),
    /** An approved gift-link payment's reference: a payment is added once. */
    paymentRef: text('payment_ref'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_ledger_event_idx').on(t.eventId, t.createdAt),
    index('gift_ledger_guest_idx').on(t.guestId),
    uniqueIndex('gift_ledger_payment_key').on(t.eventId, t.paymentRef),
    check('gift_ledger_amount_check', sql`${t.amount} > 0`),
    check('gift_ledger_method_check', sql`${t.method} in ('cheque', 'cash', 'bankTransfer', 'bit', 'paybox', 'giftLink', 'other')`),
    check('gift_ledger_source_check', sql`${t.source} in ('host', 'import', 'giftLink')`),
  ],
);
export type GiftLedgerRow = typeof giftLedgerEntries.$inferSelect;
