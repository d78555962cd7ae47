import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';

/** Placeholder for the new-event wizard (/create-event/:step?). */
export function CreateEventPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading>{t('events.create.title')}</PageHeading>
      <Paper variant="outlined" sx={{ p: 4 }}>
        <Typography sx={{ mb: 3 }}>{t('events.create.comingSoon')}</Typography>
        <Button component={RouterLink} to="/manage-events" variant="outlined">
          {t('events.create.back')}
        </Button>
      </Paper>
    </>
  );
}
