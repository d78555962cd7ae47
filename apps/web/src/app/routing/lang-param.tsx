import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { isLang } from '@magiim/shared';
import { Navigate, useLocation, useParams } from 'react-router';
import { currentLanguage, setLanguage } from '../i18n';

/** A valid `:lang` in the address sets the interface language; an unknown one is dropped from it. */
export function LangParam({ base, children }: { base: string; children: ReactNode }) {
  const { lang } = useParams();
  const { search } = useLocation();
  const valid = lang === undefined || isLang(lang);

  useEffect(() => {
    if (isLang(lang) && lang !== currentLanguage()) {
      setLanguage(lang).catch((error: unknown) => console.error(`Could not switch to ${lang}`, error));
    }
  }, [lang]);

  if (!valid) return <Navigate to={`${base}${search}`} replace />;
  return children;
}
