import { lazy, Suspense, useId, useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import type { Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { currentLanguage, setLanguage } from '../app/i18n';
import { findLangBase, langRoutePath } from '../app/routing/lang-route';
import { LanguageFlag } from './language-flag';
import { NATIVE_NAMES } from './language-names';

// The menu (MUI's Menu and MenuItem, which bring Select and the inputs: ~15 KB brotli) is not on the first screens:
// it loads when the button is pointed at, focused or pressed, and stays mounted once opened.
const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(async () => ({ default: (await loadMenu()).LanguageMenu }));
const preloadMenu = () => void loadMenu().catch(() => undefined);

/**
 * Flag and name per language (spec §2). The button shows the name from the md breakpoint up; the menu always
 * names each language in itself. Both are at least 44×44 px to tap.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const menuId = useId();
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const langBase = findLangBase(matches);

  const choose = async (next: Lang) => {
    setAnchor(null);
    await setLanguage(next);
    // On login, register and the event list the language is part of the address.
    if (langBase) void navigate(langRoutePath(langBase, next, location.search), { replace: true });
  };

  return (
    <>
      <Button
        data-testid="language-picker"
        color="inherit"
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
        aria-label={t('language.current', { language: NATIVE_NAMES[lang] })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        sx={{ minWidth: 44, minHeight: 44, gap: 1, px: { xs: 1, md: 1.5 }, fontWeight: 500 }}
      >
        <LanguageFlag lang={lang} />
        <Box component="span" lang={lang} sx={{ display: { xs: 'none', md: 'inline' } }}>
          {NATIVE_NAMES[lang]}
        </Box>
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <LanguageMenu id={menuId} anchor={anchor} lang={lang} onClose={() => setAnchor(null)} onChoose={(next) => void choose(next)} />
        </Suspense>
      ) : null}
    </>
  );
}
