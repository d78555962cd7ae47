import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgSequence, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OrderKind, OrderStatus, PaymentMethod } from '@magiim/shared';
import { events } from './events.js';
import { users } from './users.js';

/** Price of each package and tier in agorot, VAT included; seeded by a migration, changed by the administration. */
export const packagePrices = pgTable(
  'package_prices',
  {
    packageId: smallint('package_id').notNull(),
    inviteeCount: integer('invitee_count').notNull(),
    price: integer('price').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.inviteeCount] })],
);

/** Percent or fixed amount (agorot), one of them; codes are stored upper-case. */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    percent: smallint('percent'),
    amount: integer('amount'),
    /** Total uses allowed; null: unlimited. */
    maxUses: integer('max_uses'),
    /** Paid orders that used it, counted in the same step that decides the limit. */
    uses: integer('uses').notNull().default(0),
    /** Last valid day (Asia/Jerusalem); null: no end. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** First valid day; null: from its creation. */
    startsOn: date('starts_on', { mode: 'string' }),
    /** Only for this package; null: any. */
    packageId: smallint('package_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_key').on(t.code)],
);
export type CouponRow = typeof coupons.$inferSelect;

/** Once per host: a row per host who paid with the coupon (the primary key refuses a second). */
export const couponUses = pgTable(
  'coupon_uses',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.userId] })],
);

export const orderNumbers = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: bigint('order_number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    // A paid event cannot be deleted; an unpaid one takes its unpaid orders with it.
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OrderKind>().notNull(),
    packageId: smallint('package_id').notNull(),
    inviteeCount: integer('invitee_count').notNull(),
    /** The tier's price, or for an upgrade the difference from what the event already bought (agorot). */
    subtotal: integer('subtotal').notNull(),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponDiscount: integer('coupon_discount').notNull().default(0),
    total: integer('total').notNull(),
    paidAmount: integer('paid_amount').notNull().default(0),
    status: text('status').$type<OrderStatus>().notNull().default('created'),
    paymentMethod: text('payment_method').$type<PaymentMethod>(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** `sandbox` or `cardcom`; the provider's page id and transaction id (each unique per provider). */
    provider: text('provider'),
    providerRef: text('provider_ref'),
    transactionId: text('transaction_id'),
    receiptUrl: text('receipt_url'),
    /** Language of the host's checkout (provider page, e-mails). */
    lang: text('lang').notNull().default('he'),
    cancelReason: text('cancel_reason'),
    refundAmount: integer('refund_amount'),
    refundId: text('refund_id'),
    /** The provider's page, answered again to a repeated identical order while this one is open. */
    checkoutUrl: text('checkout_url'),
    /** An upgrade's credit (the event's paid subtotals) when it was priced: the paid transition checks it again. */
    credit: integer('credit').notNull().default(0),
    /** Last time the reconciliation job asked the provider about this pending order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    /** Why money for this order matched nothing (status `needsAttention`): support reads it. */
    attentionReason: text('attention_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_number_key').on(t.orderNumber),
    uniqueIndex('orders_provider_ref_key').on(t.provider, t.providerRef),
    uniqueIndex('orders_provider_transaction_key').on(t.provider, t.transactionId),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_event_idx').on(t.eventId, t.status),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** The sandbox provider's own "hosted page" state: what the tester clicked (pay, decline, cancel). */
export const sandboxPayments = pgTable('sandbox_payments', {
  ref: text('ref').primaryKey(),
  orderId: uuid('order_id').notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  successUrl: text('success_url').notNull(),
  failUrl: text('fail_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  notifyUrl: text('notify_url').notNull(),
  outcome: text('outcome').$type<'pay' | 'decline' | 'cancel'>(),
  transactionId: text('transaction_id'),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});
