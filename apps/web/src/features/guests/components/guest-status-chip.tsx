import { memo } from 'react';
import Box from '@mui/material/Box';
import type { InviteeStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../statistics/components/visually-hidden';

/** Text and background per status: all pairs meet WCAG AA (4.5:1). */
const TONES: Record<InviteeStatus, { color: string; bg: string; border: string }> = {
  pending: { color: '#5E5668', bg: '#FFFFFF', border: '#D8D0DD' },
  inProgress: { color: '#1F5C99', bg: '#E6F0FA', border: '#E6F0FA' },
  approved: { color: '#1E6B40', bg: '#E3F4EA', border: '#E3F4EA' },
  declined: { color: '#A12F24', bg: '#FBE9E7', border: '#FBE9E7' },
  maybe: { color: '#7A5200', bg: '#FDF1D6', border: '#FDF1D6' },
  changedDecision: { color: '#4E43C0', bg: '#EEEBFD', border: '#EEEBFD' },
  wrongNumber: { color: '#A12F24', bg: '#FFFFFF', border: '#E7B4AE' },
};

/**
 * A guest's status (spec §4) as a small label. A styled span rather than MUI's Chip: a page shows up to
 * 200 of them, and this one costs no ripple, no icon slots and no extra components.
 */
export const GuestStatusChip = memo(function GuestStatusChip({ status, quietPending = false }: { status: InviteeStatus; quietPending?: boolean }) {
  const { t } = useTranslation();
  const tone = TONES[status];
  // In a list where every guest may be pending, "not invited yet" is said once above it; the row stays quiet.
  if (quietPending && status === 'pending') {
    return (
      <Box component="span" sx={{ color: 'text.secondary' }} title={t('guests.status.pending')} data-status="pending">
        <span aria-hidden="true">–</span>
        <Box component="span" sx={visuallyHidden}>
          {t('guests.status.pending')}
        </Box>
      </Box>
    );
  }
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 999,
        fontSize: '0.75rem',
        lineHeight: 1.6,
        fontWeight: 500,
        whiteSpace: 'nowrap',
        color: tone.color,
        bgcolor: tone.bg,
        border: `1px solid ${tone.border}`,
      }}
    >
      {t(`guests.status.${status}`)}
    </Box>
  );
});
