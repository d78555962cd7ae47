import { isLang, THOUSANDS_ABBREVIATION_FROM, type EventDto, type Lang } from '@magiim/shared';

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL' };

/** The Intl locale for an interface language; Arabic keeps Western digits, as Israel writes them. */
export const localeOf = (lang: string): string => (isLang(lang) ? LOCALES[lang] : LOCALES.he);

// Kept per language: a dashboard formats dozens of counts, and making a formatter costs more than using one
// (measured on the slow-phone profile's CPU).
const formatters = new Map<string, Intl.NumberFormat>();
const numberFormat = (lang: string, thousands: boolean): Intl.NumberFormat => {
  const key = `${lang}:${thousands}`;
  let format = formatters.get(key);
  if (!format) {
    const options = thousands ? ({ maximumFractionDigits: 1, roundingMode: 'trunc' } as Intl.NumberFormatOptions) : {};
    format = new Intl.NumberFormat(localeOf(lang), { numberingSystem: 'latn', ...options });
    formatters.set(key, format);
  }
  return format;
};

/** Spec §9: counts above 999 are shown in thousands with k (1,234 → 1.2k). */
export const formatCount = (count: number, lang: string): string =>
  count < THOUSANDS_ABBREVIATION_FROM ? numberFormat(lang, false).format(count) : `${numberFormat(lang, true).format(count / 1000)}k`;

/** The event's name in the interface language, else in its default language, else any it has. */
export const eventNameIn = (event: Pick<EventDto, 'names' | 'defaultLang'>, lang: string): string => {
  const names = event.names as Partial<Record<string, string>>;
  return names[lang] || names[event.defaultLang] || Object.values(names).find(Boolean) || '';
};

const utcDate = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** `2027-06-17` → "Thursday, 17 June 2027" in the interface language (a calendar date, no zone shift). */
export const formatEventDate = (date: string, lang: string, weekday: 'long' | 'short' = 'long'): string => {
  const key = `${lang}:${weekday}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(localeOf(lang), { weekday, day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' });
    dateFormats.set(key, format);
  }
  return format.format(utcDate(date));
};
