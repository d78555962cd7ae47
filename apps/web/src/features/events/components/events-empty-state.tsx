import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../design/empty-state';
import { FirstEventIllustration } from '../../../design/illustrations';

/** First run: no events yet, one warm invitation to create the first. */
export function EventsEmptyState() {
  const { t } = useTranslation();
  return (
    <EmptyState
      data-testid="events-empty"
      illustration={<FirstEventIllustration />}
      title={t('events.list.empty')}
      action={
        <Button component={RouterLink} to="/create-event" variant="contained" size="large" startIcon={<AddIcon />}>
          {t('events.list.create')}
        </Button>
      }
    >
      {t('events.list.emptyHint')}
    </EmptyState>
  );
}
