import type { Lang } from '@magiim/shared';

const LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-GB', ru: 'ru-RU', ar: 'ar-IL-u-nu-latn' };

/** `YYYY-MM-DDTHH:mm` (Israel wall time) as "Sun, 12 Mar 2027, 09:00" in the interface language. */
export const formatLocalDateTime = (lang: Lang, local: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(local);
  if (!match) return local;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(Date.UTC(y, mo - 1, d, h, mi)),
  );
};

/** An instant (ISO) in Israel time, same shape. */
export const formatInstant = (lang: Lang, iso: string): string =>
  new Intl.DateTimeFormat(LOCALES[lang], { timeZone: 'Asia/Jerusalem', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
