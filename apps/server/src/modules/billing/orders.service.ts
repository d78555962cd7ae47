import {
  cancellationFeeOf,
  daysBetween,
  todayInBusinessZone,
  type CreateOrderResponse,
  type Lang,
  type Order,
  type OrdersResponse,
  type Platform,
} from '@magiim/shared';
import type { z } from 'zod';
import type { createOrderInputSchema } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { PaymentProviderError } from '../../providers/payment/index.js';
import type { OrderRow } from '../../db/schema/billing.js';
import { requireEventAccess } from '../events/event-access.js';
import { eventsWithSendsStarted, resumeEventSending, stopEventSending } from '../messaging/engine/sending-stop.js';
import * as repo from './billing.repository.js';
import { sendCancellationEmails } from './order-emails.js';
import { ORDER_EMAIL_TEXTS } from './order-email-texts.js';
import { cancellationOpen, eventNameIn, langOf, toOrderDto } from './order-dto.js';
import { afterSettlement, settleInTransaction, type Settlement } from './paid-event.js';
import { verifyOrder } from './payments.service.js';
import { checkCoupon, currentPackageOf, quoteOrder } from './pricing.js';

type CreateOrderParsed = z.output<typeof createOrderInputSchema>;

const DAY_MS = 24 * 3_600_000;

const orderNotFound = () => new AppError('NOT_FOUND', 'order not found');
/** The terms: past this point a cancellation is made in writing (e-mail), not here. */
const cancellationClosed = (why: string) => new AppError('CANCELLATION_CLOSED', why);

/** The host's pages a provider sends the browser back to (UX only: only `verify` changes an order). */
export const checkoutUrlsOf = (appUrl: string, provider: string, eventId: string, orderId: string) => ({
  successUrl: `${appUrl}/pricing/${eventId}/success?order=${orderId}`,
  failUrl: `${appUrl}/pricing/${eventId}/payment?order=${orderId}&result=failed`,
  cancelUrl: `${appUrl}/pricing/${eventId}/payment?order=${orderId}&result=cancelled`,
  notifyUrl: `${appUrl}/api/payments/callback/${provider}`,
});

/** The order as the host sees it, with whether it can still be cancelled here. */
const orderDtoOf = async (ctx: AppContext, found: repo.OrderWithEvent): Promise<Order> =>
  toOrderDto(found, undefined, found.order.status === 'paid' && (await eventsWithSendsStarted(ctx.db, [found.order.eventId])).has(found.order.eventId));

const answerOrder = async (ctx: AppContext, orderId: string): Promise<Order> => {
  const found = await repo.findOrderWithEvent(ctx.db, orderId);
  if (!found) throw orderNotFound();
  return orderDtoOf(ctx, found);
};

/** A parallel identical order waits this long for the first one's page before giving up. */
const PAGE_WAIT_MS = 20_000;
/** A `created` order whose page never came (a crash while the provider was asked) no longer holds the event. */
const STALE_CREATED_MS = 60_000;

type Written =
  | { kind: 'existing'; order: OrderRow }
  | { kind: 'wait' }
  | { kind: 'new'; order: OrderRow; event: repo.BillingEvent }
  | { kind: 'free'; order: OrderRow; settled: Settlement };

/**
 * Decides under the event's row lock (taken `for update`: the event first, then its orders, then the coupon, as
 * a payment takes them) what a `POST orders/{eventId}` writes. The event has at most one open order: the host's
 * identical open order (package, tier, coupon) is answered again, or waited for while its page is being made;
 * any other is closed as `superseded` (giving its coupon use back). The coupon is then decided under its own
 * row lock, the order written, and a total of 0 paid in this same transaction.
 */
