import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { LostBalloonIllustration } from '../../../design/illustrations';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center' }} data-testid="not-found">
      <Box sx={{ width: 200, mx: 'auto', mb: 2 }}>
        <LostBalloonIllustration />
      </Box>
      <PageHeading>{t('statusPages.notFound.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('statusPages.notFound.body')}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" size="large">
        {t('statusPages.home')}
      </Button>
    </Box>
  );
}
