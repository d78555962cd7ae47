import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { tourAnchorOf } from '../../features/tour/tour-machine';
import type { ContentNavItem } from './content-nav';

/**
 * The dashboard's top tabs: links to screens (with `aria-current`), not ARIA tabs, drawn as tabs. Plain links
 * scroll sideways on a phone with no layout measuring, so the bar costs the first screen no code of its own.
 */
export function TabBar({ tabs, active }: { tabs: ContentNavItem[]; active: string | false }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', overflowX: 'auto', scrollbarWidth: 'none', '&::-webkit-scrollbar': { display: 'none' } }} data-testid="tab-bar">
      {tabs.map((tab) => {
        const selected = tab.to === active;
        return (
          <Box
            key={tab.to}
            component={RouterLink}
            to={tab.to}
            aria-current={selected ? 'page' : undefined}
            data-tour={tourAnchorOf(tab.to)}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              minHeight: 48,
              px: 2,
              flexShrink: 0,
              whiteSpace: 'nowrap',
              textDecoration: 'none',
              fontWeight: 600,
              fontSize: '0.9375rem',
              color: selected ? 'primary.main' : 'text.secondary',
              borderBottom: 2,
              borderColor: selected ? 'primary.main' : 'transparent',
              '&:hover': { color: selected ? 'primary.main' : 'text.primary' },
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.light', outlineOffset: -3 },
            }}
          >
            {t(tab.labelKey)}
          </Box>
        );
      })}
    </Box>
  );
}
