import {
  checkEventDates,
  daysBetween,
  INVITEE_TIERS,
  PACKAGE_IDS,
  todayInBusinessZone,
  type OrderKind,
} from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import type { CouponRow, OrderRow } from '../../db/schema/billing.js';
import * as repo from './billing.repository.js';

/** What the event holds now: the widest package of its paid orders, and what was paid for it. */
export interface CurrentPackage {
  packageId: number;
  inviteeCount: number;
  paidAmount: number;
  /** Sum of the paid orders' subtotals: what an upgrade is credited. */
  credit: number;
}

export const currentPackageOf = (paid: readonly OrderRow[]): CurrentPackage | null => {
  if (paid.length === 0) return null;
  return {
    packageId: Math.max(...paid.map((order) => order.packageId)),
    inviteeCount: Math.max(...paid.map((order) => order.inviteeCount)),
    paidAmount: paid.reduce((sum, order) => sum + order.paidAmount, 0),
    credit: paid.reduce((sum, order) => sum + order.subtotal, 0),
  };
};

const LARGEST_TIER = INVITEE_TIERS[INVITEE_TIERS.length - 1]!;
const LARGEST_PACKAGE = Math.max(...PACKAGE_IDS);

/** An upgrade is possible while the event date has not passed and something larger exists. */
export const canUpgrade = (current: CurrentPackage | null, eventDate: string, today = todayInBusinessZone()): boolean =>
  current !== null && daysBetween(today, eventDate) >= 0 && (current.packageId < LARGEST_PACKAGE || current.inviteeCount < LARGEST_TIER);

export interface Quote {
  kind: OrderKind;
  packageId: number;
  inviteeCount: number;
  subtotal: number;
  coupon: CouponRow | null;
  couponDiscount: number;
  total: number;
}

/** What a coupon takes off a subtotal: a percent (rounded to the agora) or an amount, never more than the subtotal. */
export const discountOf = (coupon: Pick<CouponRow, 'percent' | 'amount'>, subtotal: number): number => {
  const raw = coupon.percent !== null ? Math.round((subtotal * coupon.percent) / 100) : (coupon.amount ?? 0);
  return Math.max(0, Math.min(raw, subtotal));
};

const invalidCoupon = (why: string) => new AppError('INVALID_COUPON', why, [{ path: 'couponCode', message: 'errors.INVALID_COUPON' }]);
const couponAlreadyUsed = () =>
  new AppError('COUPON_ALREADY_USED', 'you already used this coupon', [{ path: 'couponCode', message: 'errors.COUPON_ALREADY_USED' }]);

/**
 * The coupon's own rules (dates, package, its limit, once per host). Uses are counted when an order is written:
 * once per host counts the host's open and paid orders carrying it on any event; the limit counts the paid uses
 * and every host's open orders. Called under the coupon's row lock by the order being written, so parallel orders
 * never pass either. `eventId`: the host's open order of this event does not count (a new order replaces it).
 */
export const checkCoupon = async (
  db: repo.Conn,
  coupon: CouponRow | undefined,
  options: { userId: string; packageId: number; eventId?: string; today?: string },
): Promise<CouponRow> => {
  const today = options.today ?? todayInBusinessZone();
  if (!coupon) throw invalidCoupon('unknown coupon');
  if (coupon.startsOn && daysBetween(today, coupon.startsOn) > 0) throw invalidCoupon('coupon not valid yet');
  if (coupon.expiresOn && daysBetween(coupon.expiresOn, today) > 0) throw invalidCoupon('coupon expired');
  if (coupon.packageId !== null && coupon.packageId !== options.packageId) throw invalidCoupon('coupon is for another package');
  if (await repo.hasHostUsedCoupon(db, coupon.id, options.userId)) throw couponAlreadyUsed();
  if ((await repo.countHostOrdersWithCoupon(db, coupon.id, options.userId, options.eventId)) > 0) throw couponAlreadyUsed();
  if (coupon.maxUses !== null) {
    const open = await repo.countOpenOrdersWithCoupon(db, coupon.id, options.eventId);
    if (coupon.uses + open >= coupon.maxUses) throw invalidCoupon('coupon used up');
  }
  return coupon;
};

/**
 * The amount of an order, computed here only: the price table, the upgrade credit, the coupon. Nothing the
 * browser sends but the package, the tier and the coupon code takes part.
 */
export const quoteOrder = async (
  db: repo.Conn,
  options: {
    event: repo.BillingEvent;
    paid: readonly OrderRow[];
    packageId: number;
    inviteeCount: number;
    coupon: CouponRow | null;
  },
): Promise<Quote> => {
  const { event, packageId, inviteeCount } = options;
  const price = await repo.findPrice(db, packageId, inviteeCount);
  if (price === undefined) throw new AppError('PACKAGE_NOT_FOUND', 'no price for this package and tier');
  const current = currentPackageOf(options.paid);
  let kind: OrderKind = 'purchase';
  let subtotal = price;
  if (current) {
    kind = 'upgrade';
    if (daysBetween(todayInBusinessZone(), event.date) < 0) throw new AppError('EVENT_DATE_PASSED', 'the event is over');
    const larger = packageId >= current.packageId && inviteeCount >= current.inviteeCount && (packageId > current.packageId || inviteeCount > current.inviteeCount);
    subtotal = price - current.credit;
    if (!larger || subtotal <= 0) throw new AppError('UPGRADE_NOT_ALLOWED', 'an upgrade must buy more than the event has');
  } else {
    const problem = checkEventDates({ date: event.date });
    if (problem) throw new AppError(problem.code, problem.code);
  }
  const couponDiscount = options.coupon ? discountOf(options.coupon, subtotal) : 0;
  return { kind, packageId, inviteeCount, subtotal, coupon: options.coupon, couponDiscount, total: subtotal - couponDiscount };
};
