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

/** Flag and title per language; titles only from the md breakpoint up (spec §2), names always accessible. */
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
        aria-label={t('language.current', { language: t(`language.names.${lang}`) })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        sx={{ minWidth: 0, gap: 1 }}
      >
        <LanguageFlag lang={lang} />
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
          {t(`language.names.${lang}`)}
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
            aria-label={t(`language.names.${option}`)}
          >
            <ListItemIcon>
              <LanguageFlag lang={option} />
            </ListItemIcon>
            <ListItemText sx={{ display: { xs: 'none', md: 'block' } }}>{t(`language.names.${option}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
