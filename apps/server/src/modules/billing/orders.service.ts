import {
  cancellationFeeOf,
  daysBetween,
  todayInBusinessZone,
  type CreateOrderResponse,
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
import * as repo from './billing.repository.js';
import { sendCancellationEmails } from './order-emails.js';
import { ORDER_EMAIL_TEXTS } from './order-email-texts.js';
import { cancellationOpen, eventNameIn, langOf, toOrderDto } from './order-dto.js';
import { payOrder } from './paid-event.js';
import { verifyOrder } from './payments.service.js';
import { checkCoupon, quoteOrder } from './pricing.js';

type CreateOrderParsed = z.output<typeof createOrderInputSchema>;

const DAY_MS = 24 * 3_600_000;

const orderNotFound = () => new AppError('NOT_FOUND', 'order not found');

/** The host's pages a provider sends the browser back to (UX only: only `verify` changes an order). */
export const checkoutUrlsOf = (appUrl: string, provider: string, eventId: string, orderId: string) => ({
  successUrl: `${appUrl}/pricing/${eventId}/success?order=${orderId}`,
  failUrl: `${appUrl}/pricing/${eventId}/payment?order=${orderId}&result=failed`,
  cancelUrl: `${appUrl}/pricing/${eventId}/payment?order=${orderId}&result=cancelled`,
  notifyUrl: `${appUrl}/api/payments/callback/${provider}`,
});

const answerOrder = async (ctx: AppContext, orderId: string): Promise<Order> => {
  const found = await repo.findOrderWithEvent(ctx.db, orderId);
  if (!found) throw orderNotFound();
  return toOrderDto(found);
};

/**
 * Spec §5 checkout: the amount is the server's (price table, upgrade credit, coupon). The order is written
 * `created` (holding its coupon against the limit) before the provider is asked for a page, then `pending`
 * with the page's id, so every page the provider opens has its order. A total of 0 (a coupon paid it all)
 * is paid at once, without the provider.
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

  const created = await ctx.db.transaction(async (tx) => {
    const event = await repo.shareBillingEvent(tx, eventId);
    if (!event) throw new AppError('NOT_FOUND', 'event not found');
    const paid = await repo.listPaidOrdersOfEvent(tx, eventId);
    let coupon = null;
    if (input.couponCode !== undefined) {
      const found = await repo.findCouponByCode(tx, input.couponCode);
      // Under the coupon's row lock, orders holding it are counted and this one added before the next looks.
      coupon = await checkCoupon(tx, found && (await repo.lockCoupon(tx, found.id)), { userId, packageId: input.packageId });
    }
    const quote = await quoteOrder(tx, { event, paid, packageId: input.packageId, inviteeCount: input.inviteeCount, coupon });
    const order = await repo.insertOrder(tx, {
      eventId,
      userId,
      kind: quote.kind,
      packageId: quote.packageId,
      inviteeCount: quote.inviteeCount,
      subtotal: quote.subtotal,
      couponId: quote.coupon?.id ?? null,
      couponDiscount: quote.couponDiscount,
      total: quote.total,
      lang,
    });
    return { order, event };
  });
  const { order, event } = created;
  const urls = checkoutUrlsOf(ctx.config.appUrl, ctx.payments.name, eventId, order.id);

  if (order.total === 0) {
    await payOrder(ctx, order.id, { paidAmount: 0, paymentMethod: 'coupon', cardBrand: null, cardLast4: null, transactionId: null, receiptUrl: null });
    return { order: await answerOrder(ctx, order.id), checkoutUrl: urls.successUrl };
  }

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
  await repo.setOrderPending(ctx.db, order.id, ctx.payments.name, page.providerRef);
  return { order: await answerOrder(ctx, order.id), checkoutUrl: page.checkoutUrl };
};

const LIST_LIMIT = 200;

/**
 * Active: paid orders of events not over, and orders still being paid for a day. Closed: refunded, cancelled
 * and failed orders, and paid orders of events that are over. An unsettled order older than a day is left out.
 */
export const listOrders = async (ctx: AppContext, userId: string): Promise<OrdersResponse> => {
  const today = todayInBusinessZone();
  const rows = await repo.listOrdersOfUser(ctx.db, userId, LIST_LIMIT * 4);
  const active: Order[] = [];
  const closed: Order[] = [];
  const dayAgo = Date.now() - DAY_MS;
  for (const row of rows) {
    const { order, event } = row;
    const over = daysBetween(today, event.date) < 0;
    let list: Order[] | null;
    if (order.status === 'paid') list = over ? closed : active;
    else if (order.status === 'created' || order.status === 'pending') list = order.createdAt.getTime() > dayAgo ? active : null;
    else list = closed;
    if (list && list.length < LIST_LIMIT) list.push(toOrderDto(row, today));
  }
  return { active, closed };
};

/** The success page polls this: a pending order is re-verified with the provider first. */
export const getOrder = async (ctx: AppContext, userId: string, orderId: string): Promise<Order> => {
  const found = await repo.findOrderOfUser(ctx.db, orderId, userId);
  if (!found) throw orderNotFound();
  await requireEventAccess(ctx.db, userId, found.order.eventId, 'read');
  if (found.order.status !== 'pending') return toOrderDto(found);
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
    if (!cancellationOpen(event.rsvpStartDate)) throw new AppError('CANCELLATION_CLOSED', 'cancellation closes on the RSVP start date');
    const paid = await repo.lockPaidOrdersOfEvent(tx, eventId);
    if (!paid.some((order) => order.id === orderId)) throw new AppError('CONFLICT', 'only a paid order can be cancelled');
    if (paid.some((order) => order.refundAmount !== null)) throw new AppError('CONFLICT', 'a cancellation of this event is already under way');
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

