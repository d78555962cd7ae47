import type { AppContext } from '../../platform/context.js';
import { bumpNotification } from '../invitations/invitations.repository.js';
import * as repo from './billing.repository.js';
import { sendPaidEmail } from './order-emails.js';
import { submitTemplatesOnPayment } from '../messaging/templates/templates.service.js';

/**
 * The paid transition, in one transaction under the event's and the order's row locks (the event first, as
 * the guest list and a cancellation take them): the order is paid, the coupon use counted, the event opened
 * for the process, its waiting guests put in process and the host's bell rung. An order already paid (a
 * replayed callback, a poll racing the callback) changes nothing and sends nothing: answers false.
 */
export const payOrder = async (ctx: AppContext, orderId: string, values: repo.PaidValues): Promise<boolean> => {
  const paid = await ctx.db.transaction(async (tx) => {
    const head = await repo.findOrderWithEvent(tx, orderId);
    if (!head) return null;
    await repo.lockBillingEvent(tx, head.order.eventId);
    const order = await repo.lockOrder(tx, orderId);
    if (!order || order.status === 'paid' || order.status === 'refunded') return null;
    await repo.markOrderPaid(tx, orderId, values);
    if (order.couponId) {
      // Money was taken either way: a use the limit or the once-per-host rule refuses now is logged, not undone.
      const counted = await repo.countCouponUse(tx, order.couponId);
      const recorded = await repo.insertCouponUse(tx, order.couponId, order.userId, order.id);
      if (!counted || !recorded) {
        ctx.logger.warn({ orderId, couponId: order.couponId, counted, recorded }, 'coupon use past its limit or reused by the host; the payment stands');
      }
    }
    await repo.markEventPaid(tx, order.eventId, order.packageId, order.inviteeCount);
    await bumpNotification(tx, order.eventId, 'paymentPaid');
    return order.id;
  });
  if (!paid) return false;
  const found = await repo.findOrderWithEvent(ctx.db, paid);
  if (found) await sendPaidEmail(ctx, found).catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'receipt e-mail not queued'));
  if (found) {
    // The host's texts written before the payment go to review now (a replayed callback finds none left).
    await submitTemplatesOnPayment(ctx, found.order.eventId).catch((error: unknown) =>
      ctx.logger.error({ err: error, orderId }, 'message templates not submitted on payment'),
    );
  }
  return true;
};
