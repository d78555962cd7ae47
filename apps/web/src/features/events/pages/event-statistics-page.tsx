import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import ChangeIcon from '@mui/icons-material/ChangeCircleOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import HelpIcon from '@mui/icons-material/HelpOutline';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import PhoneDisabledIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { Ltr } from '../../../design/bidi';
import { EmptyState } from '../../../design/empty-state';
import { InvitationIllustration } from '../../../design/illustrations';
import { colors } from '../../../design/tokens';
import { useGuestCounts } from '../api';
import { formatCount } from '../format-event';
import { useEvent } from '../use-event';

interface Tile {
  key: string;
  value: number | undefined;
  icon: ReactNode;
  tint: string;
  ink: string;
}

function StatCard({ tile, label, large = false }: { tile: Tile; label: string; large?: boolean }) {
  const { i18n } = useTranslation();
  return (
    <Card sx={{ flexGrow: 1, p: { xs: 2, sm: 2.5 }, display: 'flex', gap: 2, alignItems: 'center' }} data-testid={`stat-${tile.key}`}>
      <Box
        aria-hidden
        sx={{
          width: large ? 52 : 44,
          height: large ? 52 : 44,
          borderRadius: '50%',
          bgcolor: tile.tint,
          color: tile.ink,
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          '& svg': { fontSize: large ? 28 : 24 },
        }}
      >
        {tile.icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="p" sx={{ fontSize: large ? '1.875rem' : '1.5rem', fontWeight: 700, lineHeight: 1.2 }} data-testid={`stat-${tile.key}-value`}>
          <Ltr>{tile.value === undefined ? '–' : formatCount(tile.value, i18n.language)}</Ltr>
        </Typography>
        <Typography component="p" variant="body2" color="text.secondary">
          {label}
        </Typography>
      </Box>
    </Card>
  );
}

/** `/event/:id/statistics`, the dashboard's home: totals by status for now. */
export function EventStatisticsPage() {
  const { t } = useTranslation();
  const event = useEvent();
  const hasGuests = event.guestCount > 0;
  const guestCounts = useGuestCounts(event.id, hasGuests);
  const counts = event.statusCounts;

  const heading = <PageHeading>{t('eventStats.title')}</PageHeading>;
  if (!hasGuests) {
    return (
      <>
        {heading}
        <EmptyState
          data-testid="stats-empty"
          illustration={<InvitationIllustration />}
          title={t('eventStats.empty.title')}
          action={
            <Button component={RouterLink} to={`/event/${event.id}/guest/list`} variant="contained" size="large" startIcon={<AddIcon />}>
              {t('eventStats.empty.action')}
            </Button>
          }
        >
          {t('eventStats.empty.body')}
        </EmptyState>
      </>
    );
  }

  const main: Tile[] = [
    { key: 'invitees', value: event.inviteeCount, icon: <PeopleIcon />, tint: colors.primarySoft, ink: colors.primaryDark },
    { key: 'guests', value: event.guestCount, icon: <GroupsIcon />, tint: colors.roseSoft, ink: colors.rose },
  ];
  const statuses: Tile[] = [
    { key: 'approved', value: counts.approved ?? 0, icon: <CheckIcon />, tint: '#E3F2E9', ink: colors.success },
    { key: 'declined', value: counts.declined ?? 0, icon: <CancelIcon />, tint: '#FBE6E3', ink: colors.error },
    { key: 'maybe', value: counts.maybe ?? 0, icon: <HelpIcon />, tint: colors.goldSoft, ink: colors.ink },
    { key: 'inProgress', value: counts.inProgress ?? 0, icon: <ScheduleIcon />, tint: colors.primarySoft, ink: colors.primaryDark },
    { key: 'pending', value: counts.pending ?? 0, icon: <HourglassIcon />, tint: colors.line, ink: colors.inkSoft },
    { key: 'changedDecision', value: counts.changedDecision ?? 0, icon: <ChangeIcon />, tint: colors.roseSoft, ink: colors.rose },
    { key: 'wrongNumber', value: counts.wrongNumber ?? 0, icon: <PhoneDisabledIcon />, tint: '#FBE6E3', ink: colors.error },
    { key: 'viewed', value: guestCounts.data?.viewed, icon: <VisibilityIcon />, tint: colors.primarySoft, ink: colors.primaryDark },
  ];

  return (
    <>
      {heading}
      <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0, mb: 4 }} aria-label={t('eventStats.totalsLabel')}>
        {main.map((tile) => (
          <Grid key={tile.key} size={{ xs: 6 }} component="li" sx={{ display: 'flex', listStyle: 'none' }}>
            <StatCard tile={tile} label={t(`eventStats.${tile.key}`)} large />
          </Grid>
        ))}
      </Grid>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('eventStats.byStatus')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0 }} aria-label={t('eventStats.byStatus')}>
        {statuses.map((tile) => (
          <Grid key={tile.key} size={{ xs: 6, md: 3 }} component="li" sx={{ display: 'flex', listStyle: 'none' }}>
            <StatCard tile={tile} label={t(`eventStats.${tile.key}`)} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}
