import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** Shown when a page crashes while rendering, instead of a blank screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <Container component="main" maxWidth="sm" sx={{ py: 8 }}>
      <Typography variant="h1" component="h1" gutterBottom>
        {t('errors.INTERNAL')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t('statusPages.crash.body')}</Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t('statusPages.crash.reload')}
        </Button>
        <Button variant="outlined" href="/">
          {t('statusPages.home')}
        </Button>
      </Box>
    </Container>
  );
}
