import {
  GIFT_THANKS_LINES,
  locationTextsIn,
  normalizeEventLocation,
  SAMPLE_SHORT_CODE,
  shortInviteUrlOf,
  shortNavigationUrlOf,
  TEMPLATE_PLACEHOLDERS,
  type EventDto,
  type Lang,
  type TemplatePlaceholder,
} from '@magiim/shared';

const DATE_LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL-u-nu-latn' };

/** The date as a message says it (as the server's renderer): weekday, day and month, no year. */
export const messageDate = (lang: Lang, date: string): string => {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return new Intl.DateTimeFormat(DATE_LOCALES[lang], { timeZone: 'UTC', weekday: lang === 'he' ? 'short' : 'long', day: 'numeric', month: 'long' }).format(
    new Date(Date.UTC(year, month - 1, day, 12)),
  );
};

/** The values of the placeholders for one guest in one language (links are samples: the real ones are personal). */
export const placeholderValues = (event: EventDto, lang: Lang, guestName: string): Record<TemplatePlaceholder, string> => {
  const texts = locationTextsIn(normalizeEventLocation(event.location, event.defaultLang), lang, event.defaultLang);
  const origin = typeof window === 'undefined' ? 'https://magiim.co.il' : window.location.origin;
  return {
    guestName,
    eventName: event.names[lang]?.trim() || event.names[event.defaultLang]?.trim() || '',
    date: messageDate(lang, event.date),
    time: event.time.slice(0, 5),
    place: [texts.venue, texts.place].filter(Boolean).join(', '),
    link: `${origin}/invite/…`,
    navigationLink: `${origin}/navigate/…`,
    // A sample table (the real one is each guest's): the preview and the SMS parts count a table line.
    table: '12',
    // Issue 32: the thank-you line a guest with a gift reads (the longest case, for the SMS parts).
    giftThanks: GIFT_THANKS_LINES[lang],
  };
};

/** The same values with the links an SMS carries (`APP_URL/i/<code>`, `APP_URL/n/<code>`), of their real length. */
export const smsPlaceholderValues = (values: Record<TemplatePlaceholder, string>): Record<TemplatePlaceholder, string> => {
  const origin = typeof window === 'undefined' ? 'https://magiim.co.il' : window.location.origin;
  return { ...values, link: shortInviteUrlOf(origin, SAMPLE_SHORT_CODE), navigationLink: shortNavigationUrlOf(origin, SAMPLE_SHORT_CODE) };
};

const isPlaceholder = (name: string): name is TemplatePlaceholder => (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/** Fills known placeholders; an unknown one stays as typed (the server refuses it on save). */
export const fillTemplate = (text: string, values: Record<TemplatePlaceholder, string>): string =>
  text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (isPlaceholder(name) ? values[name] : whole));

/** Inserts `{name}` at the caret (or over the selection); returns the text and where the caret goes. */
export const insertAtCaret = (text: string, start: number, end: number, name: TemplatePlaceholder): { text: string; caret: number } => {
  const token = `{${name}}`;
  return { text: text.slice(0, start) + token + text.slice(end), caret: start + token.length };
};
