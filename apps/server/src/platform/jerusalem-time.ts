import { TZDate } from '@date-fns/tz';
import { BUSINESS_TIME_ZONE } from '@magiim/shared';

/**
 * Wall clock ↔ instant in Asia/Jerusalem, in one place (the messaging window, scheduled sends, 019's report
 * times). Israel moves to summer time on the last Friday before 2 April at 02:00 (to 03:00) and back on the last
 * Sunday of October at 02:00 (to 01:00); the zone data comes from the runtime's ICU (Intl), which Node keeps
 * current.
 */

export interface JerusalemParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  weekday: 'short',
});
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The Jerusalem wall clock at an instant. */
export const jerusalemPartsOf = (at: Date | number): JerusalemParts => {
  const parts: Record<string, string> = {};
  for (const part of wallClock.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
};

/**
 * The instant of a Jerusalem wall time, or null when that wall time does not exist (the spring-forward hour,
 * 02:00–02:59 on the last Friday before 2 April). Of an autumn hour that happens twice (01:00–01:59 on the last
 * Sunday of October), the first. @date-fns/tz does the zone arithmetic; a wall time it had to move (the gap) is
 * one that does not exist.
 */
export const jerusalemWallToInstant = (year: number, month: number, day: number, hour: number, minute: number, second = 0): Date | null => {
  if (![year, month, day, hour, minute, second].every(Number.isFinite)) return null;
  const instant = new TZDate(year, month - 1, day, hour, minute, second, BUSINESS_TIME_ZONE);
  if (Number.isNaN(instant.getTime())) return null;
  const back = jerusalemPartsOf(instant);
  const same = back.year === year && back.month === month && back.day === day && back.hour === hour && back.minute === minute && back.second === second;
  return same ? new Date(instant.getTime()) : null;
};
