import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { EventStatsDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useIsolatedT } from '../../../design/isolated-text';
import { formatCount } from '../../events/format-event';
import { GuestStatusChip } from '../../guests/components/guest-status-chip';
import { AnswerTimeLabel } from './answer-time-label';
import { SectionEmpty, StatsSection } from './stats-section';
import { UserText } from '../../../design/bidi';

type Response = EventStatsDto['recentResponses'][number];

function ResponseRow({ eventId, response, now }: { eventId: string; response: Response; now: Date }) {
  const { i18n } = useTranslation();
  const ti = useIsolatedT();
  const count = (n: number) => formatCount(n, i18n.language);
  const people =
    response.status === 'approved' && response.attending !== null
      ? ti('statistics.recent.coming', { count: count(response.attending), invited: count(response.countOfInvites) })
      : ti('statistics.recent.invited', { count: count(response.countOfInvites) });
  return (
    <Box component="li" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }} data-testid="recent-response">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/event/${eventId}/guest/edit/${response.guestId}`} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <UserText>{response.fullName}</UserText>
        </Link>
        <GuestStatusChip status={response.status} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <span>{people}</span>
        <span aria-hidden>·</span>
        <AnswerTimeLabel iso={response.answeredAt} now={now} />
      </Typography>
    </Box>
  );
}

/** The latest answers, newest first. */
export function RecentResponses({ eventId, responses, now }: { eventId: string; responses: Response[] | undefined; now: Date }) {
  const { t } = useTranslation();
  return (
    <StatsSection title={t('statistics.recent.title')} testId="recent-responses" loading={!responses}>
      {responses && responses.length > 0 ? (
        <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {responses.map((response) => (
            <ResponseRow key={`${response.guestId}-${response.answeredAt}`} eventId={eventId} response={response} now={now} />
          ))}
        </Box>
      ) : (
        <SectionEmpty>{t('statistics.recent.empty')}</SectionEmpty>
      )}
    </StatsSection>
  );
}
