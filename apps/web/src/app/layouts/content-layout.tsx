import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { useAbility } from '@casl/react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';
import type { AppAbility } from '../ability';
import { SIDE_MENU_MINI_WIDTH, SIDE_MENU_WIDTH, type ContentNavItem, type ContentNavSection } from './content-nav';
import { isNavItemAllowed, SideMenu } from './side-menu';
import { BuyPackageButton } from './buy-package-button';
import { TabBar } from './tab-bar';
import { TopBarActions } from './top-bar-actions';
import { UserText } from '../../design/bidi';
import { useSession } from '../use-session';

// The tour's code loads only while it is on (after creating an event, or asked for from the top bar).
const GuideTour = lazy(() => import('../../features/tour/components/guide-tour').then((module) => ({ default: module.GuideTour })));


const TAB_BAR_HEIGHT = 48;

interface ContentLayoutProps {
  sections: ContentNavSection[];
  tabs: ContentNavItem[];
  /** What this dashboard is about (the event's name), shown in the top bar. */
  title?: string;
  /** Defaults to the matched child route. */
  children?: ReactNode;
}

/**
 * The event dashboard frame (spec §2): side menu (260, mini 68), top bar with a tab bar (when there are several tabs), footer with the
 * support contact. Below the lg breakpoint the menu becomes a drawer opened from the top bar; its menu is rendered
 * only while open, so a phone's first render does not build a menu it does not show.
 */
export function ContentLayout({ sections, tabs, title, children }: ContentLayoutProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const ability = useAbility<AppAbility>();
  const { pathname } = useLocation();
  const wide = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [mini, setMini] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const tourOn = Boolean(useSession()?.userData.guideTour);
  const menuWidth = wide ? (mini ? SIDE_MENU_MINI_WIDTH : SIDE_MENU_WIDTH) : 0;
  // A bar of one tab is no choice: it shows only once there are several (the side menu reaches every screen).
  const allowedTabs = tabs.filter((tab) => isNavItemAllowed(ability, tab));
  const visibleTabs = allowedTabs.length > 1 ? allowedTabs : [];
  const activeTab = visibleTabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.to ?? false;

  const menu = (
    <>
      <Toolbar sx={{ justifyContent: mini && wide ? 'center' : 'flex-start' }}>
        {mini && wide ? null : <Logo />}
      </Toolbar>
      <SideMenu sections={sections} mini={mini && wide} onNavigate={wide ? undefined : () => setDrawerOpen(false)} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {/* Anchors brought into view (`#waiting-guests`) keep clear of the fixed bar: its tab row is added here. */}
      {visibleTabs.length > 0 ? <GlobalStyles styles={{ html: { scrollPaddingTop: TAB_BAR_HEIGHT } }} /> : null}
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: menuWidth,
            flexShrink: 0,
            '& .MuiDrawer-paper': { width: menuWidth, overflowX: 'hidden', boxSizing: 'border-box' },
          }}
        >
          {menu}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          sx={{ '& .MuiDrawer-paper': { width: SIDE_MENU_WIDTH, boxSizing: 'border-box' } }}
        >
          {menu}
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar
          position="fixed"
          color="inherit"
          elevation={1}
          component="header"
          sx={{ width: `calc(100% - ${menuWidth}px)`, ml: `${menuWidth}px` }}
        >
          <Toolbar sx={{ gap: 1 }}>
            <IconButton
              edge="start"
              onClick={() => (wide ? setMini((value) => !value) : setDrawerOpen(true))}
              aria-label={t(wide ? (mini ? 'layout.expandMenu' : 'layout.collapseMenu') : 'layout.openMenu')}
              aria-expanded={wide ? !mini : drawerOpen}
            >
              {wide && !mini ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
            <Typography component="p" variant="h3" noWrap sx={{ flexGrow: 1, minWidth: 0, color: 'text.primary', fontSize: { xs: '1rem', md: '1.125rem' } }} data-testid="content-title">
              {/* on a phone the page itself shows the name in full; the top bar has no room for it */}
              <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
                {title ? <UserText>{title}</UserText> : null}
              </Box>
            </Typography>
            <BuyPackageButton />
            <TopBarActions withTour />
          </Toolbar>
          {visibleTabs.length > 0 ? (
            <Box component="nav" aria-label={t('layout.tabsLabel')} sx={{ px: 2, minHeight: TAB_BAR_HEIGHT }}>
              <TabBar tabs={visibleTabs} active={activeTab} />
            </Box>
          ) : null}
        </AppBar>
        <Toolbar aria-hidden="true" />
        {visibleTabs.length > 0 ? <Box sx={{ height: TAB_BAR_HEIGHT }} aria-hidden="true" /> : null}
        <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: 4 }}>
          {children ?? <Outlet />}
        </Container>
        <SiteFooter />
      </Box>
      {tourOn ? (
        <Suspense fallback={null}>
          <GuideTour />
        </Suspense>
      ) : null}
    </Box>
  );
}
