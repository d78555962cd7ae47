import { describe, expect, it } from 'vitest';
import { formatEventWhen, hebrewDateOf } from './event-when.js';

describe('the event date and time in the guest language', () => {
  it('runs under an odd machine zone, so a shifted date would show', () => {
    expect(new Date(2027, 2, 11).getTimezoneOffset()).toBe(-345);
  });

  it('writes the weekday, day, month and year in each language', () => {
    expect(formatEventWhen('he', '2027-03-11', '19:30')).toEqual({
      dateText: 'יום חמישי, 11 במרץ 2027',
      timeText: '19:30',
      hebrewDate: 'ב׳ באדר ב׳ תשפ״ז',
      weekday: 'יום חמישי',
    });
    expect(formatEventWhen('en', '2027-03-11', '19:30')).toEqual({
      dateText: 'Thursday, 11 March 2027',
      timeText: '19:30',
      hebrewDate: null,
      weekday: 'Thursday',
    });
    expect(formatEventWhen('ru', '2027-03-11', '19:30').dateText).toBe('четверг, 11 марта 2027 г.');
    expect(formatEventWhen('ar', '2027-03-11', '19:30')).toMatchObject({ dateText: 'الخميس، 11 مارس 2027', weekday: 'الخميس', hebrewDate: null });
  });

  it('keeps Latin digits in Arabic', () => {
    expect(formatEventWhen('ar', '2027-12-31', '09:05').dateText).toMatch(/31.*2027/);
    expect(formatEventWhen('ar', '2027-12-31', '09:05').dateText).not.toMatch(/[\u0660-\u0669]/);
  });

  it('never moves the day, at the edges of the day and the year', () => {
    expect(formatEventWhen('en', '2027-01-01', '00:00')).toMatchObject({ dateText: 'Friday, 1 January 2027', timeText: '00:00' });
    expect(formatEventWhen('en', '2026-12-31', '23:59')).toMatchObject({ dateText: 'Thursday, 31 December 2026', timeText: '23:59' });
  });

  it('writes the time as 24-hour wall time in every language', () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) expect(formatEventWhen(lang, '2027-07-15', '21:00').timeText).toBe('21:00');
    expect(formatEventWhen('en', '2027-07-15', '9:05').timeText).toBe('09:05');
  });

  it('gives the Hebrew-calendar date without niqqud, for known dates', () => {
    expect(hebrewDateOf('2027-03-11')).toBe('ב׳ באדר ב׳ תשפ״ז');
    // Yom Kippur 5786 and the first day of Pesach 5784.
    expect(hebrewDateOf('2025-10-02')).toBe('י׳ בתשרי תשפ״ו');
    expect(hebrewDateOf('2024-04-23')).toBe('ט״ו בניסן תשפ״ד');
    expect(hebrewDateOf('2026-11-05')).not.toMatch(/[\u0591-\u05BD\u05BF-\u05C7]/);
  });

  it('refuses what is not a date or a time', () => {
    expect(() => formatEventWhen('he', '11/03/2027', '19:30')).toThrow();
    expect(() => formatEventWhen('he', '2027-03-11', '25:00')).toThrow();
  });
});
