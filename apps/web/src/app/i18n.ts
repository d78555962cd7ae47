import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, STORAGE_KEYS, directionOf, isLang, type Lang } from '@magiim/shared';
import { FIRST_SCREEN_FEATURES, hebrewResources, loadHebrewFeatureTexts, loadLanguageResources, type FirstScreen } from '../i18n/locale-resources';

const NAMESPACE = 'translation';

export const i18n = i18next.createInstance();

const applyToDocument = (lang: Lang): void => {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
};

const loadLanguage = async (lang: Lang): Promise<void> => {
  if (lang === 'he' || i18n.hasResourceBundle(lang, NAMESPACE)) return;
  const resources = await loadLanguageResources(lang);
  i18n.addResourceBundle(lang, NAMESPACE, resources, true, true);
};

let hebrewFeatureTexts: Promise<void> | undefined;
const firstScreenTexts = new Map<FirstScreen, Promise<void>>();

const addHebrew = (only?: readonly string[]): Promise<void> =>
  loadHebrewFeatureTexts(only).then((texts) => {
    i18n.addResourceBundle('he', NAMESPACE, texts, true, true);
  });

/**
 * The Hebrew texts of the feature screens (events, guests…), loaded once before the first such screen:
 * the router's feature routes await it. Other languages carry theirs in their own bundle already.
 */
export const ensureFeatureTexts = (): Promise<void> =>
  (hebrewFeatureTexts ??= addHebrew().catch((error: unknown) => {
    hebrewFeatureTexts = undefined;
    throw error;
  }));

/**
 * A signed-in first screen (the event list, the dashboard) opened by address waits only for the texts it shows
 * (FIRST_SCREEN_FEATURES); the other features' texts load once its content has painted
 * (first-screen/remaining-texts.ts), and a screen that shows them re-renders when they arrive (`bindI18nStore: 'added'`).
 */
export const ensureFirstScreenTexts = (screen: FirstScreen): Promise<void> => {
  if (hebrewFeatureTexts) return hebrewFeatureTexts;
  let texts = firstScreenTexts.get(screen);
  if (!texts) {
    texts = addHebrew(FIRST_SCREEN_FEATURES[screen]).catch((error: unknown) => {
      firstScreenTexts.delete(screen);
      throw error;
    });
    firstScreenTexts.set(screen, texts);
  }
  return texts;
};

export const currentLanguage = (): Lang => (isLang(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANG);

export const storedLanguage = (): Lang => {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(STORAGE_KEYS.lang);
  return isLang(stored) ? stored : DEFAULT_LANG;
};

/** Loads, switches, remembers the language and sets `<html lang dir>`. */
export const setLanguage = async (lang: Lang): Promise<void> => {
  await loadLanguage(lang);
  if (typeof localStorage !== 'undefined') localStorage.setItem(STORAGE_KEYS.lang, lang);
  applyToDocument(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
};

export const initI18n = async (): Promise<void> => {
  const resources: Resource = { he: { [NAMESPACE]: hebrewResources() } };
  await i18n.use(initReactI18next).init({
    resources,
    lng: DEFAULT_LANG,
    fallbackLng: DEFAULT_LANG,
    supportedLngs: ['he', 'en', 'ru', 'ar'],
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18nStore: 'added' },
  });
  const lang = storedLanguage();
  try {
    await setLanguage(lang);
  } catch (error) {
    console.error(`Could not load language ${lang}`, error);
    await setLanguage(DEFAULT_LANG);
  }
};
