import type { ResourceLanguage } from 'i18next';
import type { Lang } from '@magiim/shared';
import he from './locales/he.json';

type Tree = { [key: string]: string | Tree };

/**
 * Texts live in `locales/<lang>.json` (the shell and accounts) and in one fragment per feature,
 * `features/<feature>.<lang>.json`, each with its own top-level keys. Hebrew's core ships in the first
 * screen; its feature texts load when a feature's screens do (`loadHebrewFeatureTexts`), so /login does not
 * carry the texts of every screen. Another language loads its core file and fragments together on first use.
 */
const hebrewFragments = import.meta.glob<Tree>('./features/*.he.json', { import: 'default' });

const lazyCore: Record<Exclude<Lang, 'he'>, () => Promise<Tree>> = {
  en: () => import('./locales/en.json').then((m) => m.default as Tree),
  ru: () => import('./locales/ru.json').then((m) => m.default as Tree),
  ar: () => import('./locales/ar.json').then((m) => m.default as Tree),
};
const lazyFragments = import.meta.glob<Tree>(['./features/*.en.json', './features/*.ru.json', './features/*.ar.json'], { import: 'default' });

export const mergeTrees = (trees: Tree[]): Tree => Object.assign({}, ...trees) as Tree;

export const hebrewResources = (): ResourceLanguage => he as Tree;

export const loadHebrewFeatureTexts = async (): Promise<ResourceLanguage> =>
  mergeTrees(await Promise.all(Object.values(hebrewFragments).map((load) => load())));

export const loadLanguageResources = async (lang: Exclude<Lang, 'he'>): Promise<ResourceLanguage> => {
  const fragments = Object.entries(lazyFragments)
    .filter(([file]) => file.endsWith(`.${lang}.json`))
    .map(([, load]) => load());
  return mergeTrees(await Promise.all([lazyCore[lang](), ...fragments]));
};
