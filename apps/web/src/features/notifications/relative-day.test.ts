import { describe, expect, it } from 'vitest';
import { calendarDaysAgo, formatDayMonth, relativeDay } from './relative-day';

// 2027-06-17 09:00 in Jerusalem (UTC+3 in summer).
const now = new Date('2027-06-17T06:00:00Z');

describe('relativeDay (spec §3 notification dates)', () => {
  it('reads Today for any moment of the same Jerusalem day', () => {
    expect(relativeDay('2027-06-17T05:59:00Z', now)).toEqual({ kind: 'today' });
    // 00:30 in Jerusalem is still the previous day in UTC.
    expect(relativeDay('2027-06-16T21:30:00Z', now)).toEqual({ kind: 'today' });
  });

  it('reads Yesterday for the Jerusalem day before, even late at night', () => {
    expect(relativeDay('2027-06-16T20:59:00Z', now)).toEqual({ kind: 'yesterday' });
    expect(relativeDay('2027-06-15T21:00:00Z', now)).toEqual({ kind: 'yesterday' });
  });

  it('reads DD/MM once older than a day', () => {
    expect(relativeDay('2027-06-15T20:59:00Z', now)).toEqual({ kind: 'date', dayMonth: '15/06' });
    expect(relativeDay('2026-12-31T22:30:00Z', now)).toEqual({ kind: 'date', dayMonth: '01/01' });
  });

  it('treats a clock slightly ahead of ours as today', () => {
    expect(relativeDay('2027-06-17T06:01:00Z', now)).toEqual({ kind: 'today' });
  });

  it('counts calendar days, not 24-hour spans', () => {
    expect(calendarDaysAgo('2027-06-16T21:01:00Z', new Date('2027-06-17T20:59:00Z'))).toBe(0);
    expect(formatDayMonth('2027-03-05T10:00:00Z')).toBe('05/03');
  });
});
