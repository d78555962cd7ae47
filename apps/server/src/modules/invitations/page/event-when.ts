import { HDate, Locale, gematriya } from '@hebcal/core';
import type { Lang } from '@magiim/shared';

export interface EventWhen {
  /** Weekday, day, month and year in the language ("יום חמישי, 11 במרץ 2027"). */
  dateText: string;
  /** 24-hour wall time in Asia/Jerusalem ("19:30"). */
  timeText: string;
  /** The Hebrew-calendar date for he ("ב׳ באדר ב׳ תשפ״ז"); null for the other languages. */
  hebrewDate: string | null;
  /** The weekday alone ("יום חמישי", "Thursday"). */
  weekday: string;
}

/**
 * en follows the US order ("Thursday, March 11, 2027"): the month is spelled out, so it cannot be misread.
 * ar uses ar-IL, the locale the host app uses, with Latin digits: Israel writes Arabic with Western digits
 * (phones, prices, road signs), so the date matches the time and phone numbers on the same page.
 */
const DATE_LOCALES: Record<Lang, string> = { he: 'he-IL', en: 'en-IL', ru: 'ru-RU', ar: 'ar-IL-u-nu-latn' };

const dateFormats = new Map<Lang, { full: Intl.DateTimeFormat; weekday: Intl.DateTimeFormat }>();
const dateFormatsOf = (lang: Lang) => {
  let formats = dateFormats.get(lang);
  if (!formats) {
    // The date is a calendar date, not an instant: format UTC noon of that day in UTC, so no zone can shift it.
    const common = { timeZone: 'UTC', numberingSystem: 'latn' } as const;
    formats = {
      full: new Intl.DateTimeFormat(DATE_LOCALES[lang], { ...common, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
      weekday: new Intl.DateTimeFormat(DATE_LOCALES[lang], { ...common, weekday: 'long' }),
    };
    dateFormats.set(lang, formats);
  }
  return formats;
};

const DATE_PARTS = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PARTS = /^(\d{1,2}):(\d{2})$/;

export const parseCalendarDate = (date: string): { year: number; month: number; day: number } => {
  const match = DATE_PARTS.exec(date);
  if (!match) throw new Error(`Not a YYYY-MM-DD date: ${date}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
};

export const parseWallTime = (time: string): { hour: number; minute: number } => {
  const match = TIME_PARTS.exec(time);
  const hour = Number(match?.[1]);
  const minute = Number(match?.[2]);
  if (!match || hour > 23 || minute > 59) throw new Error(`Not an HH:mm time: ${time}`);
  return { hour, minute };
};

const NIQQUD_AND_CANTILLATION = /[\u0591-\u05BD\u05BF-\u05C7]/g;

/**
 * The Hebrew date of the civil day, as printed on invitations ("ב׳ באדר ב׳ תשפ״ז"), without niqqud.
 * An evening event is after sunset, when the Hebrew day has already turned; invitations still print the
 * date of the civil day beside its weekday, and so do we.
 */
export const hebrewDateOf = (date: string): string => {
  const { year, month, day } = parseCalendarDate(date);
  // HDate reads a Date's local fields; a local noon built from the same fields is that day in any zone.
  const hdate = new HDate(new Date(year, month - 1, day, 12));
  const monthName = Locale.gettext(hdate.getMonthName(), 'he-x-NoNikud');
  return `${gematriya(hdate.getDate())} ב${monthName} ${gematriya(hdate.getFullYear())}`.replace(NIQQUD_AND_CANTILLATION, '');
};

/** The event's date and time as the guest's page shows them, in the guest's language. */
export const formatEventWhen = (lang: Lang, date: string, time: string): EventWhen => {
  const { year, month, day } = parseCalendarDate(date);
  const { hour, minute } = parseWallTime(time);
  const noonUtc = new Date(Date.UTC(year, month - 1, day, 12));
  const formats = dateFormatsOf(lang);
  return {
    dateText: formats.full.format(noonUtc),
    // The time is already Asia/Jerusalem wall time; every language reads it as 24-hour "19:30".
    timeText: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
    hebrewDate: lang === 'he' ? hebrewDateOf(date) : null,
    weekday: formats.weekday.format(noonUtc),
  };
};
