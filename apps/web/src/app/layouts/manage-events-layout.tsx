import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { Outlet } from 'react-router';
import { LanguagePicker } from '../../components/language-picker';
import { Logo } from '../../components/logo';
import { SiteFooter } from '../../components/site-footer';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';

/** Event list and account pages: fixed top bar with logo, language, notifications and user menu. */
export function ManageEventsLayout() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="fixed" color="inherit" elevation={1} component="header">
        <Container maxWidth="lg" disableGutters>
          <Toolbar>
            <Logo />
            <Box sx={{ flexGrow: 1 }} />
            <Stack direction="row" spacing={1} alignItems="center">
              <LanguagePicker />
              <NotificationsMenu />
              <UserMenu />
            </Stack>
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
