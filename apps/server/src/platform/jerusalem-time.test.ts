import { describe, expect, it } from 'vitest';
import { jerusalemPartsOf, jerusalemWallToInstant } from './jerusalem-time.js';

const at = (iso: string) => new Date(iso).toISOString();

describe('Jerusalem wall clock ↔ instant around the changes of time', () => {
  it('spring: on the last Friday before 2 April 02:00 becomes 03:00, and the hour between does not exist', () => {
    // 2026: Friday 27 March (the last Sunday of March is the 29th).
    expect(jerusalemWallToInstant(2026, 3, 27, 1, 59)?.toISOString()).toBe(at('2026-03-26T23:59:00Z')); // UTC+2
    expect(jerusalemWallToInstant(2026, 3, 27, 2, 0)).toBeNull();
    expect(jerusalemWallToInstant(2026, 3, 27, 2, 59, 59)).toBeNull();
    expect(jerusalemWallToInstant(2026, 3, 27, 3, 0)?.toISOString()).toBe(at('2026-03-27T00:00:00Z')); // UTC+3
    // 2027: 2 April is a Friday, so the change is the Friday before, 26 March.
    expect(jerusalemWallToInstant(2027, 3, 26, 2, 30)).toBeNull();
    expect(jerusalemWallToInstant(2027, 4, 2, 2, 30)?.toISOString()).toBe(at('2027-04-01T23:30:00Z'));
  });

  it('autumn: on the last Sunday of October 02:00 goes back to 01:00, and the twice-lived hour reads as its first', () => {
    // 2026: Sunday 25 October.
    expect(jerusalemWallToInstant(2026, 10, 25, 0, 59)?.toISOString()).toBe(at('2026-10-24T21:59:00Z')); // UTC+3
    expect(jerusalemWallToInstant(2026, 10, 25, 1, 30)?.toISOString()).toBe(at('2026-10-24T22:30:00Z')); // the first 01:30
    expect(jerusalemWallToInstant(2026, 10, 25, 2, 0)?.toISOString()).toBe(at('2026-10-25T00:00:00Z')); // UTC+2
    expect(jerusalemPartsOf(new Date('2026-10-24T23:30:00Z'))).toMatchObject({ day: 25, hour: 1, minute: 30, weekday: 0 }); // the second 01:30
  });

  it('reads an instant back to the wall clock it came from, every hour of the changing days', () => {
    for (const [year, month, day] of [
      [2026, 3, 27],
      [2026, 10, 25],
    ] as const) {
      for (let hour = 0; hour < 24; hour++) {
        const instant = jerusalemWallToInstant(year, month, day, hour, 15, 7);
        if (!instant) continue;
        expect(jerusalemPartsOf(instant)).toMatchObject({ year, month, day, hour, minute: 15, second: 7 });
      }
    }
  });

  it('refuses what is not a date', () => {
    expect(jerusalemWallToInstant(Number.NaN, 1, 1, 0, 0)).toBeNull();
  });
});