const writeOrder = async (ctx: AppContext, userId: string, eventId: string, input: CreateOrderParsed, lang: Lang): Promise<Written> =>
  ctx.db.transaction(async (tx) => {
    const event = await repo.lockBillingEvent(tx, eventId);
    if (!event) throw new AppError('NOT_FOUND', 'event not found');
    const open = await repo.lockOpenOrdersOfEvent(tx, eventId);
    const found = input.couponCode !== undefined ? await repo.findCouponByCode(tx, input.couponCode) : undefined;
    const couponId = input.couponCode === undefined ? null : (found?.id ?? 'unknown');
    const same = open.find(
      (order) =>
        !input.newPage &&
        order.userId === userId && order.packageId === input.packageId && order.inviteeCount === input.inviteeCount && order.couponId === couponId,
    );
    if (same?.status === 'pending' && same.checkoutUrl) return { kind: 'existing', order: same };
    if (same?.status === 'created' && Date.now() - same.createdAt.getTime() < STALE_CREATED_MS) return { kind: 'wait' };
    if (open.length > 0) await repo.closeOpenOrdersOfEvent(tx, eventId, 'superseded');

    const paid = await repo.listPaidOrdersOfEvent(tx, eventId);
    let coupon = null;
    if (input.couponCode !== undefined) {
      // Under the coupon's row lock the orders holding it are counted and this one written before the next looks.
      coupon = await checkCoupon(tx, found && (await repo.lockCoupon(tx, found.id)), { userId, packageId: input.packageId, eventId });
    }
    const quote = await quoteOrder(tx, { event, paid, packageId: input.packageId, inviteeCount: input.inviteeCount, coupon });
    const order = await repo.insertOrder(tx, {
      eventId,
      userId,
      kind: quote.kind,
      packageId: quote.packageId,
      inviteeCount: quote.inviteeCount,
      subtotal: quote.subtotal,
      credit: currentPackageOf(paid)?.credit ?? 0,
      couponId: quote.coupon?.id ?? null,
      couponDiscount: quote.couponDiscount,
      total: quote.total,
      lang,
    });
    if (order.total === 0) {
      const settled = await settleInTransaction(ctx, tx, order.id, FREE);
      return { kind: 'free', order, settled };
    }
    return { kind: 'new', order, event };
  });

const FREE = { paidAmount: 0, paymentMethod: 'coupon', cardBrand: null, cardLast4: null, transactionId: null, receiptUrl: null } as const;

/**
 * Spec §5 checkout: the amount is the server's (price table, upgrade credit, coupon). The order is written
 * `created` (holding its coupon) before the provider is asked for a page, then `pending` with the page's id and
 * address, so every page the provider opens has its order. A total of 0 (a coupon paid it all) is paid at once.
 */
