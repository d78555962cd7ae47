import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/EventOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import type { EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { ContentLayout } from '../../../app/layouts/content-layout';
import { eventDashboardNav } from '../../../app/layouts/event-dashboard-nav';
import { Ltr, UserText } from '../../../design/bidi';
import { translateError } from '../../../i18n/translate-error';
import { eventRightsOf } from '../../cohosts/event-rights';
import { useEventById } from '../api';
import { eventNameIn, formatEventDate } from '../format-event';
import type { EventOutletContext } from '../use-event';
import { EventPlace } from '../components/event-place';

/** The event's date and place (and, on a phone, its name) above every dashboard screen. */
function EventBanner({ event }: { event: EventDto }) {
  const { i18n } = useTranslation();
  const name = eventNameIn(event, i18n.language);
  return (
    <Box data-testid="event-banner" sx={{ mb: 3, display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 3, rowGap: 0.5 }}>
      {/* from md up the top bar carries the name */}
      <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.125rem', color: 'primary.dark', display: { xs: 'block', md: 'none' } }} data-testid="event-name">
        <UserText>{name}</UserText>
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <EventIcon fontSize="small" aria-hidden />
        <span>
          {formatEventDate(event.date, i18n.language)}
          {', '}
          <Ltr>{event.time}</Ltr>
        </span>
      </Typography>
      <Typography component="p" variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <PlaceIcon fontSize="small" aria-hidden />
        <EventPlace event={event} />
      </Typography>
    </Box>
  );
}

/**
 * `/event/:id`: fetches the event once for every screen inside (`useEvent()`), in the content layout with
 * the event's side menu and tabs. Another host's event and a missing one both answer 404: not found.
 */
export function EventLayout() {
  const { t, i18n } = useTranslation();
  const { id = '' } = useParams();
  const query = useEventById(id);
  const event = query.data;
  const nav = eventDashboardNav(id, {
    paid: (event?.progressStatus ?? 0) > 0,
    showCalls: Boolean(event?.includeCallsPreference) && event?.orderPackageId !== 1,
    // Shown once the event says whose it is (a co-host never sees it flash), as the calls tab waits for the event.
    canPay: event !== undefined && eventRightsOf(event.role).canPay,
  });

  if (query.error && isApiError(query.error) && (query.error.status === 404 || query.error.status === 400)) {
    return <Navigate to="/error-404" replace />;
  }

  const context: EventOutletContext | null = event ? { event } : null;
  return (
    <ContentLayout sections={nav.sections} tabs={nav.tabs} title={event ? eventNameIn(event, i18n.language) : undefined}>
      {context ? (
        <>
          <EventBanner event={context.event} />
          <Outlet context={context} />
        </>
      ) : query.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {t('eventDashboard.retry')}
            </Button>
          }
        >
          {translateError(t, query.error)}
        </Alert>
      ) : (
        // As tall as a screen: the footer starts below the fold instead of jumping down when the page arrives.
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8, minHeight: '100vh' }} role="status" aria-label={t('common.loading')}>
          <CircularProgress />
        </Box>
      )}
    </ContentLayout>
  );
}
