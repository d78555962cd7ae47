import type { ResourceLanguage } from 'i18next';
import type { Lang } from '@magiim/shared';
import { FIRST_SCREEN_FEATURES, type FirstScreen } from './first-screen-features';
import he from './locales/he.json';

export { FIRST_SCREEN_FEATURES, type FirstScreen };

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

const featureOf = (file: string): string => /([\w-]+)\.he\.json$/.exec(file)?.[1] ?? file;

/** The Hebrew feature texts: every fragment, or only the named features' fragments. */
export const loadHebrewFeatureTexts = async (only?: readonly string[]): Promise<ResourceLanguage> =>
  mergeTrees(
    await Promise.all(
      Object.entries(hebrewFragments)
        .filter(([file]) => !only || only.includes(featureOf(file)))
        .map(([, load]) => load()),
    ),
  );

export const loadLanguageResources = async (lang: Exclude<Lang, 'he'>): Promise<ResourceLanguage> => {
  const fragments = Object.entries(lazyFragments)
    .filter(([file]) => file.endsWith(`.${lang}.json`))
    .map(([, load]) => load());
  return mergeTrees(await Promise.all([lazyCore[lang](), ...fragments]));
};
