import { LOCAL_DATE_TIME_PATTERN, MSG, isCalendarDate } from '@magiim/shared';
import { AppError } from '../../platform/errors.js';
import { jerusalemPartsOf, jerusalemWallToInstant } from '../../platform/jerusalem-time.js';

/** A Jerusalem wall-clock reading of an instant. */
export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

export const localPartsOf = (at: Date): LocalParts => {
  const p = jerusalemPartsOf(at);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minutes: p.hour * 60 + p.minute, weekday: p.weekday };
};

/** `YYYY-MM-DDTHH:mm` of an instant in Asia/Jerusalem (seconds dropped). */
export const formatLocalDateTime = (at: Date): string => {
  const p = jerusalemPartsOf(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
};

/**
 * The instant of a Jerusalem wall time, or null when that wall time does not exist (the spring-forward
 * hour); of an autumn hour that happens twice, the first (see platform/jerusalem-time.ts).
 */
export const localToInstant = (date: string, minutes: number): Date | null => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return jerusalemWallToInstant(y, m, d, Math.floor(minutes / 60), minutes % 60);
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
