import { z } from 'zod';
import { MSG } from '../messages.js';
import { safeNextPath } from '../safe-next-path.js';
import { singleLineText, multiLineText } from './text.js';

/** Spec §3 Package: `orderPackageId` 1 is messages only (basic); 2 adds the automated call round (premium). */
export const PackageId = { BASIC: 1, PREMIUM: 2 } as const;
export type PackageId = (typeof PackageId)[keyof typeof PackageId];
export const PACKAGE_IDS = [PackageId.BASIC, PackageId.PREMIUM] as const;
export const packageIncludesCalls = (packageId: number): boolean => packageId !== PackageId.BASIC;

/** Guests (phone numbers) a package is sold for; above the largest tier the host contacts us. */
export const INVITEE_TIERS = [100, 200, 300, 400, 500, 700, 1000, 1500, 2000] as const;
/** Israeli VAT, included in every price. */
export const VAT_PERCENT = 18;
/** Consumer-protection cancellation fee: 5% of the paid amount or ₪100, whichever is lower (agorot). */
export const CANCELLATION_FEE_PERCENT = 5;
export const CANCELLATION_FEE_MAX_AGOROT = 10_000;

/** The VAT inside a VAT-inclusive amount, in agorot (rounded to the agora). */
export const vatPartOf = (totalAgorot: number): number =>
  totalAgorot - Math.round((totalAgorot * 100) / (100 + VAT_PERCENT));

/** What a cancellation keeps: min(5%, ₪100) of what was paid, in agorot. */
export const cancellationFeeOf = (paidAgorot: number): number =>
  Math.min(Math.round((paidAgorot * CANCELLATION_FEE_PERCENT) / 100), CANCELLATION_FEE_MAX_AGOROT);

/** The smallest tier that holds `guests`; null above the largest (contact us). */
export const suggestedTierFor = (guests: number): number | null =>
  INVITEE_TIERS.find((tier) => tier >= guests) ?? null;

/**
 * `superseded`: replaced by a newer order of the event before it was paid; `abandoned`: still unpaid a day later;
 * `needsAttention`: money came that matches no order (amount, currency, or an order already closed): support decides.
 */
