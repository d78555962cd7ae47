import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { EventNames, Lang, OrderStatus, PaymentMethod } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import { couponUses, coupons, orders, packagePrices, type CouponRow, type OrderRow } from '../../db/schema/billing.js';
import { events, guests } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

// ── prices ─────────────────────────────────────────────────────────────────────
export const listPrices = async (db: Conn) =>
  db
    .select({ packageId: packagePrices.packageId, inviteeCount: packagePrices.inviteeCount, price: packagePrices.price })
    .from(packagePrices)
    .orderBy(asc(packagePrices.packageId), asc(packagePrices.inviteeCount));

export const findPrice = async (db: Conn, packageId: number, inviteeCount: number): Promise<number | undefined> =>
  (
    await db
      .select({ price: packagePrices.price })
      .from(packagePrices)
      .where(and(eq(packagePrices.packageId, packageId), eq(packagePrices.inviteeCount, inviteeCount)))
  )[0]?.price;

// ── coupons ────────────────────────────────────────────────────────────────────
export const findCouponByCode = async (db: Conn, code: string): Promise<CouponRow | undefined> =>
  (await db.select().from(coupons).where(eq(coupons.code, code)).limit(1))[0];

/** Holds the coupon row: orders reserving it are decided one after another. */
export const lockCoupon = async (tx: Tx, couponId: string): Promise<CouponRow | undefined> =>
  (await tx.select().from(coupons).where(eq(coupons.id, couponId)).for('update'))[0];

export const hasHostUsedCoupon = async (db: Conn, couponId: string, userId: string): Promise<boolean> =>
  (await db.select({ id: couponUses.couponId }).from(couponUses).where(and(eq(couponUses.couponId, couponId), eq(couponUses.userId, userId))).limit(1))
    .length > 0;

/** Statuses in which an order holds its coupon: open, paid, or money taken that support still has to decide. */
const HOLDING_COUPON: OrderStatus[] = ['created', 'pending', 'paid', 'needsAttention'];

/** The host's orders carrying the coupon on any event (once per host), leaving out the open ones of `exceptEventId`. */
export const countHostOrdersWithCoupon = async (db: Conn, couponId: string, userId: string, exceptEventId?: string): Promise<number> =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.couponId, couponId),
          eq(orders.userId, userId),
          inArray(orders.status, HOLDING_COUPON),
          exceptEventId ? sql`not (${orders.eventId} = ${exceptEventId} and ${orders.status} in ('created', 'pending'))` : undefined,
        ),
      )
  )[0]?.n ?? 0;

/** Open orders of every host carrying the coupon (paid ones are in `coupons.uses`). */
export const countOpenOrdersWithCoupon = async (db: Conn, couponId: string, exceptEventId?: string): Promise<number> =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(
        and(
          eq(orders.couponId, couponId),
          inArray(orders.status, ['created', 'pending']),
          exceptEventId ? ne(orders.eventId, exceptEventId) : undefined,
        ),
      )
  )[0]?.n ?? 0;

/** Counts a use unless the limit is reached, in the statement that decides it. */
export const countCouponUse = async (tx: Tx, couponId: string): Promise<boolean> =>
  (
    await tx
      .update(coupons)
      .set({ uses: sql`${coupons.uses} + 1` })
      .where(and(eq(coupons.id, couponId), sql`(${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})`))
      .returning({ id: coupons.id })
  ).length > 0;

export const insertCouponUse = async (tx: Tx, couponId: string, userId: string, orderId: string): Promise<boolean> =>
  (await tx.insert(couponUses).values({ couponId, userId, orderId }).onConflictDoNothing().returning({ id: couponUses.couponId })).length > 0;

// ── orders ─────────────────────────────────────────────────────────────────────
/** An order with what its answer shows of the event. */
export interface OrderWithEvent {
  order: OrderRow;
  event: { names: EventNames; defaultLang: Lang; date: string; rsvpStartDate: string };
}

const eventColumns = { names: events.names, defaultLang: events.defaultLang, date: events.date, rsvpStartDate: events.rsvpStartDate };

export type NewOrderValues = Pick<
  typeof orders.$inferInsert,
  'eventId' | 'userId' | 'kind' | 'packageId' | 'inviteeCount' | 'subtotal' | 'couponId' | 'couponDiscount' | 'total' | 'lang' | 'credit'
>;

