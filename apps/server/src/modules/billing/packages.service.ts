import {
  PACKAGE_IDS,
  packageIncludesCalls,
  suggestedTierFor,
  INVITEE_TIERS,
  VAT_PERCENT,
  vatPartOf,
  type CouponCheckResponse,
  type PackagesResponse,
} from '@magiim/shared';
import type { z } from 'zod';
import type { couponCheckInputSchema } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import * as repo from './billing.repository.js';
import { canUpgrade, checkCoupon, currentPackageOf, quoteOrder } from './pricing.js';

const LARGEST_TIER = INVITEE_TIERS[INVITEE_TIERS.length - 1]!;

/** Spec §7 `packages/{id}`: the price table, what the event holds, and the tier its guest list needs. */
export const getPackages = async (ctx: AppContext, userId: string, eventId: string): Promise<PackagesResponse> => {
  await requireEventAccess(ctx.db, userId, eventId, 'read');
  const [event, prices, paid, guestCount] = await Promise.all([
    repo.findBillingEvent(ctx.db, eventId),
    repo.listPrices(ctx.db),
    repo.listPaidOrdersOfEvent(ctx.db, eventId),
    repo.countEventGuests(ctx.db, eventId),
  ]);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const current = currentPackageOf(paid);
  return {
    vatPercent: VAT_PERCENT,
    packages: PACKAGE_IDS.map((id) => ({
      id,
      includesCalls: packageIncludesCalls(id),
      tiers: prices.filter((row) => row.packageId === id).map((row) => ({ inviteeCount: row.inviteeCount, price: row.price })),
    })),
    current: current ? { packageId: current.packageId, inviteeCount: current.inviteeCount, paidAmount: current.paidAmount } : null,
    suggestedInviteeCount: suggestedTierFor(guestCount) ?? LARGEST_TIER,
    guestCount,
    canUpgrade: canUpgrade(current, event.date),
  };
};

type CouponCheckParsed = z.output<typeof couponCheckInputSchema>;

/** The checkout's coupon field: the same rules and amounts the order will get, nothing held. */
export const checkCouponForOrder = async (ctx: AppContext, userId: string, input: CouponCheckParsed): Promise<CouponCheckResponse> => {
  await requireEventAccess(ctx.db, userId, input.eventId, 'pay');
  const event = await repo.findBillingEvent(ctx.db, input.eventId);
  if (!event) throw new AppError('NOT_FOUND', 'event not found');
  const coupon = await checkCoupon(ctx.db, await repo.findCouponByCode(ctx.db, input.code), { userId, packageId: input.packageId, eventId: input.eventId });
  const paid = await repo.listPaidOrdersOfEvent(ctx.db, input.eventId);
  const quote = await quoteOrder(ctx.db, { event, paid, packageId: input.packageId, inviteeCount: input.inviteeCount, coupon });
  return { discount: quote.couponDiscount, total: quote.total, vat: vatPartOf(quote.total) };
};
