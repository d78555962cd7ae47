import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { ensureFeatureTexts } from '../../../app/i18n';
import { TopBarActions } from '../../../app/layouts/top-bar-actions';
import { Logo } from '../../../components/logo';
import { PageHeading } from '../../../components/page-heading';
import { isAdminSection } from '../admin-sections';
import { AdminNav } from '../components/admin-nav';
import { AdminSectionView } from '../components/admin-sections-view';

/**
 * Issue 22: the admin console (`/admin/:section?`), its own lazy bundle; needs the ability manage:all (the route
 * checks it). Its own shell: the signed-in top bar, the sections beside (or above, on a phone) the section's list.
 */
export function AdminConsolePage() {
  // The route sits outside the layouts that load the feature texts (Hebrew loads them on demand).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void ensureFeatureTexts().then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <AppBar position="fixed" color="inherit" elevation={0} component="header" sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Container maxWidth="xl" disableGutters>
          <Toolbar>
            <Logo />
            <Box sx={{ flexGrow: 1 }} />
            <TopBarActions />
          </Toolbar>
        </Container>
      </AppBar>
      <Toolbar aria-hidden="true" />
      <Container component="main" maxWidth="xl" sx={{ flexGrow: 1, py: { xs: 2, md: 4 } }}>
        {ready ? (
          <AdminConsole />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label="…" />
          </Box>
        )}
      </Container>
    </Box>
  );
}

function AdminConsole() {
  const { t } = useTranslation();
  const { section } = useParams();
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  if (!isAdminSection(section)) return <Navigate to="/admin/users" replace />;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '264px minmax(0, 1fr)' }, gap: { xs: 0, md: 4 } }}>
      <Box>
        <Typography variant="overline" component="p" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' }, mb: 1, px: 1 }}>
          {t('admin.title')}
        </Typography>
        <AdminNav current={section} wide={wide} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <PageHeading>{t(`admin.nav.${section}`)}</PageHeading>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(`admin.${section}.intro`)}
        </Typography>
        <AdminSectionView key={section} section={section} />
      </Box>
    </Box>
  );
}
