import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import { localeOf } from '../events/format-event';

/** An instant as a day and time in business time ("24 Nov 2026, 09:05"), Western digits in every language. */
export const formatAdminTime = (iso: string, lang: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(localeOf(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: BUSINESS_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(date);
};

/** A calendar date (`2027-06-17`, or the day of an instant) as "17 Jun 2027", with no zone shift. */
export const formatAdminDate = (date: string, lang: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const value = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : new Date(date);
  if (Number.isNaN(value.getTime())) return date;
  return new Intl.DateTimeFormat(localeOf(lang), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: match ? 'UTC' : BUSINESS_TIME_ZONE,
    numberingSystem: 'latn',
  }).format(value);
};
