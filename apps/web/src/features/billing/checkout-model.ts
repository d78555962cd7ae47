import { INVITEE_TIERS, PackageId, vatPartOf, type CouponCheckResponse, type PackagesResponse } from '@magiim/shared';

/** What the host chose on the Order step; kept per event in the tab, so the provider's return finds it. */
export interface CheckoutSelection {
  packageId: PackageId;
  inviteeCount: number;
  /** A code the server accepted for this package and tier, with its answer. */
  coupon: { code: string; check: CouponCheckResponse } | null;
  /** Set by the Confirmation step once every field was ticked. */
  confirmed: boolean;
}

type Prices = Pick<PackagesResponse, 'packages'>;
type Current = PackagesResponse['current'];

export const priceOf = ({ packages }: Prices, packageId: number, inviteeCount: number): number | null =>
  packages.find((offer) => offer.id === packageId)?.tiers.find((tier) => tier.inviteeCount === inviteeCount)?.price ?? null;

/** The list price of what the event has: an upgrade pays the new price less this (as the server computes it). */
export const creditOf = (prices: Prices, current: Current): number =>
  current ? (priceOf(prices, current.packageId, current.inviteeCount) ?? 0) : 0;

/** An upgrade buys more: not a smaller tier, not basic after premium, and not the same configuration. */
export const isOfferable = (current: Current, packageId: number, inviteeCount: number): boolean =>
  !current ||
  (packageId >= current.packageId && inviteeCount >= current.inviteeCount && (packageId !== current.packageId || inviteeCount !== current.inviteeCount));

/** Whether any tier of a package may still be bought. */
export const isPackageOfferable = (current: Current, packageId: number): boolean =>
  INVITEE_TIERS.some((tier) => isOfferable(current, packageId, tier));

/** Before the coupon: the tier's price, or for an upgrade the difference. */
export const subtotalOf = (response: Prices & { current: Current }, selection: Pick<CheckoutSelection, 'packageId' | 'inviteeCount'>): number | null => {
  const price = priceOf(response, selection.packageId, selection.inviteeCount);
  return price === null ? null : Math.max(0, price - creditOf(response, response.current));
};

/**
 * Where the Order step starts: a purchase on the suggested tier (premium when the host asked for calls); an upgrade
 * on the same package's next tier, else premium at the same tier.
 */
export const initialSelection = (response: PackagesResponse, wantsCalls: boolean): CheckoutSelection => {
  const { current } = response;
  const base = { coupon: null, confirmed: false };
  if (!current) return { ...base, packageId: wantsCalls ? PackageId.PREMIUM : PackageId.BASIC, inviteeCount: response.suggestedInviteeCount };
  const larger = INVITEE_TIERS.find((tier) => tier > current.inviteeCount && tier >= response.suggestedInviteeCount)
    ?? INVITEE_TIERS.find((tier) => tier > current.inviteeCount);
  if (larger !== undefined) return { ...base, packageId: current.packageId as PackageId, inviteeCount: larger };
  return { ...base, packageId: PackageId.PREMIUM, inviteeCount: current.inviteeCount };
};

/** A stored selection is used only while it is still a valid choice for this event. */
export const isValidSelection = (response: PackagesResponse, selection: CheckoutSelection): boolean =>
  priceOf(response, selection.packageId, selection.inviteeCount) !== null && isOfferable(response.current, selection.packageId, selection.inviteeCount);

const storageKey = (eventId: string) => `magiim.checkout.${eventId}`;

const isSelection = (value: unknown): value is CheckoutSelection => {
  const candidate = value as Partial<CheckoutSelection> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    (candidate.packageId === PackageId.BASIC || candidate.packageId === PackageId.PREMIUM) &&
    typeof candidate.inviteeCount === 'number' &&
    typeof candidate.confirmed === 'boolean' &&
    (candidate.coupon === null || (typeof candidate.coupon?.code === 'string' && typeof candidate.coupon.check?.total === 'number'))
  );
};

export const readSelection = (eventId: string, storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): CheckoutSelection | null => {
  try {
    const value: unknown = JSON.parse(storage?.getItem(storageKey(eventId)) ?? 'null');
    return isSelection(value) ? value : null;
  } catch {
    return null;
  }
};

export const writeSelection = (
  eventId: string,
  selection: CheckoutSelection | null,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.sessionStorage,
): void => {
  try {
    if (selection) storage?.setItem(storageKey(eventId), JSON.stringify(selection));
    else storage?.removeItem(storageKey(eventId));
  } catch {
    // private mode: the choice lives as long as the page
  }
};

export interface CheckoutTotals {
  /** The tier's list price. */
  price: number;
  /** An upgrade's credit: the list price of what the event has. */
  credit: number;
  /** What the host pays: the server's coupon answer when a code applies, else price − credit. */
  total: number;
  vat: number;
}

export const totalsOf = (response: PackagesResponse, selection: CheckoutSelection): CheckoutTotals | null => {
  const price = priceOf(response, selection.packageId, selection.inviteeCount);
  if (price === null) return null;
  const credit = Math.min(price, creditOf(response, response.current));
  const total = selection.coupon ? selection.coupon.check.total : price - credit;
  return { price, credit, total, vat: selection.coupon ? selection.coupon.check.vat : vatPartOf(total) };
};
