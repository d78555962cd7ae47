import { ERROR_CODES, IMPORT_ROW_ERROR_CODES, MSG, decodeMessage } from '@magiim/shared';
import { describe, expect, it } from 'vitest';
type Tree = { [key: string]: string | Tree };
// The files' text, parsed here: the unit suites share modules between files (isolate: false), and i18next merges
// fragments into the imported core objects it was given, so an imported JSON module may already hold them.
const parsed = (files: Record<string, string>): Record<string, Tree> =>
  Object.fromEntries(Object.entries(files).map(([file, text]) => [file, JSON.parse(text) as Tree]));
const fragments = parsed(import.meta.glob<string>('./features/*.json', { eager: true, query: '?raw', import: 'default' }));
const fragmentsOf = (lang: string): Tree[] =>
  Object.entries(fragments)
    .filter(([file]) => file.endsWith(`.${lang}.json`))
    .map(([, tree]) => tree);
const coreFiles = parsed(import.meta.glob<string>('./locales/*.json', { eager: true, query: '?raw', import: 'default' }));
const core: Record<string, Tree> = Object.fromEntries(
  ['he', 'en', 'ru', 'ar'].map((lang) => [lang, coreFiles[`./locales/${lang}.json`] as Tree]),
);
// What the app loads for each language: the core file and every feature fragment.
const locales: Record<string, Tree> = Object.fromEntries(
  Object.entries(core).map(([lang, tree]) => [lang, Object.assign({}, tree, ...fragmentsOf(lang)) as Tree]),
);

const leafKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  );

const lookup = (tree: Tree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);

const msgKeys = Object.values(MSG).map((message) => decodeMessage(typeof message === 'function' ? (message as (a: number, b: number) => string)(1, 2) : message).key);

describe('locales', () => {
  it.each(Object.keys(core))('%s: no feature fragment redefines a top-level key of another file', (lang) => {
    const seen = new Map<string, number>();
    for (const tree of [core[lang] as Tree, ...fragmentsOf(lang)]) for (const key of Object.keys(tree)) seen.set(key, (seen.get(key) ?? 0) + 1);
    expect([...seen].filter(([, count]) => count > 1).map(([key]) => key)).toEqual([]);
  });

  it('every feature fragment exists in all four languages', () => {
    const features = new Set(Object.keys(fragments).map((file) => file.replace(/^.*\/([^/]+)\.(he|en|ru|ar)\.json$/, '$1')));
    for (const feature of features) for (const lang of Object.keys(core)) expect(Object.keys(fragments), `${feature}.${lang}`).toContain(`./features/${feature}.${lang}.json`);
  });

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

  it.each(Object.keys(locales))('%s translates every import row error', (lang) => {
    const tree = locales[lang] as Tree;
    expect(IMPORT_ROW_ERROR_CODES.filter((code) => typeof lookup(tree, `importErrors.${code}`) !== 'string')).toEqual([]);
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
    expect(lookup(locales.he as Tree, 'validation.required')).toBe('שדה חובה');
  });

  it('shows the spec text for a 429 in English', () => {
    expect(lookup(core.en as Tree, 'toast.tryLater')).toBe('Something went wrong, please try again later');
  });

  it('translates rather than copies English', () => {
    // Names kept as they are in every LTR language: the payment apps' brands, as the gift export writes them.
    const names = new Set(['app.name', 'giftLedger.methods.bit', 'giftLedger.methods.paybox']);
    for (const lang of ['he', 'ru', 'ar']) {
      const tree = locales[lang] as Tree;
      const copies = leafKeys(locales.en as Tree).filter(
        (key) => !key.startsWith('language.names.') && !names.has(key) && lookup(tree, key) === lookup(locales.en as Tree, key),
      );
      expect(copies, lang).toEqual([]);
    }
  });

  /** What a reader sees of a text: no {{placeholders}}, <tags>, $t() nestings or isolated Latin runs (⁦…⁩). */
  const prose = (text: string) =>
    text
      .replace(/\{\{[^}]*\}\}|<[^>]*>|\$t\([^)]*\)/g, ' ')
      .replace(/\u2066[^\u2069]*\u2069/g, ' ')
      // Digit grouping (10,000) is a number's, not a sentence's.
      .replace(/(\d),(?=\d)/g, '$1');

  it('Hebrew uses plain or Hebrew quotation marks (" ״ ׳), never the Latin “ ” „', () => {
    const tree = locales.he as Tree;
    expect(leafKeys(tree).filter((key) => /[“”„‘’‚]/.test(prose(String(lookup(tree, key)))))).toEqual([]);
  });

  it('Arabic uses its own comma, semicolon and question mark (، ؛ ؟)', () => {
    const tree = locales.ar as Tree;
    expect(leafKeys(tree).filter((key) => /[,;?]/.test(prose(String(lookup(tree, key)))))).toEqual([]);
  });
});
