import Chip from '@mui/material/Chip';
import type { OrderStatus } from '@magiim/shared';
import { useTranslation } from 'react-i18next';

const COLOR: Record<OrderStatus, 'default' | 'success' | 'warning' | 'error' | 'info'> = {
  created: 'default',
  pending: 'warning',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  refunded: 'info',
};

export function OrderStatusChip({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={t(`billing.status.${status}`)} data-testid="order-status" data-status={status} sx={{ fontWeight: 600 }} />;
}
