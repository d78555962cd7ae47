import { ERROR_CODES, MSG, decodeMessage } from '@magiim/shared';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import en from './locales/en.json';
import he from './locales/he.json';
import ru from './locales/ru.json';

type Tree = { [key: string]: string | Tree };
const locales: Record<string, Tree> = { he, en, ru, ar };

const leafKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );

const lookup = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

const msgKeys = Object.values(MSG).map((message) => decodeMessage(typeof message === 'function' ? message(1) : message).key);

describe('locales', () => {
  const allKeys = [...new Set(Object.values(locales).flatMap((tree) => leafKeys(tree)))].sort();

  it.each(Object.keys(locales))('%s has every key any locale has', (lang) => {
    const keys = new Set(leafKeys(locales[lang] as Tree));
    expect(allKeys.filter((key) => !keys.has(key))).toEqual([]);
  });

  it.each(Object.keys(locales))('%s has no empty texts', (lang) => {
    const tree = locales[lang] as Tree;
    expect(leafKeys(tree).filter((key) => String(lookup(tree, key)).trim() === '')).toEqual([]);
  });

  it.each(Object.keys(locales))('%s translates every API error code', (lang) => {
    const tree = locales[lang] as Tree;
    expect(ERROR_CODES.filter((code) => typeof lookup(tree, `errors.${code}`) !== 'string')).toEqual([]);
  });

  it.each(Object.keys(locales))('%s translates every validation message', (lang) => {
    const tree = locales[lang] as Tree;
    expect(msgKeys.filter((key) => typeof lookup(tree, key) !== 'string')).toEqual([]);
  });

  it.each(Object.keys(locales))('%s keeps the {{num}} placeholder of length messages', (lang) => {
    const tree = locales[lang] as Tree;
    expect(lookup(tree, 'validation.minChars')).toContain('{{num}}');
    expect(lookup(tree, 'validation.maxChars')).toContain('{{num}}');
  });

  it('uses the exact Hebrew required message (spec §5)', () => {
    expect(lookup(he, 'validation.required')).toBe('שדה חובה');
  });

  it('shows the spec text for a 429 in English', () => {
    expect(lookup(en, 'toast.tryLater')).toBe('Something went wrong, please try again later');
  });

  it('translates rather than copies English', () => {
    for (const lang of ['he', 'ru', 'ar']) {
      const tree = locales[lang] as Tree;
      const copies = leafKeys(en).filter(
        (key) => !key.startsWith('language.names.') && key !== 'app.name' && lookup(tree, key) === lookup(en, key),
      );
      expect(copies, lang).toEqual([]);
    }
  });
});
