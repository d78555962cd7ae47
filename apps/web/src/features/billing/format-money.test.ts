import { describe, expect, it } from 'vitest';
import { formatOrderDate, formatShekels as format } from './format-money';

// Intl separates the sign with a no-break space in some languages; compared as a plain space.
const formatShekels = (agorot: number, lang: string) => format(agorot, lang).replace(/\s/g, ' ');

describe('formatShekels', () => {
  it('writes whole shekels without agorot, in each language', () => {
    expect(formatShekels(129_900, 'en')).toBe('₪1,299');
    expect(formatShekels(129_900, 'he')).toBe('1,299 ₪');
    expect(formatShekels(129_900, 'ar')).toBe('1,299 ₪');
    expect(formatShekels(129_900, 'ru')).toBe('1 299 ₪');
  });

  it('shows agorot with two digits when there are any', () => {
    expect(formatShekels(2_273, 'en')).toBe('₪22.73');
    expect(formatShekels(12_350, 'he')).toBe('123.50 ₪');
  });

  it('writes a discount with its minus sign before the amount', () => {
    expect(formatShekels(-5_000, 'en')).toBe('-₪50');
    expect(formatShekels(-5_000, 'he')).toBe('-50 ₪');
  });

  it('leaves no direction marks for the isolate to fight', () => {
    for (const lang of ['he', 'ar', 'en', 'ru']) expect(format(14_900, lang)).not.toMatch(/[\u200e\u200f\u061c]/);
  });
});

describe('formatOrderDate', () => {
  it('reads the day in Asia/Jerusalem, not in the machine zone', () => {
    // 23:30 UTC on 23 Nov is already 24 Nov in Israel.
    expect(formatOrderDate('2026-11-23T22:30:00Z', 'en')).toBe('24 Nov 2026');
    expect(formatOrderDate('2026-11-23T21:30:00Z', 'en')).toBe('23 Nov 2026');
  });
});
