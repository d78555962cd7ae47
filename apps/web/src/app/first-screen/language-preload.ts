import { STORAGE_KEYS, isLang, type Lang } from '@magiim/shared';

// The same modules i18n/locale-resources.ts loads; the build puts each language's core and feature texts in one
// chunk (vite.config.ts), so asking for the core brings them all.
const languageCores: Record<Exclude<Lang, 'he'>, () => Promise<unknown>> = {
  en: () => import('../../i18n/locales/en.json'),
  ru: () => import('../../i18n/locales/ru.json'),
  ar: () => import('../../i18n/locales/ar.json'),
};

/** Starts fetching the texts of a stored language other than Hebrew (which is bundled), before i18n starts. */
export const preloadLanguage = (): void => {
  let stored: string | null;
  try {
    stored = localStorage.getItem(STORAGE_KEYS.lang);
  } catch {
    return;
  }
  if (isLang(stored) && stored !== 'he') void languageCores[stored]().catch(() => undefined);
};
