import type { ReactNode } from 'react';
import { isLang } from '@magiim/shared';
import { Navigate, useLocation, useParams, type LoaderFunctionArgs } from 'react-router';
import { currentLanguage, setLanguage } from '../i18n';

/**
 * Loader of a page whose path ends in `:lang`: the language in the address is loaded and applied before the
 * page renders (the splash, or the page being left, stays up meanwhile), so the page never shows first in
 * the previous language and direction. A language that fails to load leaves the current one.
 */
export const applyAddressLanguage = async ({ params }: LoaderFunctionArgs): Promise<null> => {
  const { lang } = params;
  if (isLang(lang) && lang !== currentLanguage()) {
    await setLanguage(lang).catch((error: unknown) => console.error(`Could not switch to ${lang}`, error));
  }
  return null;
};

/** An unknown `:lang` is dropped from the address (a valid one was applied by `applyAddressLanguage`). */
export function LangParam({ base, children }: { base: string; children: ReactNode }) {
  const { lang } = useParams();
  const { search } = useLocation();
  if (lang !== undefined && !isLang(lang)) return <Navigate to={`${base}${search}`} replace />;
  return children;
}
