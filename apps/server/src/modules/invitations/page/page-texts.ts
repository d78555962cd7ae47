import { decodeMessage, type Lang, type MessageValues } from '@magiim/shared';
import { ar } from './texts/ar.js';
import { en } from './texts/en.js';
import { he, type PageTexts } from './texts/he.js';
import { ru } from './texts/ru.js';

export type { PageTexts };
export type TextKey = keyof PageTexts;

export const PAGE_TEXTS: Record<Lang, PageTexts> = { he, en, ru, ar };

/** Each language in its own name, for the switcher and the public form's language choice. */
export const LANGUAGE_NAMES: Record<Lang, string> = { he: 'עברית', en: 'English', ru: 'Русский', ar: 'العربية' };

/** Splits a text at its `{{name}}` slots: even indexes are plain text, odd ones the names of the values. */
export const splitTemplate = (template: string): string[] => template.split(/\{\{(\w+)\}\}/);

export const fillTemplate = (template: string, values: MessageValues = {}): string =>
  splitTemplate(template)
    .map((part, index) => (index % 2 === 0 ? part : String(values[part] ?? '')))
    .join('');

/** Our own validation keys (`validation.required`) → the page's texts; anything unknown reads as "invalid value". */
export const messageText = (texts: PageTexts, encoded: string): string => {
  const { key, values } = decodeMessage(encoded);
  const own = `v_${key.replace(/^validation\./, '')}`;
  const template = own in texts ? texts[own as TextKey] : texts.v_invalidValue;
  return fillTemplate(template, values);
};
