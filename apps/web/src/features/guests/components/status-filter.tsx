import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GuestStatusFilter } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';

export type ListFilter = GuestStatusFilter | 'all' | 'viewed';

const ORDER: ListFilter[] = ['all', 'approved', 'partiallyComing', 'declined', 'maybe', 'inProgress', 'changedDecision', 'wrongNumber', 'notReached', 'pending', 'viewed'];

/**
 * Counts over the whole list as chips; one chip is the filter. Statuses nobody has are left out, and so is
 * "not invited yet" while it is everyone (the same figure as "all"; the list says it once above).
 */
const shown = (key: ListFilter, value: ListFilter, counts: Record<string, number>): boolean => {
  if (key === 'all' || key === value) return true;
  const count = counts[key] ?? 0;
  return count > 0 && !(key === 'pending' && count === (counts.all ?? 0));
};

export function StatusFilter({ counts, value, onChange }: { counts: Record<string, number>; value: ListFilter; onChange: (value: ListFilter) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label={t('guests.filters.status')} data-testid="status-filter">
      {ORDER.filter((key) => shown(key, value, counts)).map((key) => (
        <Chip
          key={key}
          clickable
          color={value === key ? 'primary' : 'default'}
          variant={value === key ? 'filled' : 'outlined'}
          aria-pressed={value === key}
          onClick={() => onChange(key)}
          data-testid={`filter-${key}`}
          label={
            <>
              {t(`guests.filters.${key}`)} <Ltr>{(counts[key] ?? 0).toLocaleString()}</Ltr>
            </>
          }
        />
      ))}
    </Stack>
  );
}
