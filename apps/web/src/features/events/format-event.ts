import { isLang, THOUSANDS_ABBREVIATION_FROM, type EventDto, type Lang } from '@magiim/shared';

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL' };

/** The Intl locale for an interface language; Arabic keeps Western digits, as Israel writes them. */
export const localeOf = (lang: string): string => (isLang(lang) ? LOCALES[lang] : LOCALES.he);

/**
 * One formatter per language, made on first use: a dashboard formats dozens of counts and dates, and making a
 * formatter costs more than using one (seen in the slow-phone profile's CPU).
 */
const onePer = <T>(make: (key: string) => T): ((key: string) => T) => {
  const made = new Map<string, T>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(key)));
    return value;
  };
};

const countFormat = onePer((lang) => new Intl.NumberFormat(localeOf(lang), { numberingSystem: 'latn' }));
const thousandsFormat = onePer(
  (lang) => new Intl.NumberFormat(localeOf(lang), { numberingSystem: 'latn', maximumFractionDigits: 1, roundingMode: 'trunc' } as Intl.NumberFormatOptions),
);

/** Spec §9: counts above 999 are shown in thousands with k (1,234 → 1.2k). */
export const formatCount = (count: number, lang: string): string =>
  count < THOUSANDS_ABBREVIATION_FROM ? countFormat(lang).format(count) : `${thousandsFormat(lang).format(count / 1000)}k`;

/** The event's name in the interface language, else in its default language, else any it has. */
export const eventNameIn = (event: Pick<EventDto, 'names' | 'defaultLang'>, lang: string): string => {
  const names = event.names as Partial<Record<string, string>>;
  return names[lang] || names[event.defaultLang] || Object.values(names).find(Boolean) || '';
};

const utcDate = (date: string): Date => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

const dateFormatWith = (weekday: 'long' | 'short') =>
  onePer(
    (lang) =>
      new Intl.DateTimeFormat(localeOf(lang), { weekday, day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }),
  );
const dateFormats = { long: dateFormatWith('long'), short: dateFormatWith('short') };
/** `2027-06-17` → "Thursday, 17 June 2027" in the interface language (a calendar date, no zone shift). */
export const formatEventDate = (date: string, lang: string, weekday: 'long' | 'short' = 'long'): string =>
  dateFormats[weekday](lang).format(utcDate(date));
