import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import { calendarDaysAgo, formatDayMonth } from '../notifications/relative-day';
import { localeOf } from '../events/format-event';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export interface AnswerTime {
  text: string;
  /** DD/MM (an LTR token to isolate in he/ar), as opposed to words ("5 minutes ago"). */
  isDate: boolean;
}

/**
 * When an answer arrived, as a host glances at it: "now", "5 minutes ago", "3 hours ago" the same day,
 * "yesterday", then DD/MM (spec §3). Words come from Intl, so every language reads naturally.
 */
export const formatAnswerTime = (iso: string, lang: string, now: Date = new Date()): AnswerTime => {
  const elapsed = Math.max(0, now.getTime() - new Date(iso).getTime());
  const days = calendarDaysAgo(iso, now);
  const format = new Intl.RelativeTimeFormat(localeOf(lang), { numeric: 'auto', numberingSystem: 'latn' } as Intl.RelativeTimeFormatOptions);
  // ICU's Hebrew singular keeps its count in brackets ("לפני דקה (1)"): the word already says one.
  const relative = { format: (value: number, unit: Intl.RelativeTimeFormatUnit) => format.format(value, unit).replace(/\s*\(1\)/, '') };
  if (elapsed < MINUTE) return { text: relative.format(0, 'second'), isDate: false };
  if (elapsed < HOUR) return { text: relative.format(-Math.floor(elapsed / MINUTE), 'minute'), isDate: false };
  if (days <= 0) return { text: relative.format(-Math.floor(elapsed / HOUR), 'hour'), isDate: false };
  if (days === 1) return { text: relative.format(-1, 'day'), isDate: false };
  return { text: formatDayMonth(iso), isDate: true };
};

/** The full date and time, for a tooltip and the `<time>` element's title. */
export const formatFullTime = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(localeOf(lang), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: BUSINESS_TIME_ZONE,
    numberingSystem: 'latn',
  } as Intl.DateTimeFormatOptions).format(new Date(iso));
