import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dayjsToIsoDate, dayjsToTime, INCOMPLETE, isoDateToDayjs, timeToDayjs } from './picker-values';

describe('picker values', () => {
  it('keeps the form value a calendar date, YYYY-MM-DD, both ways', () => {
    const value = isoDateToDayjs('2027-06-17');
    expect(value?.date()).toBe(17);
    expect(value?.month()).toBe(5);
    expect(dayjsToIsoDate(value)).toBe('2027-06-17');
    expect(dayjsToIsoDate(dayjs(new Date(2027, 0, 5, 23, 59)))).toBe('2027-01-05');
  });

  it('keeps the form value a 24-hour HH:mm time, both ways', () => {
    const value = timeToDayjs('19:30');
    expect(value?.hour()).toBe(19);
    expect(value?.minute()).toBe(30);
    expect(dayjsToTime(value)).toBe('19:30');
    expect(dayjsToTime(timeToDayjs('00:05'))).toBe('00:05');
    expect(dayjsToTime(timeToDayjs('23:59'))).toBe('23:59');
  });

  it('tells an empty field from a half-typed one', () => {
    expect(isoDateToDayjs('')).toBeNull();
    expect(dayjsToIsoDate(null)).toBe('');
    expect(dayjsToTime(null)).toBe('');
    expect(dayjsToIsoDate(dayjs(NaN))).toBe(INCOMPLETE);
    expect(dayjsToTime(dayjs(NaN))).toBe(INCOMPLETE);
    // What the form held for a half-typed field goes back to the picker as "not a date", not as empty.
    expect(isoDateToDayjs(INCOMPLETE)?.isValid()).toBe(false);
    expect(timeToDayjs(INCOMPLETE)?.isValid()).toBe(false);
    expect(isoDateToDayjs('2027-02-30')?.isValid()).toBe(false);
  });
});
