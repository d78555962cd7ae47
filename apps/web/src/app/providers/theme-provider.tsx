import type { ReactNode } from 'react';
import { useMemo } from 'react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { directionOf, isLang, DEFAULT_LANG } from '@magiim/shared';
import rtlPlugin from 'stylis-plugin-rtl';
import { useTranslation } from 'react-i18next';
import { createAppTheme } from './theme';

// Two style caches: the RTL one flips left/right in every generated rule. Vendor prefixing is left out
// (the browsers we support do not need it).
const caches = {
  rtl: createCache({ key: 'muirtl', stylisPlugins: [rtlPlugin] }),
  ltr: createCache({ key: 'muiltr' }),
};

export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
  const direction = directionOf(lang);
  const theme = useMemo(() => createAppTheme(direction, lang), [direction, lang]);
  return (
    <CacheProvider value={caches[direction]}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
