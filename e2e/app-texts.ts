import { readFileSync } from 'node:fs';
import path from 'node:path';
import { plain } from './invitation-kit.js';

type Tree = { [key: string]: string | Tree };
const i18nDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/src/i18n');
const loaded = new Map<string, Tree>();
const load = (file: string): Tree => {
  let tree = loaded.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(path.join(i18nDir, file), 'utf8')) as Tree;
    loaded.set(file, tree);
  }
  return tree;
};
const lookup = (tree: Tree, key: string) =>
  key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), tree);

/**
 * The web app's texts as a journey expects to read them: `text(lang, key, values)` looks the key up in the named
 * feature files (`features/<name>.<lang>.json`, the first that has it) and then in the core file, fills `{{values}}`
 * and, unless `plain: false`, reads it as `plain()` reads the page (no direction marks, spaces collapsed).
 */
export const appTexts =
  (features: readonly string[], options: { plain?: boolean } = {}) =>
  (lang: string, key: string, values: Record<string, string | number> = {}): string => {
    const found = [...features.map((feature) => `features/${feature}.${lang}.json`), `locales/${lang}.json`]
      .map((file) => lookup(load(file), key))
      .find((value) => typeof value === 'string');
    if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
    const filled = found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
    return options.plain === false ? filled : plain(filled);
  };
