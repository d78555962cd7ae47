import Chip from '@mui/material/Chip';
import type { InviteeStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InviteeStatus, 'default' | 'primary' | 'success' | 'error' | 'warning' | 'info' | 'secondary'> = {
  pending: 'default',
  inProgress: 'info',
  approved: 'success',
  declined: 'error',
  maybe: 'warning',
  changedDecision: 'secondary',
  wrongNumber: 'error',
};

/** A guest's status (spec §4) as a small coloured label; partly coming shows as coming with its count beside it. */
export function GuestStatusChip({ status }: { status: InviteeStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant={status === 'pending' ? 'outlined' : 'filled'} color={COLORS[status]} label={t(`guests.status.${status}`)} />;
}
