import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GuestStatusFilter } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';

export type ListFilter = GuestStatusFilter | 'all' | 'viewed';

const ORDER: ListFilter[] = ['all', 'pending', 'inProgress', 'approved', 'partiallyComing', 'declined', 'maybe', 'changedDecision', 'wrongNumber', 'viewed'];

/** Counts over the whole list as chips; one chip is the filter. Statuses nobody has yet are left out, except all and pending. */
export function StatusFilter({ counts, value, onChange }: { counts: Record<string, number>; value: ListFilter; onChange: (value: ListFilter) => void }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label={t('guests.filters.status')} data-testid="status-filter">
      {ORDER.filter((key) => key === 'all' || key === value || (counts[key] ?? 0) > 0).map((key) => (
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
