import type { Lang } from '@magiim/shared';

/**
 * Shekels as the host types them ("1,250.5", "1250,50", "₪ 800") to agorot; undefined when it is not an amount
 * with at most two decimals. Whole numbers only: no float arithmetic touches money.
 */
export const parseShekels = (text: string): number | undefined => {
  const cleaned = text.replace(/[\s\u00A0\u200E\u200F\u2066-\u2069₪]/g, '');
  if (cleaned === '') return 0;
  // One decimal separator (. or ,) followed by 1–2 digits; other commas group thousands.
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match) return undefined;
  const whole = Number(match[1]!.replace(/,/g, ''));
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const agorot = whole * 100 + Number(fraction);
  return Number.isSafeInteger(agorot) ? agorot : undefined;
};

/** Agorot as the text an amount field starts with: "1250.5" → "1250.50", whole shekels without decimals. */
export const agorotToInput = (agorot: number): string => {
  const whole = Math.trunc(agorot / 100);
  const rest = agorot % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0')}`;
};

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL-u-nu-latn' };

/** Agorot shown as shekels with agorot, in the page's language, Western digits everywhere ("₪1,250.50"). */
export const formatShekels = (agorot: number, lang: Lang): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'ILS', minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' }).format(
    agorot / 100,
  );
