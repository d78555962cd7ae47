import { isLang, type Lang } from '@magiim/shared';

/**
 * One way to write a file size across the app, one unit style per language: Latin KB/MB in Hebrew, English
 * and Arabic (as phones and file pickers write them), КБ/МБ in Russian. Written by hand rather than with
 * Intl's `unit` style, whose Hebrew "kB‏1" puts the number after the unit and whose units differ between
 * browsers.
 */
const UNITS: Record<Lang, { kb: string; mb: string; locale: string }> = {
  he: { kb: 'KB', mb: 'MB', locale: 'he-IL' },
  en: { kb: 'KB', mb: 'MB', locale: 'en-IL' },
  ru: { kb: 'КБ', mb: 'МБ', locale: 'ru-RU' },
  ar: { kb: 'KB', mb: 'MB', locale: 'ar-IL' },
};

const MB = 1024 * 1024;

/**
 * `1_258_291` → "1.2 MB" (ru "1,2 МБ"), under a megabyte whole kilobytes rounded up ("1 KB" for a few bytes).
 * The number and unit are joined by a no-break space and wrapped in Unicode isolates, so inside Hebrew or
 * Arabic text the size reads as one left-to-right token ("עד 10 MB", never "MB 10"), in JSX and plain strings alike.
 */
export const formatFileSize = (bytes: number, lang: string): string => {
  const { kb, mb, locale } = UNITS[isLang(lang) ? lang : 'he'];
  const inMb = bytes >= MB;
  const amount = inMb ? bytes / MB : Math.max(1, Math.ceil(bytes / 1024));
  const number = new Intl.NumberFormat(locale, { numberingSystem: 'latn', maximumFractionDigits: inMb ? 1 : 0, useGrouping: false }).format(amount);
  return `\u2066${number}\u00a0${inMb ? mb : kb}\u2069`;
};