export const insertOrder = async (tx: Conn, values: NewOrderValues): Promise<OrderRow> => {
  const [row] = await tx.insert(orders).values(values).returning();
  if (!row) throw new Error('order insert returned no row');
  return row;
};

export const findOrderOfUser = async (db: Conn, orderId: string, userId: string): Promise<OrderWithEvent | undefined> =>
  (
    await db
      .select({ order: orders, event: eventColumns })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
  )[0];

export const findOrderWithEvent = async (db: Conn, orderId: string): Promise<OrderWithEvent | undefined> =>
  (
    await db
      .select({ order: orders, event: eventColumns })
      .from(orders)
      .innerJoin(events, eq(events.id, orders.eventId))
      .where(eq(orders.id, orderId))
  )[0];

export const findOrderByProviderRef = async (db: Conn, provider: string, providerRef: string): Promise<OrderRow | undefined> =>
  (await db.select().from(orders).where(and(eq(orders.provider, provider), eq(orders.providerRef, providerRef))).limit(1))[0];

/** The caller's orders, newest first (the service sorts them into active and closed). */
export const listOrdersOfUser = async (db: Conn, userId: string, limit: number): Promise<OrderWithEvent[]> =>
  db
    .select({ order: orders, event: eventColumns })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(limit);

export const listPaidOrdersOfEvent = async (db: Conn, eventId: string): Promise<OrderRow[]> =>
  db.select().from(orders).where(and(eq(orders.eventId, eventId), eq(orders.status, 'paid'))).orderBy(asc(orders.createdAt));

/** The event's orders still being paid, newest first (a few: asked of the provider before a new order). */
export const listPendingOrdersOfEvent = async (db: Conn, eventId: string, since: Date, limit: number): Promise<OrderRow[]> =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, 'pending'), gt(orders.createdAt, since)))
    .orderBy(desc(orders.createdAt))
    .limit(limit);

export const lockPaidOrdersOfEvent = async (tx: Tx, eventId: string): Promise<OrderRow[]> =>
  tx.select().from(orders).where(and(eq(orders.eventId, eventId), eq(orders.status, 'paid'))).orderBy(asc(orders.createdAt)).for('update');

export const lockOrder = async (tx: Tx, orderId: string): Promise<OrderRow | undefined> =>
  (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0];

/**
 * The provider's page is recorded before the host is sent there (created → pending). An order superseded while
 * its page was being made still gets the page's id, so money paid there is found and refunded.
 */
export const setOrderPending = async (db: Conn, orderId: string, provider: string, providerRef: string, checkoutUrl: string): Promise<OrderRow | undefined> =>
  (
    await db
      .update(orders)
      .set({ status: sql`case when ${orders.status} = 'created' then 'pending' else ${orders.status} end`, provider, providerRef, checkoutUrl, updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning()
  )[0];

/** The event's open orders (created or pending), held: a new order of the event is decided against them. */
export const lockOpenOrdersOfEvent = async (tx: Tx, eventId: string): Promise<OrderRow[]> =>
  tx
    .select()
    .from(orders)
    .where(and(eq(orders.eventId, eventId), inArray(orders.status, ['created', 'pending'])))
    .orderBy(asc(orders.createdAt))
    .for('update');

/**
 * Closes the event's open orders (a newer order supersedes them; a cancellation of the package closes its open
 * upgrades as `cancelled`). Their coupon uses come back, since only open and paid orders hold one.
 */
export const closeOpenOrdersOfEvent = async (tx: Tx, eventId: string, status: Extract<OrderStatus, 'superseded' | 'cancelled'>): Promise<OrderRow[]> =>
  tx
    .update(orders)
    .set({ status, updatedAt: sql`now()` })
    .where(and(eq(orders.eventId, eventId), inArray(orders.status, ['created', 'pending'])))
    .returning();

/** created/pending → failed, cancelled or abandoned; a settled order is left as it is (undefined). */
export const closeUnpaidOrder = async (db: Conn, orderId: string, status: Extract<OrderStatus, 'failed' | 'cancelled' | 'abandoned'>): Promise<OrderRow | undefined> =>
  (
    await db
      .update(orders)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), inArray(orders.status, ['created', 'pending'])))
      .returning()
  )[0];

export interface PaidValues {
  paidAmount: number;
  paymentMethod: PaymentMethod;
  cardBrand: string | null;
  cardLast4: string | null;
  transactionId: string | null;
  receiptUrl: string | null;
}

