import { describe, expect, it } from 'vitest';
import { agorotToInput, formatShekels, parseShekels } from './money';
import { checkDraft, draftLeftToPay, draftsChanged, draftTotals, moveDraft, toDrafts, toEdit, type ExpenseDraft } from './expense-drafts';

const strip = (text: string) => text.replace(/[\u200E\u200F\u2066-\u2069\u00A0\u202F]/g, ' ').replace(/\s+/g, ' ').trim();

describe('parseShekels', () => {
  it.each([
    ['1250', 125_000],
    ['1250.5', 125_050],
    ['1250.05', 125_005],
    ['1250,50', 125_050],
    ['1,250.50', 125_050],
    ['12,345,678', 1_234_567_800],
    ['₪ 800', 80_000],
    [' 0.99 ', 99],
    ['', 0],
    // A comma with two or one digits after it is the decimal comma; spaces group thousands (Russian).
    ['1,25', 125],
    ['1 250,50', 125_050],
  ])('%j → %d agorot', (text, agorot) => {
    expect(parseShekels(text)).toBe(agorot);
  });

  it.each(['abc', '-5', '1.234', '1.2.3', '12e3', '1,2,3', '.5', '1,2345', '99999999999999999999'])('refuses %j', (text) => {
    expect(parseShekels(text)).toBeUndefined();
  });

  it('never goes through floating point: 0.29 shekels is 29 agorot, not 28.999…', () => {
    expect(parseShekels('0.29')).toBe(29);
    expect(parseShekels('1.15')).toBe(115);
  });
});

describe('agorotToInput', () => {
  it('writes whole shekels without decimals and agorot with two digits, and reads back the same', () => {
    expect(agorotToInput(125_000)).toBe('1250');
    expect(agorotToInput(125_050)).toBe('1250.50');
    expect(agorotToInput(5)).toBe('0.05');
    for (const agorot of [0, 1, 99, 100, 12_345, 10_000_000_000]) expect(parseShekels(agorotToInput(agorot))).toBe(agorot);
  });
});

describe('formatShekels', () => {
  it('shows ₪ with agorot and Western digits in every language', () => {
    expect(strip(formatShekels(125_050, 'en'))).toBe('₪1,250.50');
    expect(strip(formatShekels(125_050, 'he'))).toMatch(/^(₪ ?1,250\.50|1,250\.50 ₪)$/);
    expect(strip(formatShekels(125_050, 'ar'))).toContain('1,250.50');
    expect(strip(formatShekels(125_050, 'ar'))).toContain('₪');
    expect(strip(formatShekels(125_050, 'ru'))).toMatch(/^1 250,50 ₪$/);
    expect(strip(formatShekels(0, 'en'))).toBe('₪0.00');
  });
});

const draft = (overrides: Partial<ExpenseDraft>): ExpenseDraft => ({
  key: overrides.id ?? 'k',
  description: 'Hall',
  supplierName: '',
  totalPayment: '100',
  paidAmount: '',
  ...overrides,
});

describe('expense drafts', () => {
  it('computes left to pay, and refuses a paid amount above the total with the shared message', () => {
    expect(draftLeftToPay(draft({ totalPayment: '100', paidAmount: '40.5' }))).toBe(5_950);
    expect(checkDraft(draft({ totalPayment: '100', paidAmount: '100.01' }))).toEqual({ paidAmount: 'validation.paidAboveTotal' });
    expect(checkDraft(draft({ totalPayment: '100', paidAmount: '100' }))).toEqual({});
    expect(checkDraft(draft({ totalPayment: 'x' })).totalPayment).toBe('validation.invalidValue');
    expect(checkDraft(draft({ description: '  ' })).description).toBe('validation.required');
  });

  it('builds the PUT body in agorot, in order, with ids of saved rows; none while a row has an error', () => {
    const rows = [draft({ key: 'a', id: '8d9f7a60-0000-4000-8000-000000000001', description: ' Hall ', totalPayment: '1,000.5', paidAmount: '1000' }), draft({ key: 'b', description: 'DJ', totalPayment: '450' })];
    expect(toEdit(3, rows)).toEqual({
      version: 3,
      expenses: [
        { id: '8d9f7a60-0000-4000-8000-000000000001', description: 'Hall', supplierName: '', totalPayment: 100_050, paidAmount: 100_000 },
        { description: 'DJ', supplierName: '', totalPayment: 45_000, paidAmount: 0 },
      ],
    });
    expect(toEdit(3, [...rows, draft({ key: 'c', paidAmount: '200' })])).toBeUndefined();
  });

  it('moves rows up and down, and leaves the ends where they are', () => {
    expect(moveDraft(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveDraft(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveDraft(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveDraft(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('adds up the rows and tells a changed list from the saved one (order included)', () => {
    const saved = [
      { id: '1', description: 'Hall', supplierName: 'Garden', totalPayment: 100_000, paidAmount: 25_000, leftToPay: 75_000 },
      { id: '2', description: 'DJ', supplierName: '', totalPayment: 5_050, paidAmount: 0, leftToPay: 5_050 },
    ];
    const drafts = toDrafts(saved);
    expect(draftTotals(drafts)).toEqual({ totalPayment: 105_050, paidAmount: 25_000, leftToPay: 80_050 });
    expect(draftsChanged(drafts, saved)).toBe(false);
    expect(draftsChanged(drafts.map((row) => (row.id === '2' ? { ...row, totalPayment: '50.50' } : row)), saved)).toBe(false);
    expect(draftsChanged(moveDraft(drafts, 0, 1), saved)).toBe(true);
    expect(draftsChanged(drafts.slice(1), saved)).toBe(true);
    expect(draftsChanged(drafts.map((row) => (row.id === '1' ? { ...row, paidAmount: '251' } : row)), saved)).toBe(true);
  });
});
