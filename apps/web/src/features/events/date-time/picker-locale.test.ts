import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/features/events.ar.json';
import en from '../../../i18n/features/events.en.json';
import he from '../../../i18n/features/events.he.json';
import ru from '../../../i18n/features/events.ru.json';
import { buildDayjsLocale, buildPickerLocaleText, PICKER_DATE_FORMAT, PICKER_TIME_FORMAT } from './picker-locale';

dayjs.extend(localizedFormat);

const register = (lang: 'he' | 'en' | 'ru' | 'ar') => {
  const locale = buildDayjsLocale(lang);
  dayjs.locale(locale as unknown as Parameters<typeof dayjs.locale>[0], undefined, true);
  return locale.name;
};

describe('picker locale', () => {
  it('writes dates day first and times in 24 hours in every language', () => {
    expect(PICKER_DATE_FORMAT).toBe('DD/MM/YYYY');
    expect(PICKER_TIME_FORMAT).toBe('HH:mm');
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const evening = dayjs('2027-06-07T19:05:00').locale(register(lang));
      expect(evening.format(PICKER_DATE_FORMAT)).toBe('07/06/2027');
      expect(evening.format('L')).toBe('07/06/2027');
      expect(evening.format('LT')).toBe('19:05');
    }
  });

  it('starts the week on Sunday', () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      expect(buildDayjsLocale(lang).weekStart).toBe(0);
      // Thursday 17 June 2027: its week starts on Sunday the 13th.
      expect(dayjs('2027-06-17').locale(register(lang)).startOf('week').format('YYYY-MM-DD')).toBe('2027-06-13');
    }
  });

  it('names months and weekdays in the interface language, Arabic with Western digits', () => {
    const he = register('he');
    expect(dayjs('2027-06-17').locale(he).format('MMMM YYYY')).toContain('יוני');
    expect(buildDayjsLocale('he').weekdaysMin[0]).toBe('א׳');
    expect(dayjs('2027-06-17').locale(register('ar')).format('D MMMM YYYY')).toMatch(/^17 \S+ 2027$/);
    expect(dayjs('2027-06-17').locale(register('en')).format('dddd')).toBe('Thursday');
  });

  it('declines a Russian month after its day, not in the calendar title', () => {
    const ru = register('ru');
    expect(dayjs('2027-06-17').locale(ru).format('MMMM YYYY')).toBe('июнь 2027');
    expect(dayjs('2027-06-17').locale(ru).format('D MMMM YYYY')).toBe('17 июня 2027');
  });

  it('takes every button, title and announcement from the translations', () => {
    const seen: string[] = [];
    const text = buildPickerLocaleText('he', (key, values) => {
      seen.push(key);
      return values ? `${key}:${JSON.stringify(values)}` : key;
    });
    expect(text.previousMonth).toBe('eventWizard.picker.previousMonth');
    expect(text.openDatePickerDialogue(null)).toBe('eventWizard.picker.chooseDate');
    expect(text.openDatePickerDialogue('17/06/2027')).toBe('eventWizard.picker.chooseDateSelected:{"date":"17/06/2027"}');
    expect(text.calendarViewSwitchingButtonAriaLabel('year')).toBe('eventWizard.picker.yearViewOpen');
    expect(text.fieldDayPlaceholder()).toBe('DD');
    expect(buildPickerLocaleText('ru', (key) => key).fieldYearPlaceholder()).toBe('ГГГГ');
    expect(seen.every((key) => key.startsWith('eventWizard.picker.'))).toBe(true);
  });

  it.each([['he', he], ['en', en], ['ru', ru], ['ar', ar]] as const)('%s has every picker text it asks for', (_lang, texts) => {
    const missing: string[] = [];
    const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
    const text = buildPickerLocaleText('he', (key) => {
      if (typeof lookup(key) !== 'string') missing.push(key);
      return key;
    });
    for (const value of Object.values(text)) if (typeof value === 'function') (value as (...args: unknown[]) => unknown)('hours', '19:30');
    text.clockLabelText('minutes', null);
    text.openTimePickerDialogue(null);
    expect(missing).toEqual([]);
  });
});
