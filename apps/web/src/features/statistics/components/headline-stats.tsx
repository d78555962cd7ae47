import type { ReactNode } from 'react';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/CancelOutlined';
import ChangeIcon from '@mui/icons-material/ChangeCircleOutlined';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CelebrationIcon from '@mui/icons-material/CelebrationOutlined';
import HelpIcon from '@mui/icons-material/HelpOutline';
import PeopleIcon from '@mui/icons-material/PeopleOutline';
import PhoneDisabledIcon from '@mui/icons-material/PhonelinkEraseOutlined';
import ScheduleIcon from '@mui/icons-material/ScheduleOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import type { EventStatsDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { formatCount } from '../../events/format-event';
import { StatTile, type StatTileProps } from './stat-tile';

type Tile = Omit<StatTileProps, 'large' | 'label'> & { labelKey: string; columns?: { xs: number; md: number } };

function TileGrid({ tiles, label, large = false, columns }: { tiles: Tile[]; label: string; large?: boolean; columns: { xs: number; md: number } }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2} component="ul" sx={{ p: 0, m: 0 }} aria-label={label}>
      {tiles.map(({ labelKey, columns: own, ...tile }) => (
        <Grid key={tile.id} size={own ?? columns} component="li" sx={{ display: 'flex', listStyle: 'none' }}>
          <StatTile {...tile} label={t(labelKey)} large={large} />
        </Grid>
      ))}
    </Grid>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="h2" component="h2" sx={{ mt: 4, mb: 2 }}>
      {children}
    </Typography>
  );
}

/** "Guests on the list: 3", the number isolated and named for tests. */
function GuestsOnList({ count }: { count: number }) {
  const { t, i18n } = useTranslation();
  const [before = '', after = ''] = t('statistics.tiles.guestsOnList', { count: '\uE000' }).split('\uE000');
  return (
    <span data-testid="stat-guests">
      {before}
      <Ltr>
        <span data-testid="stat-guests-value">{formatCount(count, i18n.language)}</span>
      </Ltr>
      {after}
    </span>
  );
}

interface HeadlineStatsProps {
  /** Undefined while loading. */
  stats: EventStatsDto | undefined;
  /** The event's own totals, shown until the first figures arrive. */
  fallback: { invited: number; guests: number };
}

/** The dashboard's headline figures: people invited and coming, then answers, then how the invitations fare. */
export function HeadlineStats({ stats, fallback }: HeadlineStatsProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const guestStats = stats?.guestStats;
  const people: Tile[] = [
    {
      id: 'invitees',
      labelKey: 'statistics.tiles.invited',
      value: stats?.invited ?? fallback.invited,
      icon: <PeopleIcon />,
      tint: colors.primarySoft,
      ink: colors.primaryDark,
      caption: <GuestsOnList count={stats?.guests ?? fallback.guests} />,
    },
    {
      id: 'attending',
      labelKey: 'statistics.tiles.attending',
      value: stats?.attending,
      icon: <CelebrationIcon />,
      tint: colors.roseSoft,
      ink: colors.rose,
    },
  ];
  const answers: Tile[] = [
    {
      id: 'approved',
      labelKey: 'statistics.tiles.approved',
      value: stats?.approved,
      icon: <CheckIcon />,
      tint: '#E3F2E9',
      ink: colors.success,
      // Always a line (a blank one when no family comes in part), so the row does not grow when the figures arrive.
      caption: stats ? (stats.partiallyComing > 0 ? ti('statistics.tiles.partly', { count: formatCount(stats.partiallyComing, i18n.language) }) : '\u00a0') : null,
    },
    { id: 'declined', labelKey: 'statistics.tiles.declined', value: stats?.declined, icon: <CancelIcon />, tint: '#FBE6E3', ink: colors.error },
    { id: 'maybe', labelKey: 'statistics.tiles.maybe', value: stats?.maybe, icon: <HelpIcon />, tint: colors.goldSoft, ink: colors.ink },
    { id: 'noAnswer', labelKey: 'statistics.tiles.noAnswer', value: stats?.noAnswer, icon: <ScheduleIcon />, tint: colors.primarySoft, ink: colors.primaryDark },
  ];
  const progress: Tile[] = [
    {
      // Guests who opened their invitation (each once, however many times they reloaded it), and those who did not.
      id: 'viewed',
      labelKey: 'statistics.tiles.viewed',
      // three tiles: on a phone this one takes the row, the other two share the next
      columns: { xs: 12, md: 4 },
      value: stats?.viewed,
      icon: <VisibilityIcon />,
      tint: colors.primarySoft,
      ink: colors.primaryDark,
      caption: stats ? ti('statistics.tiles.notViewed', { count: formatCount(Math.max(0, stats.guests - stats.viewed), i18n.language) }) : null,
    },
    // No "not answered" or "awaiting payment" tile here: it would repeat "No answer yet" above (spec §3's
    // pending/inProgress are the same guests); an unpaid event says once that nobody was invited yet instead.
    { id: 'changedDecision', labelKey: 'statistics.tiles.changedDecision', value: guestStats?.changedDecision, icon: <ChangeIcon />, tint: colors.roseSoft, ink: colors.rose },
    { id: 'wrongNumber', labelKey: 'statistics.tiles.wrongNumber', value: stats?.wrongNumber, icon: <PhoneDisabledIcon />, tint: '#FBE6E3', ink: colors.error },
  ];

  return (
    <>
      <TileGrid tiles={people} label={t('statistics.peopleLabel')} large columns={{ xs: 6, md: 6 }} />
      <SectionTitle>{t('statistics.answersTitle')}</SectionTitle>
      <TileGrid tiles={answers} label={t('statistics.answersTitle')} columns={{ xs: 6, md: 3 }} />
      <SectionTitle>{t('statistics.progressTitle')}</SectionTitle>
      {/* Every tile of the row keeps a caption line (blank but for the viewed one), so their figures line up. */}
      <TileGrid tiles={progress.map((tile) => ({ ...tile, caption: tile.caption ?? '\u00a0' }))} label={t('statistics.progressTitle')} columns={{ xs: 6, md: 4 }} />
    </>
  );
}
