import type { AppContext } from '../../platform/context.js';
import type { OrderRow } from '../../db/schema/billing.js';
import { PaymentProviderError } from '../../providers/payment/index.js';
import { bumpNotification } from '../notifications/public.js';
import * as repo from './billing.repository.js';
import { sendAttentionEmail, sendPaidEmail, sendRefundedEmail } from './order-emails.js';
import { currentPackageOf } from './pricing.js';
import { submitTemplatesOnPayment } from '../messaging/templates/templates.service.js';

/** Money the provider reports for an order: what was charged, in which currency (ILS unless it says otherwise). */
export interface Money extends repo.PaidValues {
  currency?: string;
}

/** What the paid transition decided; the e-mails and the provider's refund follow after the commit. */
export type Settlement =
  | { kind: 'paid'; orderId: string }
  | { kind: 'refund'; order: OrderRow; why: RefundWhy }
  | { kind: 'attention'; orderId: string; reason: string }
  | null;

/** Why money was refunded in full without anyone asking (the host's e-mail says which). */
export type RefundWhy = 'superseded' | 'alreadyPaid' | 'creditChanged';

/**
 * Does this order still buy something for its event? Decided under the event's lock against its paid orders: a
 * purchase only while the event holds nothing; an upgrade only while the event holds exactly the credit it was
 * priced on (no refund, no cancellation under way, no other upgrade paid since) and it still widens the package.
 */
const whyNothingBought = (order: OrderRow, paid: readonly OrderRow[]): RefundWhy | null => {
  if (order.status === 'superseded') return 'superseded';
  const held = paid.filter((row) => row.id !== order.id);
  if (order.kind === 'purchase') return held.length > 0 ? 'alreadyPaid' : null;
  if (held.some((row) => row.refundAmount !== null)) return 'creditChanged';
  const current = currentPackageOf(held);
  if (!current || current.credit !== order.credit) return 'creditChanged';
  const larger =
    order.packageId >= current.packageId &&
    order.inviteeCount >= current.inviteeCount &&
    (order.packageId > current.packageId || order.inviteeCount > current.inviteeCount);
  return larger ? null : 'creditChanged';
};

/**
 * The paid transition inside the caller's transaction, under the event's and then the order's row locks (the
 * order the guest list and a cancellation take them). Money already recorded for this order (a replayed
 * callback, a poll racing the callback) changes nothing. Money that differs from the order's total or currency,
 * or arrives for an order closed a day later (`abandoned`), is kept aside as `needsAttention`. Money for an
 * order that buys nothing more gets its full refund intent. Otherwise the order is paid, the coupon use
 * counted, the event opened for the process, its waiting guests put in process and the host's bell rung.
 */
export const settleInTransaction = async (ctx: AppContext, tx: repo.Tx, orderId: string, money: Money): Promise<Settlement> => {
  const head = await repo.findOrderWithEvent(tx, orderId);
  if (!head) return null;
  await repo.lockBillingEvent(tx, head.order.eventId);
  const order = await repo.lockOrder(tx, orderId);
  if (!order) return null;
  if (order.status === 'paid' || order.status === 'refunded' || order.status === 'needsAttention') return null;
  if (order.refundAmount !== null) return null;
  const { currency, ...values } = money;

  let attention: string | null = null;
  if (currency !== undefined && currency !== 'ILS') attention = `charged in ${currency}, the order is in ILS`;
  else if (values.paidAmount !== order.total) attention = `charged ${values.paidAmount} agorot, the order's total is ${order.total}`;
  else if (order.status === 'abandoned') attention = 'money for an order closed as abandoned';
  if (attention) {
    await repo.markNeedsAttention(tx, orderId, values, attention);
    return { kind: 'attention', orderId, reason: attention };
  }

  const why = whyNothingBought(order, await repo.listPaidOrdersOfEvent(tx, order.eventId));
  if (why) {
    const marked = await repo.markMoneyToRefund(tx, orderId, values, `automatic refund: ${why}`);
    if (!marked) return null;
    await bumpNotification(tx, order.eventId, 'paymentRefunded');
    return { kind: 'refund', order: marked, why };
  }

  await repo.markOrderPaid(tx, orderId, values);
  if (order.couponId) {
    // The use was decided when the order was written (open orders hold it); a refusal here is only logged.
    const counted = await repo.countCouponUse(tx, order.couponId);
    const recorded = await repo.insertCouponUse(tx, order.couponId, order.userId, order.id);
    if (!counted || !recorded) {
      ctx.logger.warn({ orderId, couponId: order.couponId, counted, recorded }, 'coupon use past its limit or reused by the host; the payment stands');
    }
  }
  await repo.markEventPaid(tx, order.eventId, order.packageId, order.inviteeCount);
  await bumpNotification(tx, order.eventId, 'paymentPaid');
  return { kind: 'paid', orderId: order.id };
};

