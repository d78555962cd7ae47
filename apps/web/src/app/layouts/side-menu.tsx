import { Fragment, lazy, Suspense } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { tourAnchorOf } from '../../features/tour/tour-machine';
import type { AppAbility } from '../ability';
import type { ContentNavItem, ContentNavSection } from './content-nav';

// Only the mini menu (a wide screen's choice) names its items in tooltips: their code (Popper) loads when it shows.
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

export const isNavItemAllowed = (ability: AppAbility, item: ContentNavItem): boolean =>
  !item.can || ability.can(item.can.action, item.can.subject);

interface SideMenuProps {
  sections: ContentNavSection[];
  mini: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ sections, mini, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('layout.sideMenu')}>
      {sections.map((section, index) => {
        const items = section.items.filter((item) => isNavItemAllowed(ability, item));
        if (items.length === 0) return null;
        // The title sits before its list, not inside it: a <ul> may hold only <li> (axe "list").
        const titleId = section.titleKey && !mini ? `side-menu-${section.titleKey.replace(/\W/g, '-')}` : undefined;
        return (
          <Fragment key={section.titleKey ?? index}>
            {titleId ? (
              <ListSubheader component="div" id={titleId} sx={{ bgcolor: 'transparent', lineHeight: 2.5 }}>
                {t(section.titleKey!)}
              </ListSubheader>
            ) : null}
          <List aria-labelledby={titleId} sx={titleId ? { pt: 0 } : undefined}>
            {items.map((item) => {
              const label = t(item.labelKey);
              const active = pathname === item.to || pathname.startsWith(`${item.to}/`);
              const button = (
                <ListItemButton
                  component={NavLink}
                  to={item.to}
                  selected={active}
                  onClick={onNavigate}
                  aria-label={mini ? label : undefined}
                  data-tour={tourAnchorOf(item.to)}
                  data-tour-placement="side"
                  sx={{ mx: 1, borderRadius: 1, justifyContent: mini ? 'center' : 'flex-start' }}
                >
                  {item.icon ? (
                    <ListItemIcon sx={{ minWidth: mini ? 0 : 40, color: active ? 'primary.main' : undefined }}>
                      {item.icon}
                    </ListItemIcon>
                  ) : null}
                  {mini ? null : <ListItemText primary={label} />}
                </ListItemButton>
              );
              // Only the mini menu hides the labels: a tooltip per item would cost the first render for nothing.
              return (
                <li key={item.to}>
                  {mini ? (
                    <Suspense fallback={button}>
                      <Tooltip title={label} placement="right">
                        {button}
                      </Tooltip>
                    </Suspense>
                  ) : (
                    button
                  )}
                </li>
              );
            })}
          </List>
          </Fragment>
        );
      })}
    </nav>
  );
}
