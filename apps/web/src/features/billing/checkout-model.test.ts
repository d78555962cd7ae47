import { PackageId, type PackagesResponse } from '@magiim/shared';
import { describe, expect, it } from 'vitest';
import { creditOf, initialSelection, isOfferable, isPackageOfferable, isValidSelection, priceOf, readSelection, subtotalOf, writeSelection } from './checkout-model';

const tiers = (prices: number[]) => [100, 200, 300, 400, 500, 700, 1000, 1500, 2000].map((inviteeCount, i) => ({ inviteeCount, price: prices[i] ?? 0 }));
const response = (overrides: Partial<PackagesResponse> = {}): PackagesResponse => ({
  vatPercent: 18,
  packages: [
    { id: 1, includesCalls: false, tiers: tiers([14_900, 24_900, 32_900, 39_900, 46_900, 59_900, 79_900, 109_900, 139_900]) },
    { id: 2, includesCalls: true, tiers: tiers([24_900, 39_900, 52_900, 64_900, 76_900, 97_900, 129_900, 179_900, 229_900]) },
  ],
  current: null,
  suggestedInviteeCount: 300,
  guestCount: 240,
  canUpgrade: false,
  ...overrides,
});

describe('checkout model', () => {
  it('reads a price from the table, null for a tier it does not sell', () => {
    expect(priceOf(response(), 2, 300)).toBe(52_900);
    expect(priceOf(response(), 1, 250)).toBeNull();
    expect(priceOf(response(), 3, 300)).toBeNull();
  });

  it('charges the full price for a purchase and the difference for an upgrade', () => {
    expect(subtotalOf(response(), { packageId: 1, inviteeCount: 300 })).toBe(32_900);
    const upgrade = response({ current: { packageId: 1, inviteeCount: 300, paidAmount: 20_000 }, canUpgrade: true });
    // The credit is the list price of what the event has, not what a coupon let the host pay.
    expect(creditOf(upgrade, upgrade.current)).toBe(32_900);
    expect(subtotalOf(upgrade, { packageId: 2, inviteeCount: 300 })).toBe(52_900 - 32_900);
    expect(subtotalOf(upgrade, { packageId: 1, inviteeCount: 500 })).toBe(46_900 - 32_900);
  });

  it('offers an upgrade only larger configurations', () => {
    const current = { packageId: 1, inviteeCount: 300, paidAmount: 32_900 };
    expect(isOfferable(current, 1, 300)).toBe(false);
    expect(isOfferable(current, 1, 200)).toBe(false);
    expect(isOfferable(current, 2, 200)).toBe(false);
    expect(isOfferable(current, 1, 400)).toBe(true);
    expect(isOfferable(current, 2, 300)).toBe(true);
    expect(isOfferable(null, 1, 100)).toBe(true);
    const premium = { packageId: 2, inviteeCount: 300, paidAmount: 52_900 };
    expect(isPackageOfferable(premium, 1)).toBe(false);
    expect(isPackageOfferable(premium, 2)).toBe(true);
    expect(isPackageOfferable({ packageId: 2, inviteeCount: 2000, paidAmount: 1 }, 2)).toBe(false);
  });

  it('starts a purchase on the suggested tier and the package the host asked for', () => {
    expect(initialSelection(response(), false)).toMatchObject({ packageId: PackageId.BASIC, inviteeCount: 300, coupon: null, confirmed: false });
    expect(initialSelection(response(), true).packageId).toBe(PackageId.PREMIUM);
  });

  it('starts an upgrade on a larger tier of the same package, else on premium', () => {
    const upgrade = (packageId: number, inviteeCount: number, suggested = 100) =>
      initialSelection(response({ current: { packageId, inviteeCount, paidAmount: 1 }, suggestedInviteeCount: suggested }), false);
    expect(upgrade(1, 300)).toMatchObject({ packageId: 1, inviteeCount: 400 });
    expect(upgrade(1, 300, 700)).toMatchObject({ packageId: 1, inviteeCount: 700 });
    expect(upgrade(1, 2000)).toMatchObject({ packageId: 2, inviteeCount: 2000 });
  });

  it('drops a stored selection that is no longer a valid choice', () => {
    const upgraded = response({ current: { packageId: 2, inviteeCount: 500, paidAmount: 1 } });
    expect(isValidSelection(upgraded, { packageId: 2, inviteeCount: 300, coupon: null, confirmed: false })).toBe(false);
    expect(isValidSelection(upgraded, { packageId: 2, inviteeCount: 700, coupon: null, confirmed: false })).toBe(true);
  });

  it('keeps the selection per event in the tab, and ignores what it cannot read', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
    };
    const selection = { packageId: PackageId.PREMIUM, inviteeCount: 200, coupon: { code: 'SAVE', check: { discount: 100, total: 200, vat: 31 } }, confirmed: true };
    writeSelection('e1', selection, storage);
    expect(readSelection('e1', storage)).toEqual(selection);
    expect(readSelection('e2', storage)).toBeNull();
    store.set('magiim.checkout.e3', '{"packageId":7}');
    expect(readSelection('e3', storage)).toBeNull();
    store.set('magiim.checkout.e4', 'not json');
    expect(readSelection('e4', storage)).toBeNull();
    writeSelection('e1', null, storage);
    expect(readSelection('e1', storage)).toBeNull();
  });
});
