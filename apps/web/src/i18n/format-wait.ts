/** "in 2 minutes" / "בעוד 2 דקות" / "через 2 минуты": plural rules come from the browser's Intl data. */
export const formatRetryAfter = (seconds: number, lang: string): string => {
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  if (seconds < 90) return format.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 90 * 60) return format.format(Math.ceil(seconds / 60), 'minute');
  return format.format(Math.ceil(seconds / 3600), 'hour');
};
