import { describe, expect, it } from 'vitest';
import { eventNameIn, formatCount, formatEventDate } from './format-event';

describe('event formatting', () => {
  it('abbreviates counts from 1,000 with k (spec §9)', () => {
    expect(formatCount(0, 'en')).toBe('0');
    expect(formatCount(999, 'he')).toBe('999');
    expect(formatCount(1000, 'en')).toBe('1k');
    expect(formatCount(1299, 'en')).toBe('1.2k');
    expect(formatCount(12_345, 'he')).toBe('12.3k');
    expect(formatCount(1500, 'ar')).toBe('1.5k');
  });

  it('names the event in the interface language, else its default', () => {
    const event = { names: { he: 'החתונה', en: 'The wedding' }, defaultLang: 'he' as const };
    expect(eventNameIn(event, 'en')).toBe('The wedding');
    expect(eventNameIn(event, 'ru')).toBe('החתונה');
    expect(eventNameIn({ names: { en: 'Bar mitzvah' }, defaultLang: 'he' }, 'ar')).toBe('Bar mitzvah');
  });

  it('shows the weekday of a calendar date whatever the machine zone', () => {
    expect(formatEventDate('2027-06-17', 'en')).toContain('Thursday');
    expect(formatEventDate('2027-06-17', 'en')).toContain('17');
    expect(formatEventDate('2027-06-17', 'he')).toContain('חמישי');
  });
});
