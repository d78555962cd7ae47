import { HDate, HebrewCalendar, flags } from '@hebcal/core';
import { addDays } from '@magiim/shared';
import { localMoment, localPartsOf } from './local-time.js';

/**
 * When a message may reach a guest (Asia/Jerusalem): Sunday–Thursday 09:00 ≤ t < 21:00; Friday and the eve of
 * a holiday on which work is forbidden 09:00 ≤ t < 14:00; never on Shabbat nor on such a holiday (Israel's
 * schedule: Rosh Hashana both days, Yom Kippur, Sukkot I, Shmini Atzeret, Pesach I and VII, Shavuot).
 * `always` (development and tests only) allows any time.
 */
export type SendingHoursMode = 'israel' | 'always';

const OPEN = 9 * 60;
const CLOSE = 21 * 60;
const SHORT_CLOSE = 14 * 60;
/** Shabbat and a two-day Rosh Hashana next to it close at most three days in a row; a fortnight is plenty. */
const SEARCH_DAYS = 14;

const holidayCache = new Map<string, boolean>();

/** True on a holiday on which work is forbidden, in Israel (hebcal's CHAG with the Israeli schedule). */
const isYomTov = (date: string): boolean => {
  const cached = holidayCache.get(date);
  if (cached !== undefined) return cached;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // HDate reads a Date's local calendar fields, so a local Date of that calendar day is right in any zone.
  const events = HebrewCalendar.getHolidaysOnDate(new HDate(new Date(y, m - 1, d)), true) ?? [];
  const result = events.some((event) => (event.getFlags() & flags.CHAG) !== 0);
  holidayCache.set(date, result);
  return result;
};

const weekdayOf = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
};

/** The day's sending window in local minutes [open, close), or null for a closed day. */
const windowMinutesOn = (date: string): { open: number; close: number } | null => {
  const weekday = weekdayOf(date);
  if (weekday === 6 || isYomTov(date)) return null;
  // The eve of a holiday closes like Friday (hebcal's EREV flag misses Hoshana Raba and Pesach VI).
  if (weekday === 5 || isYomTov(addDays(date, 1))) return { open: OPEN, close: SHORT_CLOSE };
  return { open: OPEN, close: CLOSE };
};

/** The sending window of a local calendar day as instants [open, close), or null when nothing may go that day. */
export const sendingWindowOn = (date: string, mode: SendingHoursMode): { open: Date; close: Date } | null => {
  if (mode === 'always') return { open: localMoment(date, 0), close: localMoment(addDays(date, 1), 0) };
  const window = windowMinutesOn(date);
  return window ? { open: localMoment(date, window.open), close: localMoment(date, window.close) } : null;
};

/** True when a message may go at `at`. */
export const isSendingAllowed = (at: Date, mode: SendingHoursMode): boolean => {
  if (mode === 'always') return true;
  const { date, minutes } = localPartsOf(at);
  const window = windowMinutesOn(date);
  return window !== null && minutes >= window.open && minutes < window.close;
};

/** `at` itself when allowed, else the first moment of the next sending window. */
export const nextSendingMoment = (at: Date, mode: SendingHoursMode): Date => {
  if (isSendingAllowed(at, mode)) return at;
  const { date, minutes } = localPartsOf(at);
  for (let day = 0; day <= SEARCH_DAYS; day++) {
    const candidate = addDays(date, day);
    const window = windowMinutesOn(candidate);
    if (!window) continue;
    if (day === 0 && minutes >= window.open) continue;
    return localMoment(candidate, window.open);
  }
  throw new Error(`no sending window within ${SEARCH_DAYS} days of ${date}`);
};
