import { BUSINESS_TIME_ZONE, daysBetween, todayInBusinessZone } from '@magiim/shared';

const dayMonthFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', timeZone: BUSINESS_TIME_ZONE });

/** `17/06`: the day and month of an instant in business time (Asia/Jerusalem), whatever the machine zone. */
export const formatDayMonth = (iso: string): string => dayMonthFormat.format(new Date(iso));

/** Calendar days (in business time) from the instant to `now`: 0 today, 1 yesterday. */
export const calendarDaysAgo = (iso: string, now: Date = new Date()): number =>
  daysBetween(todayInBusinessZone(new Date(iso)), todayInBusinessZone(now));

export type RelativeDay = { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; dayMonth: string };

/** Spec §3: a notification's date reads Today or Yesterday, and DD/MM once older than a day. */
export const relativeDay = (iso: string, now: Date = new Date()): RelativeDay => {
  const days = calendarDaysAgo(iso, now);
  if (days <= 0) return { kind: 'today' };
  if (days === 1) return { kind: 'yesterday' };
  return { kind: 'date', dayMonth: formatDayMonth(iso) };
};
