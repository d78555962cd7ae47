import type { AppContext } from '../../platform/context.js';
import { recordGiftLinkPayment } from './gift-ledger.service.js';

/** The gift ledger's side of the hooks (app-context.ts): an approved gift-link payment lands in the ledger. */
export const subscribeGiftLedgerHooks = (ctx: AppContext): void => {
  ctx.hooks.subscribe('giftLinkPaymentApproved', async (payment) => {
    await recordGiftLinkPayment(ctx, payment);
  });
};
