import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export function EventsEmptyState() {
  const { t } = useTranslation();
  return (
    <Paper data-testid="events-empty" variant="outlined" sx={{ p: { xs: 3, md: 6 }, textAlign: 'center' }}>
      <EventAvailableIcon sx={{ fontSize: 56, color: 'primary.main', mb: 1 }} aria-hidden="true" />
      <Typography variant="h2" component="h2" gutterBottom>
        {t('events.list.empty')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('events.list.emptyHint')}
      </Typography>
      <Button component={RouterLink} to="/create-event" variant="contained" size="large">
        {t('events.list.create')}
      </Button>
    </Paper>
  );
}