/**
 * An automatic full refund: the intent is already written (with the money), so the provider is asked once; its
 * answer closes the order as `refunded`. A refusal or an unknown outcome puts the order before support instead
 * of trying again blindly.
 */
const refundInFull = async (ctx: AppContext, order: OrderRow): Promise<boolean> => {
  if (order.paidAmount <= 0 || !order.transactionId || order.paymentMethod === 'coupon') {
    await repo.markMoneyRefunded(ctx.db, order.id, 'nothing-charged');
    return true;
  }
  try {
    const { refundId } = await ctx.payments.refund({ transactionId: order.transactionId, amountAgorot: order.paidAmount, orderId: order.id });
    await repo.markMoneyRefunded(ctx.db, order.id, refundId);
    return true;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.error({ err: error, orderId: order.id }, 'automatic refund not made; the order needs attention');
    const reason = `automatic refund of ${order.paidAmount} agorot failed${error.outcomeUnknown ? ' (outcome unknown: check with the provider)' : ''}`;
    await repo.markNeedsAttention(ctx.db, order.id, null, reason);
    await notifySupport(ctx, order.id, reason);
    return false;
  }
};

export const notifySupport = async (ctx: AppContext, orderId: string, reason: string): Promise<void> => {
  ctx.logger.error({ orderId, reason }, 'order needs attention');
  const found = await repo.findOrderWithEvent(ctx.db, orderId);
  if (found) await sendAttentionEmail(ctx, found, reason).catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'attention e-mail not queued'));
};

/** What follows a committed settlement: receipts, refunds, e-mails to the host and to support. */
export const afterSettlement = async (ctx: AppContext, settled: Settlement): Promise<void> => {
  if (!settled) return;
  if (settled.kind === 'attention') {
    await notifySupport(ctx, settled.orderId, settled.reason);
    return;
  }
  if (settled.kind === 'refund') {
    const orderId = settled.order.id;
    if (!(await refundInFull(ctx, settled.order))) return;
    const found = await repo.findOrderWithEvent(ctx.db, orderId);
    if (found) await sendRefundedEmail(ctx, found, settled.why).catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'refund e-mail not queued'));
    return;
  }
  const { orderId } = settled;
  const found = await repo.findOrderWithEvent(ctx.db, orderId);
  if (!found) return;
  await sendPaidEmail(ctx, found).catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'receipt e-mail not queued'));
  // The host's texts written before the payment go to review now (a replayed callback finds none left).
  await submitTemplatesOnPayment(ctx, found.order.eventId).catch((error: unknown) =>
    ctx.logger.error({ err: error, orderId }, 'message templates not submitted on payment'),
  );
};

/** The paid transition in its own transaction, then what follows it. Answers whether the order was paid now. */
export const payOrder = async (ctx: AppContext, orderId: string, money: Money): Promise<boolean> => {
  const settled = await ctx.db.transaction((tx) => settleInTransaction(ctx, tx, orderId, money));
  await afterSettlement(ctx, settled);
  return settled?.kind === 'paid';
};
