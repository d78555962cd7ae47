import { describe, expect, it } from 'vitest';
import { LANGUAGES, MSG, SPECIAL_MEALS } from '@magiim/shared';
import { fillTemplate, messageText, PAGE_TEXTS, splitTemplate } from './page-texts.js';

describe('guest page texts', () => {
  const keys = Object.keys(PAGE_TEXTS.he).sort();

  it.each(LANGUAGES)('%s has every Hebrew key, no other, and no empty text', (lang) => {
    const texts = PAGE_TEXTS[lang];
    expect(Object.keys(texts).sort()).toEqual(keys);
    for (const [key, value] of Object.entries(texts)) expect({ key, value: value.trim().length > 0 }).toEqual({ key, value: true });
  });

  it.each(LANGUAGES)('%s uses the same {{values}} in each text as Hebrew', (lang) => {
    const slots = (text: string) => splitTemplate(text).filter((_, i) => i % 2 === 1).sort();
    for (const key of keys) {
      const k = key as keyof typeof PAGE_TEXTS.he;
      expect({ key, slots: slots(PAGE_TEXTS[lang][k]) }).toEqual({ key, slots: slots(PAGE_TEXTS.he[k]) });
    }
  });

  it.each(LANGUAGES)('%s names every special meal', (lang) => {
    for (const meal of SPECIAL_MEALS) expect(PAGE_TEXTS[lang][`meal_${meal}`]).toBeTruthy();
  });

  it('translates the shared validation messages, with their values', () => {
    expect(messageText(PAGE_TEXTS.he, MSG.required)).toBe('שדה חובה');
    expect(messageText(PAGE_TEXTS.en, MSG.maxChars(500))).toBe('Enter at most 500 characters');
    expect(messageText(PAGE_TEXTS.ar, MSG.attendingRequired)).toBe(PAGE_TEXTS.ar.v_attendingRequired);
    expect(messageText(PAGE_TEXTS.ru, 'validation.somethingNew')).toBe(PAGE_TEXTS.ru.v_invalidValue);
    expect(fillTemplate('{{a}} and {{b}}', { a: 1, b: 'x' })).toBe('1 and x');
  });
});
