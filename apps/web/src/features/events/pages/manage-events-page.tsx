import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import AddIcon from '@mui/icons-material/Add';
import type { EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRemainingTextsAfterPaint } from '../../../app/first-screen/remaining-texts';
import { PageHeading } from '../../../components/page-heading';
import { translateError } from '../../../i18n/translate-error';
import { useEvents } from '../api';
import { DeleteEventDialog } from '../components/delete-event-dialog';
import { useHashPopup } from '../../../app/routing/use-hash-popup';
import { EventCard } from '../components/event-card';
import { EventsEmptyState } from '../components/events-empty-state';

/** The host's events as cards; a new host sees the first-run invitation instead. */
export function ManageEventsPage() {
  const { t } = useTranslation();
  const events = useEvents();
  useRemainingTextsAfterPaint(events.data !== undefined);
  // `#event-delete/<id>` (app/routing/use-hash-popup.ts): back closes the question, a reload asks it again.
  const deleteDialog = useHashPopup('event-delete');

  const list = events.data ?? [];
  const deleting = deleteDialog.param ? (list.find((event) => event.id === deleteDialog.param) ?? null) : null;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <PageHeading sx={{ mb: 0 }}>{t('events.list.title')}</PageHeading>
        {list.length > 0 ? (
          <Button component={RouterLink} to="/create-event" variant="contained" startIcon={<AddIcon />} data-testid="create-event">
            {t('events.list.create')}
          </Button>
        ) : null}
      </Box>
      {events.isPending ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={t('common.loading')}>
          <CircularProgress />
        </Box>
      ) : events.isError ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" onClick={() => void events.refetch()}>
              {t('eventDashboard.retry')}
            </Button>
          }
        >
          {translateError(t, events.error)}
        </Alert>
      ) : list.length === 0 ? (
        <Box sx={{ mt: 2 }}>
          <EventsEmptyState />
        </Box>
      ) : (
        <Grid container spacing={3} component="ul" sx={{ p: 0, m: 0, mt: 2 }} aria-label={t('events.list.title')} data-testid="event-list">
          {list.map((event) => (
            <Grid key={event.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li" sx={{ listStyle: 'none', display: 'flex', '& > *': { flexGrow: 1 } }}>
              <EventCard event={event} onDelete={(target: EventDto) => deleteDialog.show(target.id)} />
            </Grid>
          ))}
        </Grid>
      )}
      <DeleteEventDialog event={deleting} onClose={deleteDialog.close} />
    </>
  );
}
