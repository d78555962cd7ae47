import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';

export function NotAuthorizedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('statusPages.notAuthorized.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('statusPages.notAuthorized.body')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('statusPages.home')}
      </Button>
    </>
  );
}
