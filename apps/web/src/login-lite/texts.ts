import { decodeMessage, DEFAULT_LANG, type Lang } from '@magiim/shared';
import he from '../i18n/locales/he.json?login';

/**
 * The light sign-in page's translations: the SPA's own locale files, cut to the keys the page shows
 * (text-keys.ts). Hebrew ships with the page; another language loads once, on first use.
 */
export type Texts = { [key: string]: string | Texts };
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

const loaders: Record<Exclude<Lang, 'he'>, () => Promise<{ default: unknown }>> = {
  en: () => import('../i18n/locales/en.json?login'),
  ru: () => import('../i18n/locales/ru.json?login'),
  ar: () => import('../i18n/locales/ar.json?login'),
};

const loaded: Partial<Record<Lang, Texts>> = { he: he as Texts };

export const loadTexts = async (lang: Lang): Promise<Texts> => {
  const cached = loaded[lang];
  if (cached) return cached;
  if (lang === 'he') return he as Texts;
  const texts = (await loaders[lang]()).default as Texts;
  loaded[lang] = texts;
  return texts;
};

const lookup = (texts: Texts, key: string): string | undefined => {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};

/** i18next's `{{name}}` interpolation, no escaping (React escapes). */
export const interpolate = (text: string, params: Params = {}): string =>
  text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

/** `t(key, params)` over one language's texts, falling back to Hebrew (the SPA's fallback language) and then to the key. */
export const translator =
  (texts: Texts, fallback: Texts = loaded[DEFAULT_LANG] ?? {}): Translate =>
  (key, params) =>
    interpolate(lookup(texts, key) ?? lookup(fallback, key) ?? key, params);

/** The translated `errors.<code>`, `errors.INTERNAL` for a code without a text. */
export const translateErrorCode = (t: Translate, code: string): string => {
  const text = t(`errors.${code}`);
  return text === `errors.${code}` ? t('errors.INTERNAL') : text;
};

/** An encoded validation message (`validation.maxChars?num=254`) as text; an unknown one reads "invalid value". */
export const translateMessage = (t: Translate, message: string): string => {
  const { key, values } = decodeMessage(message);
  const text = t(key, values);
  return text === key ? t('validation.invalidValue') : text;
};
