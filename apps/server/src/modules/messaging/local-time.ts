import { BUSINESS_TIME_ZONE, LOCAL_DATE_TIME_PATTERN, MSG, isCalendarDate } from '@magiim/shared';
import { AppError } from '../../platform/errors.js';

/** A Jerusalem wall-clock reading of an instant. */
export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
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
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const readParts = (at: Date | number) => {
  const parts: Record<string, string> = {};
  for (const part of wallClock.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = part.value;
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'weekday', string>;
};

export const localPartsOf = (at: Date): LocalParts => {
  const p = readParts(at);
  return {
    date: `${p.year}-${p.month}-${p.day}`,
    minutes: Number(p.hour) * 60 + Number(p.minute),
    weekday: WEEKDAYS.indexOf(p.weekday),
  };
};

/** `YYYY-MM-DDTHH:mm` of an instant in Asia/Jerusalem (seconds dropped). */
export const formatLocalDateTime = (at: Date): string => {
  const p = readParts(at);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
};

/** The wall time of an instant written as if it were UTC, in whole minutes. */
const wallAsUtc = (instant: number): number => {
  const p = readParts(instant);
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
};

/**
 * The instant of a Jerusalem wall time, or null when that wall time does not exist (the spring-forward
 * hour). Offsets a day either side bracket any single transition; of an autumn hour that happens twice,
 * the first.
 */
export const localToInstant = (date: string, minutes: number): Date | null => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE_MS;
  const offsets = [wall - DAY_MS, wall + DAY_MS].map((probe) => wallAsUtc(probe) - Math.floor(probe / MINUTE_MS) * MINUTE_MS);
  const candidates = offsets.map((offset) => wall - offset).filter((instant) => wallAsUtc(instant) === wall);
  return candidates.length ? new Date(Math.min(...candidates)) : null;
};

/** Like localToInstant, for wall times known to exist (whole hours of the day, never in the 02:00 gap). */
export const localMoment = (date: string, minutes: number): Date => {
  const instant = localToInstant(date, minutes);
  if (!instant) throw new Error(`no such local time: ${date} ${minutes}`);
  return instant;
};

/**
 * `YYYY-MM-DDTHH:mm` (Asia/Jerusalem) → the instant. A malformed text, an impossible date or a time that
 * does not exist on that day (the spring-forward gap) is refused with VALIDATION at `path`.
 */
export const parseLocalDateTime = (text: string, path = 'sendAt'): Date => {
  const refuse = () => new AppError('VALIDATION', 'invalid input', [{ path, message: MSG.invalidValue }]);
  if (!LOCAL_DATE_TIME_PATTERN.test(text)) throw refuse();
  const [date, time] = text.split('T') as [string, string];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  if (!isCalendarDate(date) || hour > 23 || minute > 59) throw refuse();
  const instant = localToInstant(date, hour * 60 + minute);
  if (!instant) throw refuse();
  return instant;
};
