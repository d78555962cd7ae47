import Box from '@mui/material/Box';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import type { InviteeStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { GuestStatusChip } from '../../guests/components/guest-status-chip';

/** Read by screen readers, not shown. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', margin: '-1px', padding: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0 } as const;

/**
 * An answer's status, and when it replaced a different earlier one, "previous → new" with a "changed" mark.
 * The arrow points the way the text reads (left in Hebrew and Arabic); screen readers hear a sentence instead.
 */
export function StatusChange({ status, previous }: { status: InviteeStatus; previous: InviteeStatus | null }) {
  const { t } = useTranslation();
  if (!previous || previous === status) return <GuestStatusChip status={status} />;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.75 }} data-testid="status-change">
      <GuestStatusChip status="changedDecision" />
      <Box component="span" aria-hidden sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <GuestStatusChip status={previous} />
        <ArrowForwardIcon fontSize="small" sx={{ color: 'text.secondary', transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
        <GuestStatusChip status={status} />
      </Box>
      <Box component="span" sx={visuallyHidden}>
        {t('invitations.answer.changedFromTo', { from: t(`guests.status.${previous}`), to: t(`guests.status.${status}`) })}
      </Box>
    </Box>
  );
}