export const createOrder = async (
  ctx: AppContext,
  userId: string,
  eventId: string,
  input: CreateOrderParsed,
  platform: Platform | undefined,
): Promise<CreateOrderResponse> => {
  if (platform === 'ios' || platform === 'android') {
    throw new AppError('PAYMENT_NOT_IN_WEBVIEW', 'payment not allowed inside an embedded web view, use the website');
  }
  await requireEventAccess(ctx.db, userId, eventId, 'pay');
  const host = await repo.findUserContact(ctx.db, userId);
  if (!host) throw new AppError('UNAUTHORIZED');
  const lang = langOf(host.lang);
  // A payment whose callback has not arrived yet must count before the new order is priced, or a host back
  // from the provider's page would buy the same package again instead of an upgrade.
  const recent = await repo.listPendingOrdersOfEvent(ctx.db, eventId, new Date(Date.now() - DAY_MS), 3);
  for (const order of recent) await verifyOrder(ctx, order);

  const deadline = Date.now() + PAGE_WAIT_MS;
  let written = await writeOrder(ctx, userId, eventId, input, lang);
  while (written.kind === 'wait') {
    // The same order is being written by a parallel request: its page is answered to both.
    if (Date.now() > deadline) throw new AppError('PAYMENT_UNAVAILABLE', 'the payment page could not be opened');
    await new Promise((resolve) => setTimeout(resolve, 100));
    written = await writeOrder(ctx, userId, eventId, input, lang);
  }
  if (written.kind === 'existing') return { order: await answerOrder(ctx, written.order.id), checkoutUrl: written.order.checkoutUrl! };
  const { order } = written;
  const urls = checkoutUrlsOf(ctx.config.appUrl, ctx.payments.name, eventId, order.id);
  if (written.kind === 'free') {
    await afterSettlement(ctx, written.settled);
    return { order: await answerOrder(ctx, order.id), checkoutUrl: urls.successUrl };
  }

  const { event } = written;
  const texts = ORDER_EMAIL_TEXTS[lang];
  let page;
  try {
    page = await ctx.payments.createCheckout({
      orderId: order.id,
      orderNumber: order.orderNumber,
      amountAgorot: order.total,
      description: texts.description(
        texts.packageName(order.packageId),
        texts.guests(order.inviteeCount),
        eventNameIn(event.names, lang, event.defaultLang),
      ),
      lang,
      customer: { name: host.fullName, email: host.email },
      ...urls,
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error({ err: error, orderId: order.id }, 'payment page not created');
    await repo.closeUnpaidOrder(ctx.db, order.id, 'failed');
    throw new AppError('PAYMENT_UNAVAILABLE', 'the payment page could not be opened');
  }
  const pending = await repo.setOrderPending(ctx.db, order.id, ctx.payments.name, page.providerRef, page.checkoutUrl);
  // A newer order of the event replaced this one while its page was made: that page must not be paid.
  if (pending?.status !== 'pending') throw new AppError('CONFLICT', 'a newer order of this event replaced this one');
  return { order: await answerOrder(ctx, order.id), checkoutUrl: page.checkoutUrl };
};

const LIST_LIMIT = 200;

/**
 * Active: paid orders of events not over, orders still being paid (until the reconciliation job settles them or
 * closes them as abandoned) and payments under review. Closed: refunded, cancelled, failed, superseded and
 * abandoned orders, and paid orders of events that are over.
 */
export const listOrders = async (ctx: AppContext, userId: string): Promise<OrdersResponse> => {
  const today = todayInBusinessZone();
  const rows = await repo.listOrdersOfUser(ctx.db, userId, LIST_LIMIT * 4);
  const active: Order[] = [];
  const closed: Order[] = [];
  const started = await eventsWithSendsStarted(ctx.db, rows.filter((row) => row.order.status === 'paid').map((row) => row.order.eventId));
  for (const row of rows) {
    const { order, event } = row;
    const over = daysBetween(today, event.date) < 0;
    let list: Order[];
    if (order.status === 'paid') list = over ? closed : active;
    else if (order.status === 'created' || order.status === 'pending' || order.status === 'needsAttention') list = active;
    else list = closed;
    if (list.length < LIST_LIMIT) list.push(toOrderDto(row, today, started.has(order.eventId)));
  }
  return { active, closed };
};

/** The success page polls this: a pending order is re-verified with the provider first. */
export const getOrder = async (ctx: AppContext, userId: string, orderId: string): Promise<Order> => {
  const found = await repo.findOrderOfUser(ctx.db, orderId, userId);
  if (!found) throw orderNotFound();
  await requireEventAccess(ctx.db, userId, found.order.eventId, 'read');
  if (found.order.status !== 'pending') return orderDtoOf(ctx, found);
  await verifyOrder(ctx, found.order);
  return answerOrder(ctx, orderId);
};

/** Refunds per order: one fee for the event, taken from the largest orders first. */
const refundsOf = (paid: readonly OrderRow[]): { refunds: Map<string, number>; fee: number } => {
  const fee = cancellationFeeOf(paid.reduce((sum, order) => sum + order.paidAmount, 0));
  let feeLeft = fee;
  const refunds = new Map<string, number>();
  for (const order of [...paid].sort((a, b) => b.paidAmount - a.paidAmount)) {
    const kept = Math.min(feeLeft, order.paidAmount);
    feeLeft -= kept;
    refunds.set(order.id, order.paidAmount - kept);
  }
  return { refunds, fee };
};

/**
 * A cancellation closes the event's open upgrades first (under the event's lock the caller holds): they were
 * priced on the package being cancelled. Money still arriving for one is refunded in full (paid-event.ts).
 */
export const closeOpenUpgrades = async (tx: repo.Tx, eventId: string): Promise<void> => {
  await repo.closeOpenOrdersOfEvent(tx, eventId, 'cancelled');
};

/**
 * Spec §5 cancellation, in writing, before the RSVP start date: the event's whole package is cancelled (every
 * paid order of the event), refunded through the provider less one fee, and the event is unpaid again. The
 * refund intent is written under the orders' locks before the provider is asked, so a second request (or a
 * retry) never refunds twice; a provider error takes back the intents of orders it did not refund.
 */
export const cancelOrder = async (ctx: AppContext, userId: string, orderId: string, reason: string): Promise<Order> => {
  const found = await repo.findOrderOfUser(ctx.db, orderId, userId);
  if (!found) throw orderNotFound();
  const eventId = found.order.eventId;
  await requireEventAccess(ctx.db, userId, eventId, 'pay');
  if (found.order.status !== 'paid') throw new AppError('CONFLICT', 'only a paid order can be cancelled');

  const intents = await ctx.db.transaction(async (tx) => {
    const event = await repo.lockBillingEvent(tx, eventId);
    if (!event) throw orderNotFound();
    if (!cancellationOpen(event.rsvpStartDate)) throw cancellationClosed('cancellation closes on the RSVP start date');
    await closeOpenUpgrades(tx, eventId);
    const paid = await repo.lockPaidOrdersOfEvent(tx, eventId);
    if (!paid.some((order) => order.id === orderId)) throw new AppError('CONFLICT', 'only a paid order can be cancelled');
    if (paid.some((order) => order.refundAmount !== null)) throw new AppError('CONFLICT', 'a cancellation of this event is already under way');
    // Everything waiting stops with the cancellation; the rows are locked first, so a send a dispatcher starts
    // meanwhile is either seen below (and the cancellation refused) or never made (its claim no longer queued).
    await stopEventSending(tx, eventId);
    if ((await eventsWithSendsStarted(tx, [eventId])).has(eventId)) throw cancellationClosed('a message or call of the event reached a provider');
    // Unpaid at once: no round or call round starts while the refund is asked for (a refused refund pays it again).
    await repo.markEventUnpaid(tx, eventId);
    const { refunds, fee } = refundsOf(paid);
    for (const order of paid) await repo.markRefundIntent(tx, order.id, refunds.get(order.id) ?? 0, reason);
    return { paid, refunds, fee };
  });

  const refunded: string[] = [];
  let asking: OrderRow | null = null;
  try {
    for (const order of intents.paid) {
      asking = order;
      const amount = intents.refunds.get(order.id) ?? 0;
      // A coupon order took no money through the provider; nothing goes back that way.
      if (amount > 0 && order.paymentMethod !== 'coupon' && order.transactionId) {
        const { refundId } = await ctx.payments.refund({ transactionId: order.transactionId, amountAgorot: amount, orderId: order.id });
        await repo.setRefundId(ctx.db, order.id, refundId);
      }
      refunded.push(order.id);
    }
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error({ err: error, orderId, refunded }, 'refund failed; the remaining orders stay paid');
    // The provider may have refunded without our hearing it: that order keeps its intent (a retry is refused as
    // "under way") until someone checks with the provider, instead of risking a second refund.
    const unknown = error.outcomeUnknown ? asking : null;
    if (unknown) ctx.logger.error({ orderId: unknown.id, orderNumber: unknown.orderNumber }, 'refund outcome unknown: check this order with the provider by hand');
    for (const order of intents.paid) if (!refunded.includes(order.id) && order.id !== unknown?.id) await repo.clearRefundIntent(ctx.db, order.id);
    await ctx.db.transaction(async (tx) => {
      await repo.lockBillingEvent(tx, eventId);
      await repo.markOrdersRefunded(tx, refunded);
      // Nothing refunded and nothing in doubt: the cancellation did not happen, so the package and its sending come back.
      if (refunded.length === 0 && !unknown) {
        await repo.markEventPaidAgain(tx, eventId);
        await resumeEventSending(tx, eventId);
      }
    });
    throw new AppError('PAYMENT_UNAVAILABLE', 'the refund could not be made now');
  }

  await ctx.db.transaction(async (tx) => {
    await repo.lockBillingEvent(tx, eventId);
    await repo.markOrdersRefunded(tx, refunded);
    await repo.markEventUnpaid(tx, eventId);
  });

  const refundTotal = [...intents.refunds.values()].reduce((sum, amount) => sum + amount, 0);
  await sendCancellationEmails(ctx, found, {
    refund: refundTotal,
    fee: intents.fee,
    reason,
    orderNumbers: intents.paid.map((order) => order.orderNumber),
  }).catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'cancellation e-mails not queued'));
  return answerOrder(ctx, orderId);
};

