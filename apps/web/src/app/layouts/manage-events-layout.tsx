import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import { TopBarActions } from './top-bar-actions';
import { Outlet } from 'react-router';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';

/** Event list and account pages: fixed top bar with logo, language, notifications and user menu. */
export function ManageEventsLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="fixed" color="inherit" elevation={0} component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="lg" disableGutters>
          <Toolbar>
            <Logo />
            <Box sx={{ flexGrow: 1 }} />
            <TopBarActions />
          </Toolbar>
        </Container>
      </AppBar>
      <Toolbar aria-hidden="true" />
      <Container component="main" maxWidth="lg" sx={{ flexGrow: 1, py: 4 }}>
        <Outlet />
      </Container>
      <SiteFooter />
    </Box>
  );
}