export const markOrderPaid = async (tx: Tx, orderId: string, values: PaidValues): Promise<OrderRow | undefined> =>
  (
    await tx
      .update(orders)
      .set({ ...values, status: 'paid', paidAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, orderId))
      .returning()
  )[0];

/**
 * Money came for an order that buys nothing more (superseded, the event already bought it, the credit of an
 * upgrade changed): what was charged is recorded with its refund intent (all of it), before the provider is asked.
 * The order is closed as superseded and turns `refunded` once the provider answered.
 */
export const markMoneyToRefund = async (tx: Tx, orderId: string, values: PaidValues, reason: string): Promise<OrderRow | undefined> =>
  (
    await tx
      .update(orders)
      .set({
        ...values,
        status: sql`case when ${orders.status} in ('created', 'pending', 'failed', 'cancelled', 'abandoned') then 'superseded' else ${orders.status} end`,
        paidAt: sql`now()`,
        refundAmount: values.paidAmount,
        cancelReason: reason,
        cancelledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), isNull(orders.refundAmount)))
      .returning()
  )[0];

/** The automatic refund was made: the order is `refunded`. */
export const markMoneyRefunded = async (db: Conn, orderId: string, refundId: string): Promise<void> => {
  await db
    .update(orders)
    .set({ refundId, status: 'refunded', updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), ne(orders.status, 'paid')));
};

/** Money that matches no order (amount, currency, a closed order) or a refund that could not be made: support decides. */
export const markNeedsAttention = async (db: Conn, orderId: string, values: PaidValues | null, reason: string): Promise<OrderRow | undefined> =>
  (
    await db
      .update(orders)
      .set({
        ...(values ?? {}),
        ...(values ? { paidAt: sql`now()` } : {}),
        status: 'needsAttention',
        attentionReason: reason.slice(0, 500),
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), ne(orders.status, 'paid')))
      .returning()
  )[0];

// ── reconciliation ─────────────────────────────────────────────────────────────
/**
 * Claims the pending orders the job asks the provider about now: in their first hour when the last ask (or the
 * order) is `firstHourRecheckMinutes` old, then when it is `laterRecheckMinutes` old, until a day. The claim
 * stamps the ask in the same statement and skips rows another run holds, so two workers never ask twice.
 */
export const claimOrdersDueForCheck = async (
  db: Conn,
  options: { now: Date; firstHourRecheckMinutes: number; laterRecheckMinutes: number; limit: number },
): Promise<OrderRow[]> => {
  const { now } = options;
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const lastAsked = sql`coalesce(${orders.checkedAt}, ${orders.createdAt})`;
  const due = db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'pending'),
        gt(orders.createdAt, minutesAgo(24 * 60)),
        or(
          and(gt(orders.createdAt, minutesAgo(60)), sql`${lastAsked} <= ${minutesAgo(options.firstHourRecheckMinutes)}`),
          sql`${lastAsked} <= ${minutesAgo(options.laterRecheckMinutes)}`,
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(options.limit)
    .for('update', { skipLocked: true });
  const claimed = await db.update(orders).set({ checkedAt: now }).where(inArray(orders.id, due)).returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
};

/** Orders still open a day after they were written: the job asks once more, then closes them as abandoned. */
export const listOpenOrdersOlderThan = async (db: Conn, before: Date, limit: number): Promise<OrderRow[]> =>
  db
    .select()
    .from(orders)
    .where(and(inArray(orders.status, ['created', 'pending']), lte(orders.createdAt, before)))
    .orderBy(asc(orders.createdAt))
    .limit(limit);

/** Automatic refunds whose answer never came (a crash after the intent): a person checks them with the provider. */
export const listStuckAutomaticRefunds = async (db: Conn, before: Date, limit: number): Promise<OrderRow[]> =>
  db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'superseded'), sql`${orders.refundAmount} is not null`, isNull(orders.refundId), lte(orders.updatedAt, before)))
    .limit(limit);

/** The refund intent: written before the provider is asked, so a second cancellation never refunds twice. */
export const markRefundIntent = async (tx: Tx, orderId: string, refundAmount: number, reason: string): Promise<void> => {
  await tx
    .update(orders)
    .set({ refundAmount, cancelReason: reason, cancelledAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNull(orders.refundAmount)));
};

