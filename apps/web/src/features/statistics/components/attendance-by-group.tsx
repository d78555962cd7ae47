import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EventStatsDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { formatCount } from '../../events/format-event';
import { GROUP_SEGMENTS, groupBars, hasOtherPeople, type BarSegment } from '../group-bars';
import { StatsSection } from './stats-section';
import { visuallyHidden } from './visually-hidden';
import { UserText } from '../../../design/bidi';

/**
 * Bar colours; the labels and the table carry the figures, so colour is never the only cue. The rest of a
 * family and wrong numbers are hatched grey, so they never read as the empty track.
 */
const OTHER_FILL = `repeating-linear-gradient(135deg, ${colors.inkSoft}55 0 3px, ${colors.line} 3px 7px)`;
const SEGMENT_FILL: Record<BarSegment, string> = {
  attending: colors.success,
  maybe: colors.gold,
  noAnswer: colors.primaryLight,
  declined: colors.rose,
  other: OTHER_FILL,
};

type GroupRow = EventStatsDto['byGroup'][number];

function Swatch({ kind }: { kind: BarSegment }) {
  return <Box sx={{ width: 12, height: 12, borderRadius: '50%', background: SEGMENT_FILL[kind], flexShrink: 0 }} />;
}

function Legend({ withOther }: { withOther: boolean }) {
  const { t } = useTranslation();
  const kinds: BarSegment[] = withOther ? [...GROUP_SEGMENTS, 'other'] : [...GROUP_SEGMENTS];
  return (
    <Box component="ul" aria-hidden sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, p: 0, m: 0, mb: 2, listStyle: 'none' }}>
      {kinds.map((kind) => (
        <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Swatch kind={kind} />
          <Typography variant="body2" color="text.secondary" component="span">
            {t(`statistics.groups.${kind}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The same figures as a table, for screen readers (the bars are hidden from them). */
function GroupTable({ rows, caption, column }: { rows: GroupRow[]; caption: string; column: string }) {
  const { t } = useTranslation();
  const groupName = (row: GroupRow) => row.name ?? t('statistics.groups.noGroup');
  return (
    // The wrapper hides it: a table grows to fit its cells whatever width it is given, and would widen the page.
    <Box sx={visuallyHidden}>
      <table data-testid="groups-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col">{t('statistics.groups.invited')}</th>
            {GROUP_SEGMENTS.map((kind) => (
              <th scope="col" key={kind}>
                {t(`statistics.groups.${kind}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.groupId ?? 'none'}>
              <th scope="row">{row.name ? <UserText>{row.name}</UserText> : groupName(row)}</th>
              <td>{row.invited}</td>
              {GROUP_SEGMENTS.map((kind) => (
                <td key={kind}>{row[kind]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/**
 * People per group: coming, maybe, no answer, not coming and the rest, each bar the whole of its group. Issue 32:
 * the same bars per side of the couple (`kind="side"`).
 */
export function AttendanceByGroup({ rows, kind = 'group' }: { rows: GroupRow[] | undefined; kind?: 'group' | 'side' }) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const bars = rows ? groupBars(rows) : [];
  const title = kind === 'side' ? t('statistics.sides.title') : t('statistics.groups.title');
  return (
    <StatsSection title={title} testId={kind === 'side' ? 'attendance-by-side' : 'attendance-by-group'} loading={!rows}>
      {rows ? (
        <>
          <GroupTable rows={rows} caption={title} column={kind === 'side' ? t('statistics.sides.side') : t('statistics.groups.group')} />
          <Box aria-hidden>
            <Legend withOther={hasOtherPeople(bars)} />
            <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
              {bars.map((bar) => (
                <Box component="li" key={bar.key} data-testid={kind === 'side' ? `side-bar-${bar.key}` : 'group-bar'}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 0.5 }}>
                    <Typography component="span" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} dir="auto">
                      {bar.name ?? t('statistics.groups.noGroup')}
                    </Typography>
                    <Typography component="span" variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {ti('statistics.groups.comingOf', {
                        count: formatCount(bar.attending, i18n.language),
                        invited: formatCount(bar.invited, i18n.language),
                      })}
                    </Typography>
                  </Box>
                  <Box sx={{ height: 14, borderRadius: 999, bgcolor: colors.paper, border: 1, borderColor: 'divider', overflow: 'hidden', display: 'flex' }}>
                    {bar.segments.map((segment) => (
                      <Box
                        key={segment.kind}
                        data-segment={segment.kind}
                        sx={{ width: `${segment.percent}%`, background: SEGMENT_FILL[segment.kind] }}
                        title={`${t(`statistics.groups.${segment.kind}`)}: ${segment.people}`}
                      />
                    ))}
                  </Box>
                </Box>
              ))}
            </Box>
          </Box>
        </>
      ) : null}
    </StatsSection>
  );
}
