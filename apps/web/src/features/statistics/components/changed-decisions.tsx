import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ArrowIcon from '@mui/icons-material/ArrowForward';
import type { EventStatsDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { GuestStatusChip } from '../../guests/components/guest-status-chip';
import { AnswerTimeLabel } from './answer-time-label';
import { SectionEmpty, StatsSection } from './stats-section';
import { visuallyHidden } from './visually-hidden';
import { UserText } from '../../../design/bidi';

type Change = EventStatsDto['changedDecisions'][number];

function ChangeRow({ eventId, change, now }: { eventId: string; change: Change; now: Date }) {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <Box component="li" sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }} data-testid="changed-decision">
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Link component={RouterLink} to={`/event/${eventId}/guest/edit/${change.guestId}`} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          <UserText>{change.fullName}</UserText>
        </Link>
        <Typography variant="body2" color="text.secondary" component="span">
          <AnswerTimeLabel iso={change.answeredAt} now={now} />
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 0.5 }}>
        <Box component="span" sx={visuallyHidden}>
          {t('statistics.changed.from')}
        </Box>
        {/* A guest with no earlier answer on record reads as "no answer yet". */}
        <GuestStatusChip status={change.from ?? 'inProgress'} />
        <ArrowIcon aria-hidden fontSize="small" sx={{ color: 'text.secondary', transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} />
        <Box component="span" sx={visuallyHidden}>
          {t('statistics.changed.to')}
        </Box>
        <GuestStatusChip status={change.to} />
      </Box>
    </Box>
  );
}

/** Guests who changed an earlier answer (from → to), newest first. */
export function ChangedDecisions({ eventId, changes, now }: { eventId: string; changes: Change[] | undefined; now: Date }) {
  const { t } = useTranslation();
  return (
    <StatsSection title={t('statistics.changed.title')} testId="changed-decisions" loading={!changes}>
      {changes && changes.length > 0 ? (
        <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {changes.map((change) => (
            <ChangeRow key={`${change.guestId}-${change.answeredAt}`} eventId={eventId} change={change} now={now} />
          ))}
        </Box>
      ) : (
        <SectionEmpty>{t('statistics.changed.empty')}</SectionEmpty>
      )}
    </StatsSection>
  );
}
