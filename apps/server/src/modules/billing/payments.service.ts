import type { AppContext } from '../../platform/context.js';
import type { OrderRow } from '../../db/schema/billing.js';
import { PaymentProviderError, type PaymentOutcome } from '../../providers/payment/index.js';
import { bumpNotification } from '../notifications/public.js';
import * as repo from './billing.repository.js';
import { sendFailedEmail } from './order-emails.js';
import { payOrder } from './paid-event.js';

/** Failed: the order closes, the host's bell rings and an e-mail says nothing was charged (once). */
const failOrder = async (ctx: AppContext, orderId: string, notify: boolean): Promise<void> => {
  const closed = await ctx.db.transaction(async (tx) => {
    const order = await repo.closeUnpaidOrder(tx, orderId, 'failed');
    if (order && notify) await bumpNotification(tx, order.eventId, 'paymentFailed');
    return order;
  });
  if (!closed || !notify) return;
  const found = await repo.findOrderWithEvent(ctx.db, orderId);
  if (found) await sendFailedEmail(ctx, found).catch((error: unknown) => ctx.logger.error({ err: error, orderId }, 'failed-payment e-mail not queued'));
};

/**
 * Applies what the provider answered about an order's page. Only `paid` with our order id changes money state
 * (see settleInTransaction: the exact total pays, anything else is refunded or kept for support); a paid order
 * never goes back (a late "failed" or "cancelled" finds nothing to close).
 */
export const applyOutcome = async (ctx: AppContext, order: OrderRow, outcome: PaymentOutcome): Promise<void> => {
  if (outcome.orderId !== null && outcome.orderId !== order.id) {
    ctx.logger.error({ orderId: order.id, echoed: outcome.orderId }, 'payment provider answered for another order; ignored');
    return;
  }
  switch (outcome.status) {
    case 'paid':
      await payOrder(ctx, order.id, {
        ...(outcome.currency !== undefined ? { currency: outcome.currency } : {}),
        paidAmount: outcome.amountAgorot,
        paymentMethod: outcome.method,
        cardBrand: outcome.cardBrand,
        cardLast4: outcome.cardLast4,
        transactionId: outcome.transactionId,
        receiptUrl: outcome.receiptUrl,
      });
      return;
    case 'failed':
      await failOrder(ctx, order.id, true);
      return;
    case 'cancelled':
      await repo.closeUnpaidOrder(ctx.db, order.id, 'cancelled');
      return;
    case 'pending':
      return;
  }
};

/** Orders a provider's callback re-queries: money taken on any page we made must be recorded. */
export const CALLBACK_STATUSES: readonly OrderRow['status'][] = ['pending', 'failed', 'cancelled', 'superseded', 'abandoned'];

/**
 * Re-queries the provider about an order and applies the answer. Provider errors leave it as it is. A poll asks
 * only about pending orders; a callback also about closed ones (CALLBACK_STATUSES), since a host may pay on the
 * same page after a declined card, or on a page whose order was replaced, and money taken must be recorded.
 */
export const verifyOrder = async (ctx: AppContext, order: OrderRow, statuses: readonly OrderRow['status'][] = ['pending']): Promise<void> => {
  if (!statuses.includes(order.status) || !order.providerRef || order.provider !== ctx.payments.name) return;
  let outcome: PaymentOutcome;
  try {
    outcome = await ctx.payments.verify(order.providerRef);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    ctx.logger.warn({ err: error, orderId: order.id }, 'payment verify failed; the order stays pending');
    return;
  }
  await applyOutcome(ctx, order, outcome);
};

/**
 * A provider's server callback: a hint only. It names a page; we look the order up by it and ask the provider.
 * Whatever happens the provider gets 200, so it stops retrying; what we could not use is logged.
 */
export const handlePaymentCallback = async (ctx: AppContext, provider: string, body: unknown): Promise<void> => {
  if (provider !== ctx.payments.name) {
    ctx.logger.warn({ provider }, 'payment callback for a provider not in use; ignored');
    return;
  }
  const ref = ctx.payments.callbackRef(body);
  if (!ref) {
    ctx.logger.warn({ provider }, 'payment callback without a page reference; ignored');
    return;
  }
  const order = await repo.findOrderByProviderRef(ctx.db, provider, ref);
  if (!order) {
    ctx.logger.warn({ provider }, 'payment callback for an unknown page; ignored');
    return;
  }
  await verifyOrder(ctx, order, CALLBACK_STATUSES);
};

/** An order and its event, for the sandbox payment page. */
export const findOrderWithEvent = (ctx: AppContext, orderId: string) => repo.findOrderWithEvent(ctx.db, orderId);
