import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EventStatsDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Count } from './count';
import { StatsSection } from './stats-section';

interface Line {
  key: string;
  label: string;
  people: number;
}

/** Non-zero totals, largest first. */
const linesOf = (totals: Record<string, number | undefined>, label: (key: string) => string): Line[] =>
  Object.entries(totals)
    .filter((entry): entry is [string, number] => (entry[1] ?? 0) > 0)
    .map(([key, people]) => ({ key, label: label(key), people }))
    .sort((a, b) => b.people - a.people);

/** Whether there is anything to show: the section appears only then. */
export const hasNeeds = (stats: Pick<EventStatsDto, 'meals' | 'transport' | 'split'>): boolean =>
  Object.values(stats.meals).some((n) => (n ?? 0) > 0) || Object.values(stats.transport).some((n) => n > 0) || hasSplit(stats.split);

/** Issue 32: the event asks a split and someone coming has been counted. */
const hasSplit = (split: EventStatsDto['split']): split is NonNullable<EventStatsDto['split']> =>
  Boolean(split && split.adults + split.children + split.men + split.women + split.notTold > 0);

/** The split's lines in a fixed order (not by size): adults then children, men then women, then not told. */
const splitLinesOf = (split: NonNullable<EventStatsDto['split']>, label: (key: string) => string): Line[] =>
  (['adults', 'children', 'men', 'women', 'notTold'] as const)
    .filter((key) => split[key] > 0 || (key !== 'notTold' && (key === 'adults' || key === 'children' ? split.adults + split.children > 0 : split.men + split.women > 0)))
    .map((key) => ({ key, label: label(key), people: split[key] }));

function TotalsList({ title, lines, testId }: { title: string; lines: Line[]; testId: string }) {
  if (lines.length === 0) return null;
  return (
    <Box sx={{ '& + &': { mt: 2 } }} data-testid={testId}>
      <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
        {lines.map((line) => (
          <Box component="li" key={line.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
            <span dir="auto">{line.label}</span>
            <Box component="span" sx={{ fontWeight: 600 }}>
              <Count value={line.people} />
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Special meals and transport asked for by the guests who are coming (people per choice). */
export function NeedsTotals({ meals, transport, split }: Pick<EventStatsDto, 'meals' | 'transport' | 'split'>) {
  const { t } = useTranslation();
  return (
    <StatsSection title={t('statistics.needs.title')} testId="needs-totals">
      {hasSplit(split) ? <TotalsList title={t('statistics.needs.split')} testId="split-totals" lines={splitLinesOf(split, (key) => t(`statistics.needs.split_${key}`))} /> : null}
      <TotalsList title={t('statistics.needs.meals')} testId="meal-totals" lines={linesOf(meals, (meal) => t(`eventWizard.meals.${meal}`))} />
      <TotalsList title={t('statistics.needs.transport')} testId="transport-totals" lines={linesOf(transport, (option) => option)} />
    </StatsSection>
  );
}
