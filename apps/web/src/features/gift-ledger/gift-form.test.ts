import { sumGifts } from '@magiim/shared';
import { describe, expect, it } from 'vitest';
import { agorotOfTyped, emptyGiftForm, giftFormSchema, methodRows, shareOf, sideRows } from './gift-form';

const GUEST = '3f2b8c1e-9a4d-4c6b-8e2f-1a2b3c4d5e6f';
const issuesOf = (values: Record<string, unknown>) => {
  const result = giftFormSchema.safeParse({ ...emptyGiftForm(), guestId: GUEST, ...values });
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the quick entry form', () => {
  it('turns shekels as typed into agorot', () => {
    for (const [typed, agorot] of [
      ['500', 50_000],
      ['360.50', 36_050],
      ['1,250.5', 125_050],
      ['1250,50', 125_050],
      [' ₪ 1,800 ', 180_000],
      ['0.01', 1],
    ] as const) {
      const result = giftFormSchema.parse({ guestId: GUEST, amount: typed, method: 'cheque', note: '' });
      expect(result.amount, typed).toBe(agorot);
    }
  });

  it('asks for a guest and an amount, and refuses what is not an amount above zero or beyond a million', () => {
    expect(issuesOf({ guestId: '', amount: '' })).toEqual({ guestId: 'validation.required', amount: 'validation.required' });
    expect(issuesOf({ amount: 'abc' })).toEqual({ amount: 'validation.numeric' });
    expect(issuesOf({ amount: '12.345' })).toEqual({ amount: 'validation.numeric' });
    expect(issuesOf({ amount: '-5' })).toEqual({ amount: 'validation.numeric' });
    expect(issuesOf({ amount: '0' })).toEqual({ amount: 'validation.invalidValue' });
    expect(issuesOf({ amount: '1000000.01' })).toEqual({ amount: 'validation.invalidValue' });
    expect(issuesOf({ amount: '1000000' })).toEqual({});
    expect(issuesOf({ amount: '100', method: 'crypto' })).toEqual({ method: 'validation.invalidValue' });
    expect(issuesOf({ amount: '100', guestId: 'not-a-guest' })).toEqual({ guestId: 'validation.invalidValue' });
  });

  it('keeps the note optional and one line', () => {
    expect(giftFormSchema.parse({ guestId: GUEST, amount: '100', method: 'cash', note: '  from the whole family ' }).note).toBe('from the whole family');
    expect(issuesOf({ amount: '100', note: 'x'.repeat(201) })).toHaveProperty('note');
  });

  it('shows the amount being typed only once it is one', () => {
    expect(agorotOfTyped('')).toBeUndefined();
    expect(agorotOfTyped('0')).toBeUndefined();
    expect(agorotOfTyped('12a')).toBeUndefined();
    expect(agorotOfTyped('360.5')).toBe(36_050);
  });
});

describe('the totals', () => {
  const totals = sumGifts([
    { amount: 50_000, method: 'cheque', side: 'a', guestId: 'g1' },
    { amount: 36_000, method: 'bit', side: 'b', guestId: 'g2' },
    { amount: 70_000, method: 'cheque', side: null, guestId: 'g3' },
    { amount: 10_000, method: 'cash', side: 'a', guestId: 'g1' },
  ]);

  it('lists the methods with gifts, largest sum first', () => {
    expect(methodRows(totals, (m) => m).map((r) => [r.key, r.amount, r.count])).toEqual([
      ['cheque', 120_000, 2],
      ['bit', 36_000, 1],
      ['cash', 10_000, 1],
    ]);
  });

  it('names the sides with the host labels (or the default in the language), no side last', () => {
    expect(sideRows(totals, { a: 'דנה', b: '' }, 'he', 'בלי צד').map((r) => [r.key, r.label, r.amount])).toEqual([
      ['a', 'דנה', 60_000],
      ['b', 'צד ב׳', 36_000],
      ['none', 'בלי צד', 70_000],
    ]);
    expect(sideRows(totals, { a: '', b: '' }, 'en', 'No side').map((r) => r.label)).toEqual(['Side A', 'Side B', 'No side']);
  });

  it('gives each a whole-percent share of the total', () => {
    expect(shareOf(120_000, 166_000)).toBe(72);
    expect(shareOf(0, 0)).toBe(0);
  });
});
