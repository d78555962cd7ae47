import dayjs, { type Dayjs } from 'dayjs';
import { isCalendarDate, TIME_PATTERN } from '@magiim/shared';

/**
 * The forms keep what the API takes (`YYYY-MM-DD`, `HH:mm`); the pickers work on dayjs values. A half-typed
 * field is neither empty nor a date: it is kept as `INCOMPLETE`, which the shared schema refuses as an invalid
 * date or time (an empty field says "required" instead).
 */
export const INCOMPLETE = 'incomplete';

export const isoDateToDayjs = (value: string): Dayjs | null => {
  if (!value) return null;
  return isCalendarDate(value) ? dayjs(value) : dayjs(NaN);
};

export const dayjsToIsoDate = (value: Dayjs | null): string => {
  if (!value) return '';
  return value.isValid() ? value.format('YYYY-MM-DD') : INCOMPLETE;
};

/** A time of day on a fixed calendar day, so the value never moves with the day it is read. */
export const timeToDayjs = (value: string): Dayjs | null => {
  if (!value) return null;
  if (!TIME_PATTERN.test(value)) return dayjs(NaN);
  const [hours, minutes] = value.split(':').map(Number) as [number, number];
  return dayjs('2000-01-01').hour(hours).minute(minutes);
};

export const dayjsToTime = (value: Dayjs | null): string => {
  if (!value) return '';
  return value.isValid() ? value.format('HH:mm') : INCOMPLETE;
};
