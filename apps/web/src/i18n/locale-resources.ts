import type { ResourceLanguage } from 'i18next';
import type { Lang } from '@magiim/shared';
import he from './locales/he.json';

type Tree = { [key: string]: string | Tree };

/**
 * Texts live in `locales/<lang>.json` (the shell and accounts) and in one fragment per feature,
 * `features/<feature>.<lang>.json`, each with its own top-level keys. Hebrew is bundled whole; another
 * language loads its core file and fragments together on first use.
 */
const hebrewFragments = import.meta.glob<Tree>('./features/*.he.json', { eager: true, import: 'default' });

const lazyCore: Record<Exclude<Lang, 'he'>, () => Promise<Tree>> = {
  en: () => import('./locales/en.json').then((m) => m.default as Tree),
  ru: () => import('./locales/ru.json').then((m) => m.default as Tree),
  ar: () => import('./locales/ar.json').then((m) => m.default as Tree),
};
const lazyFragments = import.meta.glob<Tree>(['./features/*.en.json', './features/*.ru.json', './features/*.ar.json'], { import: 'default' });

export const mergeTrees = (trees: Tree[]): Tree => Object.assign({}, ...trees) as Tree;

export const hebrewResources = (): ResourceLanguage => mergeTrees([he as Tree, ...Object.values(hebrewFragments)]);

export const loadLanguageResources = async (lang: Exclude<Lang, 'he'>): Promise<ResourceLanguage> => {
  const fragments = Object.entries(lazyFragments)
    .filter(([file]) => file.endsWith(`.${lang}.json`))
    .map(([, load]) => load());
  return mergeTrees(await Promise.all([lazyCore[lang](), ...fragments]));
};
