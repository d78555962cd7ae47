import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';

/**
 * "No raw code reaches a screen": a text key i18next could not find is shown as the key itself
 * (`statistics.title`), and a key naming a group of texts as "key '…' returned an object instead of string".
 * Every key of the app's texts (the Hebrew files hold them all; a unit test keeps the other languages equal).
 */
const i18nDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../apps/web/src/i18n');
const keysOf = (tree: unknown, prefix = ''): string[] =>
  tree !== null && typeof tree === 'object'
    ? Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) => [`${prefix}${key}`, ...keysOf(value, `${prefix}${key}.`)])
    : [];
const textFiles = [
  path.join(i18nDir, 'locales/he.json'),
  ...readdirSync(path.join(i18nDir, 'features'))
    .filter((name) => name.endsWith('.he.json'))
    .map((name) => path.join(i18nDir, 'features', name)),
];
export const TEXT_KEYS: ReadonlySet<string> = new Set(textFiles.flatMap((file) => keysOf(JSON.parse(readFileSync(file, 'utf8')))));

/** Texts and labels on the page that are a text key (with a dot) or i18next's note for a group of texts. */
export const rawTextKeysOnScreen = async (page: Page): Promise<string[]> => {
  const seen = await page.evaluate(() => {
    const looksLikeKey = (text: string) => /^[a-z][\w-]*(?:\.[\w-]+)+$/i.test(text) || text.includes('returned an object instead of string');
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      if (text && looksLikeKey(text) && !node.parentElement?.closest('script, style')) found.push(text);
    }
    for (const element of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]'))) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value && looksLikeKey(value)) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(seen.filter((text) => TEXT_KEYS.has(text) || text.includes('returned an object instead of string')))];
};
