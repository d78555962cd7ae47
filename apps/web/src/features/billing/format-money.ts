import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import { localeOf } from '../events/format-event';

const BIDI_MARKS = /[\u200e\u200f\u061c]/g;

/**
 * Agorot → "₪1,299" (en) or "1,299 ₪" (he, ar, ru), agorot shown only when there are any. Intl's direction
 * marks are dropped: the caller isolates the amount (`<Money>`), so it reads the same inside RTL text.
 */
export const formatShekels = (agorot: number, lang: string): string => {
  const whole = agorot % 100 === 0;
  return new Intl.NumberFormat(localeOf(lang), {
    style: 'currency',
    currency: 'ILS',
    numberingSystem: 'latn',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })
    .format(agorot / 100)
    .replace(BIDI_MARKS, '');
};

/** A whole number with the language's grouping ("1,000", Russian "1 000"), Western digits everywhere. */
export const formatNumber = (value: number, lang: string): string =>
  new Intl.NumberFormat(localeOf(lang), { numberingSystem: 'latn' }).format(value);

/** An instant (an order's time) as a day in business time: "24 Nov 2026", whatever the machine's zone. */
export const formatOrderDate = (iso: string, lang: string): string =>
  new Intl.DateTimeFormat(localeOf(lang), { day: 'numeric', month: 'short', year: 'numeric', timeZone: BUSINESS_TIME_ZONE, numberingSystem: 'latn' }).format(new Date(iso));
