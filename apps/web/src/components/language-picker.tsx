import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Box from '@mui/material/Box';
import { LANGUAGES, type Lang } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { currentLanguage, setLanguage } from '../app/i18n';
import { findLangBase, langRoutePath } from '../app/routing/lang-route';
import { LanguageFlag } from './language-flag';

/** Each language by its own name, so a reader finds theirs whatever the page's language is now. */
const NATIVE_NAMES: Record<Lang, string> = { he: 'עברית', en: 'English', ru: 'Русский', ar: 'العربية' };

/**
 * Flag and name per language (spec §2). The button shows the name from the md breakpoint up; the menu always
 * names each language in itself. Both are at least 44×44 px to tap.
 */
export function LanguagePicker() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
        onClick={(event) => setAnchor(event.currentTarget)}
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
      <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANGUAGES.map((option) => (
          <MenuItem
            key={option}
            data-testid={`lang-${option}`}
            selected={option === lang}
            lang={option}
            onClick={() => void choose(option)}
            sx={{ minHeight: 48, minWidth: 180 }}
          >
            <ListItemIcon>
              <LanguageFlag lang={option} />
            </ListItemIcon>
            <ListItemText>{NATIVE_NAMES[option]}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
