import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

// Theme colours that read at AA as small text on white (MUI's own info and warning do not).
const COLOR: Record<OrderStatus, 'default' | 'success' | 'error' | 'primary' | 'secondary'> = {
  created: 'default',
  pending: 'secondary',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'primary',
  superseded: 'default',
  abandoned: 'default',
  // Money taken that support is checking: never shown as failed.
  needsAttention: 'secondary',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`billing.status.${status}`)} data-testid="order-status" data-status={status} sx={{ fontWeight: 600 }} />;
}
