import type { Lang } from '@magiim/shared';
import { localeOf } from '../format-event';

/** The shape dayjs takes for a locale (`dayjs.locale(object, undefined, true)`). */
export interface PickerDayjsLocale {
  name: string;
  months: ((date: { month(): number }, format: string) => string) & { s: string[]; f: string[] };
  monthsShort: string[];
  weekdays: string[];
  weekdaysShort: string[];
  weekdaysMin: string[];
  weekStart: number;
  formats: Record<'LT' | 'LTS' | 'L' | 'LL' | 'LLL' | 'LLLL' | 'l' | 'll' | 'lll' | 'llll', string>;
  ordinal: (n: number) => string;
  relativeTime: Record<string, string>;
}

/** Dates are written day first with slashes and times in 24 hours in every language (en-IL, as Israel does). */
export const PICKER_DATE_FORMAT = 'DD/MM/YYYY';
export const PICKER_TIME_FORMAT = 'HH:mm';

const names = (count: number, at: (index: number) => Date, options: Intl.DateTimeFormatOptions, locale: string, part?: Intl.DateTimeFormatPartTypes) => {
  const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC', numberingSystem: 'latn' });
  return Array.from({ length: count }, (_, index) =>
    part ? (format.formatToParts(at(index)).find((piece) => piece.type === part)?.value ?? '') : format.format(at(index)),
  );
};

// 1 January 2023 was a Sunday.
const weekday = (index: number) => new Date(Date.UTC(2023, 0, 1 + index));
const month = (index: number) => new Date(Date.UTC(2023, index, 5));

/** Russian declines a month after its day ("17 июня"); the calendar's title keeps the plain name ("июнь 2027"). */
const MONTH_AFTER_DAY = /D[oD]?(\[[^[\]]*\]|\s)+MMMM?/;

/**
 * A dayjs locale for the interface language built from the browser's own Intl data, so the pickers name months
 * and weekdays as the rest of the app does (Arabic with Western digits) and no dayjs locale file is shipped.
 * The week starts on Sunday in every language: the hosts' calendar is Israel's.
 */
export const buildDayjsLocale = (lang: Lang): PickerDayjsLocale => {
  const locale = localeOf(lang);
  const standalone = names(12, month, { month: 'long' }, locale);
  const inDate = names(12, month, { month: 'long', day: 'numeric' }, locale, 'month');
  const months = Object.assign((date: { month(): number }, format: string) => (MONTH_AFTER_DAY.test(format) ? inDate : standalone)[date.month()] ?? '', {
    s: standalone,
    f: inDate,
  });
  return {
    name: `magiim-${lang}`,
    months,
    monthsShort: names(12, month, { month: 'short' }, locale),
    weekdays: names(7, weekday, { weekday: 'long' }, locale),
    weekdaysShort: names(7, weekday, { weekday: 'short' }, locale),
    // One letter is clear in Hebrew (א׳), Arabic and English; Russian's would repeat (В, П), so two.
    weekdaysMin: names(7, weekday, { weekday: lang === 'ru' ? 'short' : 'narrow' }, locale),
    weekStart: 0,
    formats: {
      LT: PICKER_TIME_FORMAT,
      LTS: `${PICKER_TIME_FORMAT}:ss`,
      L: PICKER_DATE_FORMAT,
      LL: 'D MMMM YYYY',
      LLL: `D MMMM YYYY ${PICKER_TIME_FORMAT}`,
      LLLL: `dddd, D MMMM YYYY ${PICKER_TIME_FORMAT}`,
      l: 'D/M/YYYY',
      ll: 'D MMM YYYY',
      lll: `D MMM YYYY ${PICKER_TIME_FORMAT}`,
      llll: `ddd, D MMM YYYY ${PICKER_TIME_FORMAT}`,
    },
    ordinal: (n) => String(n),
    relativeTime: {},
  };
};

/**
 * What an empty section shows. The sections read left to right like the digits that replace them, so Hebrew
 * and Arabic keep the Latin letters (a right-to-left reader would take "שש/חח/יי" for year first); Russian has its own.
 */
const PLACEHOLDERS: Record<Lang, { day: string; month: string; year: string; hours: string; minutes: string }> = {
  he: { day: 'DD', month: 'MM', year: 'YYYY', hours: 'hh', minutes: 'mm' },
  en: { day: 'DD', month: 'MM', year: 'YYYY', hours: 'hh', minutes: 'mm' },
  ar: { day: 'DD', month: 'MM', year: 'YYYY', hours: 'hh', minutes: 'mm' },
  ru: { day: 'ДД', month: 'ММ', year: 'ГГГГ', hours: 'чч', minutes: 'мм' },
};

/** Texts of the pickers' buttons, titles and announcements (MUI X `localeText`), from the app's translations. */
export const buildPickerLocaleText = (lang: Lang, t: (key: string, values?: Record<string, string | number>) => string) => {
  const placeholder = PLACEHOLDERS[lang];
  const k = (key: string, values?: Record<string, string | number>) => t(`eventWizard.picker.${key}`, values);
  const viewName = (view: string) => k(view === 'minutes' ? 'minutes' : view === 'seconds' ? 'seconds' : 'hours');
  return {
    previousMonth: k('previousMonth'),
    nextMonth: k('nextMonth'),
    openPreviousView: k('openPreviousView'),
    openNextView: k('openNextView'),
    calendarViewSwitchingButtonAriaLabel: (view: string) => k(view === 'year' ? 'yearViewOpen' : 'dayViewOpen'),
    cancelButtonLabel: k('cancel'),
    clearButtonLabel: k('clear'),
    okButtonLabel: k('ok'),
    todayButtonLabel: k('today'),
    nextStepButtonLabel: k('nextStep'),
    datePickerToolbarTitle: k('chooseDate'),
    timePickerToolbarTitle: k('chooseTime'),
    clockLabelText: (view: string, formattedTime: string | null) =>
      `${k('selectView', { view: viewName(view) })}. ${formattedTime ? k('selectedTime', { time: formattedTime }) : k('noTime')}`,
    hoursClockNumberText: (hours: string) => k('hoursCount', { num: hours }),
    minutesClockNumberText: (minutes: string) => k('minutesCount', { num: minutes }),
    selectViewText: (view: string) => k('selectView', { view: viewName(view) }),
    openDatePickerDialogue: (formattedDate: string | null) => (formattedDate ? k('chooseDateSelected', { date: formattedDate }) : k('chooseDate')),
    openTimePickerDialogue: (formattedTime: string | null) => (formattedTime ? k('chooseTimeSelected', { time: formattedTime }) : k('chooseTime')),
    fieldClearLabel: k('clear'),
    timeTableLabel: k('chooseTime'),
    dateTableLabel: k('chooseDate'),
    fieldYearPlaceholder: () => placeholder.year,
    fieldMonthPlaceholder: () => placeholder.month,
    fieldDayPlaceholder: () => placeholder.day,
    fieldHoursPlaceholder: () => placeholder.hours,
    fieldMinutesPlaceholder: () => placeholder.minutes,
    year: k('year'),
    month: k('month'),
    day: k('day'),
    hours: k('hours'),
    minutes: k('minutes'),
    seconds: k('seconds'),
    empty: k('empty'),
  };
};