export const ORDER_STATUSES = ['created', 'pending', 'paid', 'failed', 'cancelled', 'refunded', 'superseded', 'abandoned', 'needsAttention'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const PAYMENT_METHODS = ['card', 'bit', 'coupon'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** A first purchase, or an upgrade of a paid event (a larger tier and/or basic → premium). */
export const ORDER_KINDS = ['purchase', 'upgrade'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

const agorot = z.number().int();
const packageIdSchema = z.union([z.literal(PackageId.BASIC), z.literal(PackageId.PREMIUM)], { error: 'errors.PACKAGE_NOT_FOUND' });
const tierSchema = z.coerce
  .number({ error: MSG.numeric })
  .int(MSG.numeric)
  .refine((value) => (INVITEE_TIERS as readonly number[]).includes(value), 'errors.PACKAGE_NOT_FOUND');

export const COUPON_CODE_MAX_LENGTH = 32;
/** Coupon codes are compared upper-case and trimmed; letters, digits, `-` and `_`. */
export const normalizeCouponCode = (code: string): string => code.trim().toUpperCase();
export const couponCodeSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(COUPON_CODE_MAX_LENGTH, MSG.maxChars(COUPON_CODE_MAX_LENGTH))
  .regex(/^[A-Za-z0-9_-]+$/, 'errors.INVALID_COUPON')
  .transform(normalizeCouponCode);

// ── GET packages/{id} ──────────────────────────────────────────────────────────
export const packageTierSchema = z.object({ inviteeCount: z.number().int(), price: agorot });
export const packageOfferSchema = z.object({ id: z.number().int(), includesCalls: z.boolean(), tiers: z.array(packageTierSchema) });
export const currentPackageSchema = z.object({ packageId: z.number().int(), inviteeCount: z.number().int(), paidAmount: agorot });
export const packagesResponseSchema = z.object({
  vatPercent: z.number(),
  packages: z.array(packageOfferSchema),
  current: currentPackageSchema.nullable(),
  /** The smallest tier that holds the event's guest list (the largest tier when the list is larger). */
  suggestedInviteeCount: z.number().int(),
  /** Ours: guests on the list now, for the "list larger than the tier" warning. */
  guestCount: z.number().int(),
  /** Ours: an upgrade is still possible (paid, before the thank-you and the event date). */
  canUpgrade: z.boolean(),
});
export type PackagesResponse = z.infer<typeof packagesResponseSchema>;

// ── POST coupons/check ────────────────────────────────────────────────────────
export const couponCheckInputSchema = z.object({
  code: couponCodeSchema,
  eventId: z.uuid({ error: MSG.invalidValue }),
  packageId: packageIdSchema,
  inviteeCount: tierSchema,
});
export type CouponCheckInput = z.input<typeof couponCheckInputSchema>;
export const couponCheckResponseSchema = z.object({
  discount: agorot,
  total: agorot,
  /** Ours: the VAT inside `total`. */
  vat: agorot,
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

// ── POST orders/{eventId} ─────────────────────────────────────────────────────
const confirmed = z.literal(true, { error: MSG.mustConfirm });
/** Spec §5: every field on the confirmation step must be confirmed. */
export const orderConfirmationsSchema = z.object({
  eventName: confirmed,
  eventDate: confirmed,
  inviteeCount: confirmed,
  package: confirmed,
  total: confirmed,
  rsvpStartDate: confirmed,
  terms: confirmed,
});
export const ORDER_CONFIRMATION_FIELDS = ['eventName', 'eventDate', 'inviteeCount', 'package', 'total', 'rsvpStartDate', 'terms'] as const;
export const createOrderInputSchema = z.object({
  packageId: packageIdSchema,
  inviteeCount: tierSchema,
  couponCode: couponCodeSchema.optional(),
  confirmations: orderConfirmationsSchema,
  /**
   * A try again after the provider's page sent the host back (declined, cancelled): the event's open order is
   * replaced by one with a new page even when the choice is the same. Without it the same open order is answered.
   */
  newPage: z.boolean().optional(),
});
export type CreateOrderInput = z.input<typeof createOrderInputSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  /** Human and sequential, from 100001. */
  orderNumber: z.number().int(),
  eventId: z.uuid(),
  eventName: z.string(),
  kind: z.enum(ORDER_KINDS),
  packageId: z.number().int(),
  inviteeCount: z.number().int(),
  /** Before the coupon: the tier's price, or for an upgrade the difference. */
  subtotal: agorot,
  couponDiscount: agorot,
  /** What the host pays: subtotal − couponDiscount. */
  total: agorot,
  /** The VAT inside `total`. */
  vat: agorot,
  paidAmount: agorot,
  paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  /** Refunded to the host after a cancellation (paid amount less the cancellation fee). */
  refundAmount: agorot.nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  receiptUrl: z.string().nullable(),
  /** The event's RSVP start date: the last day a cancellation is accepted is the day before. */
  rsvpStartDate: z.string(),
  /** Whether `POST orders/{orderId}/cancel` would be accepted now. */
  cancellable: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

export const createOrderResponseSchema = z.object({
  order: orderSchema,
  /** The provider's hosted page; for an order a coupon paid in full, our own success step. */
  checkoutUrl: z.string(),
});
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;

export const ordersResponseSchema = z.object({ active: z.array(orderSchema), closed: z.array(orderSchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const CANCEL_REASON_MAX_LENGTH = 1000;
export const cancelOrderInputSchema = z.object({
  reason: multiLineText({ max: CANCEL_REASON_MAX_LENGTH }),
});
export type CancelOrderInput = z.input<typeof cancelOrderInputSchema>;
export const orderIdParamsSchema = z.object({ orderId: z.uuid({ error: MSG.invalidValue }) });

// ── POST auth/ott ─────────────────────────────────────────────────────────────
/** A one-time sign-in link for leaving the app's web view for the system browser (2 minutes, single use). */
export const OTT_TTL_SECONDS = 120;
export const ottInputSchema = z.object({
  next: singleLineText({ max: 500 }).refine((value) => safeNextPath(value, 'https://next.invalid') === value, MSG.invalidValue),
});
export const ottResponseSchema = z.object({ url: z.string() });
/** `POST auth/ott/redeem {token}` (ours): the `/ott` screen trades the token for a session. */
export const ottRedeemInputSchema = z.object({ token: z.string().min(1, MSG.required).max(200) });