export const clearRefundIntent = async (db: Conn, orderId: string): Promise<void> => {
  await db
    .update(orders)
    .set({ refundAmount: null, cancelReason: null, cancelledAt: null, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'paid'), isNull(orders.refundId)));
};

export const setRefundId = async (db: Conn, orderId: string, refundId: string): Promise<void> => {
  await db.update(orders).set({ refundId, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
};

export const markOrdersRefunded = async (tx: Tx, orderIds: string[]): Promise<void> => {
  if (orderIds.length === 0) return;
  await tx
    .update(orders)
    .set({ status: 'refunded', updatedAt: sql`now()` })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'paid')));
};

// ── the event and its guests ──────────────────────────────────────────────────
export interface BillingEvent {
  id: string;
  names: EventNames;
  defaultLang: Lang;
  date: string;
  rsvpStartDate: string;
  progressStatus: number;
  orderPackageId: number | null;
  inviteeLimit: number | null;
}

const billingEventColumns = {
  id: events.id,
  names: events.names,
  defaultLang: events.defaultLang,
  date: events.date,
  rsvpStartDate: events.rsvpStartDate,
  progressStatus: events.progressStatus,
  orderPackageId: events.orderPackageId,
  inviteeLimit: events.inviteeLimit,
};

export const findBillingEvent = async (db: Conn, eventId: string): Promise<BillingEvent | undefined> =>
  (await db.select(billingEventColumns).from(events).where(eq(events.id, eventId)))[0];

/** The same lock the guest list takes to add guests: an insert is either before the payment or after it. */
export const lockBillingEvent = async (tx: Tx, eventId: string): Promise<BillingEvent | undefined> =>
  (await tx.select(billingEventColumns).from(events).where(eq(events.id, eventId)).for('update'))[0];

/**
 * The event held against a payment (which takes it `for update`) while an order is written: locks are then
 * always taken event first, coupon second, and a payment and a new order of one event never deadlock.
 */
export const shareBillingEvent = async (tx: Tx, eventId: string): Promise<BillingEvent | undefined> =>
  (await tx.select(billingEventColumns).from(events).where(eq(events.id, eventId)).for('key share'))[0];

export const countEventGuests = async (db: Conn, eventId: string): Promise<number> =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(guests).where(eq(guests.eventId, eventId)))[0]?.n ?? 0;

/** Paid: the process may start; a later, larger order only ever widens the package. */
export const markEventPaid = async (tx: Tx, eventId: string, packageId: number, inviteeCount: number): Promise<void> => {
  await tx
    .update(events)
    .set({
      progressStatus: sql`greatest(${events.progressStatus}, 1)`,
      orderPackageId: sql`greatest(coalesce(${events.orderPackageId}, 0), ${packageId})`,
      inviteeLimit: sql`greatest(coalesce(${events.inviteeLimit}, 0), ${inviteeCount})`,
      updatedAt: sql`now()`,
    })
    .where(eq(events.id, eventId));
  await tx
    .update(guests)
    .set({ status: 'inProgress', updatedAt: sql`now()` })
    .where(and(eq(guests.eventId, eventId), eq(guests.status, 'pending')));
};

/** A cancellation whose refund was refused: the event is paid again for what its paid orders bought. */
export const markEventPaidAgain = async (tx: Tx, eventId: string): Promise<void> => {
  const paid = await lockPaidOrdersOfEvent(tx, eventId);
  if (paid.length === 0) return;
  await markEventPaid(tx, eventId, Math.max(...paid.map((order) => order.packageId)), Math.max(...paid.map((order) => order.inviteeCount)));
};

/** Cancelled before the RSVP start: unpaid again, and guests who never answered wait for a package again. */
export const markEventUnpaid = async (tx: Tx, eventId: string): Promise<void> => {
  await tx
    .update(events)
    .set({ progressStatus: 0, orderPackageId: null, inviteeLimit: null, updatedAt: sql`now()` })
    .where(eq(events.id, eventId));
  await tx
    .update(guests)
    .set({ status: 'pending', updatedAt: sql`now()` })
    .where(and(eq(guests.eventId, eventId), eq(guests.status, 'inProgress'), isNull(guests.answeredAt)));
};

export const findUserContact = async (db: Conn, userId: string): Promise<{ email: string; fullName: string; lang: string } | undefined> =>
  (await db.select({ email: users.email, fullName: users.fullName, lang: users.lang }).from(users).where(eq(users.id, userId)))[0];
