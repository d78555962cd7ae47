import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import { localeOf } from '../events/format-event';

/**
 * Agorot → "₪1,299" (en) or "1,299 ₪" (he, ar, ru; the sign after a no-break space), agorot shown only when there
 * are any. Built from Intl's number alone: browsers' currency patterns differ (some write "₪ 149" in Hebrew), and a
 * price must read the same everywhere. No direction marks: the caller isolates the amount (`<Money>`).
 */
export const formatShekels = (agorot: number, lang: string): string => {
  const whole = agorot % 100 === 0;
  const number = new Intl.NumberFormat(localeOf(lang), {
    numberingSystem: 'latn',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(Math.abs(agorot) / 100);
  const sign = agorot < 0 ? '-' : '';
  return lang === 'en' ? `${sign}₪${number}` : `${sign}${number}\u00a0₪`;
};

/** A whole number with the language's grouping ("1,000", Russian "1 000"), Western digits everywhere. */
export const formatNumber = (value: number, lang: string): string =>
  new Intl.NumberFormat(localeOf(lang), { numberingSystem: 'latn' }).format(value);

/** An instant (an order's time) as a day in business time: "24 Nov 2026", whatever the machine's zone. */
export const formatOrderDate = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', year: 'numeric', timeZone: BUSINESS_TIME_ZONE, numberingSystem: 'latn' }).format(new Date(iso));
