import { lazy, Suspense } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { EmptyState } from '../../../design/empty-state';
import { InvitationIllustration } from '../../../design/illustrations';
import { translateError } from '../../../i18n/translate-error';
import { useEvent } from '../../events/use-event';
import { NotInvitedNote, waitsForPackage } from '../../guests/components/not-invited-note';
import { MessageFunnelCards } from '../../messaging/components/message-funnel-card';
import { SendingStoppedNotice } from '../../messaging/components/sending-stopped-notice';
import { useMessageFunnel } from '../../messaging/api';
import { SetupChecklist } from '../../messaging/components/setup-checklist';
import { useEventStats } from '../api';
import { AttendanceByGroup } from '../components/attendance-by-group';
import { ChangedDecisions } from '../components/changed-decisions';
import { HeadlineStats } from '../components/headline-stats';
import { hasNeeds, NeedsTotals } from '../components/needs-totals';
import { RecentResponses } from '../components/recent-responses';
import { useRemainingTextsAfterPaint } from '../../../app/first-screen/remaining-texts';
import { useAfterPaintOf } from '../use-after-paint';
import { useNow } from '../use-now';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { currentLanguage } from '../../../app/i18n';
import { useSideLabels } from '../../guests/side-labels-api';
import { hasSides, sideBarsRowsOf } from '../../guests/guest-sides';

// Issue 31: the door's live figures, loaded only on the event's day (and the day after, for a night that runs late).
const LiveArrivals = lazy(async () => ({ default: (await import('../../checkin/components/live-arrivals')).LiveArrivals }));
const duringEvent = (date: string | undefined, today = todayInBusinessZone()) => Boolean(date) && (date === today || addDays(date!, 1) === today);

/**
 * `/event/:id/statistics`, the dashboard's home: headline figures, the latest and the changed answers,
 * attendance by group, and meal and transport totals. It refreshes itself while open (see `useEventStats`).
 * The sections below the figures keep their placeholders until the figures have been painted (a slow phone
 * shows the figures a render sooner; the placeholders hold the sections' place, so nothing jumps).
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const query = useEventStats(event.id);
  const now = useNow();
  const stats = query.data;
  const stopped = useMessageFunnel(event.id, event.progressStatus === 0).data?.stopped === true;
  const sectionStats = useAfterPaintOf(stats !== undefined) ? stats : undefined;
  useRemainingTextsAfterPaint(stats !== undefined);
  const heading = <PageHeading>{t('statistics.title')}</PageHeading>;
  const bySide = sectionStats?.bySide;
  const sides = hasSides(bySide);
  const sideLabels = useSideLabels(event.id, sides).data;

  // Until the figures arrive, the event's own guest count decides between the empty state and placeholders.
  if ((stats?.guests ?? event.guestCount) === 0) {
    return (
      <>
        {heading}
        <SetupChecklist event={event} />
        <EmptyState
          data-testid="stats-empty"
          illustration={<InvitationIllustration />}
          title={t('statistics.empty.title')}
          action={
            <Button component={RouterLink} to={`/event/${event.id}/guest/list`} variant="contained" size="large" startIcon={<AddIcon />}>
              {t('statistics.empty.action')}
            </Button>
          }
        >
          {t('statistics.empty.body')}
        </EmptyState>
      </>
    );
  }

  if (!stats && query.error) {
    return (
      <>
        {heading}
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              {t('statistics.retry')}
            </Button>
          }
        >
          {translateError(t, query.error)}
        </Alert>
      </>
    );
  }

  const needs = sectionStats && hasNeeds(sectionStats);
  return (
    <>
      {heading}
      <SendingStoppedNotice eventId={event.id} enabled={event.progressStatus === 0} />
      {stats && !stopped && waitsForPackage(event.progressStatus, stats.guestStats.pending) ? <NotInvitedNote sx={{ mb: 3 }} /> : null}
      <SetupChecklist event={event} />
      {duringEvent(event.date) ? (
        <Suspense fallback={null}>
          <LiveArrivals eventId={event.id} />
        </Suspense>
      ) : null}
      <HeadlineStats stats={stats} fallback={{ invited: event.inviteeCount, guests: event.guestCount }} />
      <MessageFunnelCards eventId={event.id} enabled={event.progressStatus > 0} />
      <Grid container spacing={3} sx={{ mt: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RecentResponses eventId={event.id} responses={sectionStats?.recentResponses} now={now} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ChangedDecisions eventId={event.id} changes={sectionStats?.changedDecisions} now={now} />
        </Grid>
        <Grid size={{ xs: 12, md: needs ? 7 : 12 }}>
          <AttendanceByGroup rows={sectionStats?.byGroup} />
        </Grid>
        {sides && bySide ? (
          <Grid size={{ xs: 12, md: needs ? 7 : 12 }}>
            <AttendanceByGroup kind="side" rows={sideBarsRowsOf(bySide, sideLabels, currentLanguage(), t('statistics.sides.none'))} />
          </Grid>
        ) : null}
        {sectionStats && needs ? (
          <Grid size={{ xs: 12, md: 5 }}>
            <NeedsTotals meals={sectionStats.meals} transport={sectionStats.transport} split={sectionStats.split} />
          </Grid>
        ) : null}
      </Grid>
    </>
  );
}
