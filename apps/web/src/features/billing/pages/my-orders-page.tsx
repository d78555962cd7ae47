import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { Order } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { UserText } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { translateError } from '../../../i18n/translate-error';
import { useOrders } from '../api';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { Money } from '../components/money';
import { OrderStatusChip } from '../components/order-status-chip';
import { formatNumber, formatOrderDate, formatShekels } from '../format-money';
import { formatEventDate } from '../../events/format-event';

function OrderRow({ order, onCancel }: { order: Order; onCancel: (order: Order) => void }) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  return (
    <Card component="li" sx={{ p: { xs: 2, sm: 2.5 }, display: 'grid', gap: 1 }} data-testid="order-row" data-order-number={order.orderNumber}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '1.0625rem', flexGrow: 1, minWidth: 0 }}>
          <Link component={RouterLink} to={`/event/${order.eventId}/statistics`} underline="hover" color="inherit">
            <UserText>{order.eventName}</UserText>
          </Link>
        </Typography>
        <OrderStatusChip status={order.status} />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, color: 'text.secondary' }}>
        <Typography variant="body2">
          {ti('billing.orders.number', { number: String(order.orderNumber) })}
        </Typography>
        <Typography variant="body2">
          {ti('billing.summary.packageLine', { package: t(`billing.packages.${order.packageId}.name`), count: formatNumber(order.inviteeCount, i18n.language) })}
          {order.kind === 'upgrade' ? ` · ${t('billing.orders.upgrade')}` : ''}
        </Typography>
        <Typography variant="body2">
          {formatOrderDate(order.paidAt ?? order.createdAt, i18n.language)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem', flexGrow: 1 }}>
          <Money agorot={order.total} />
          {order.refundAmount !== null ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ marginInlineStart: 1 }}>
              {ti('billing.orders.refunded', { amount: formatShekels(order.refundAmount, i18n.language) })}
            </Typography>
          ) : null}
        </Typography>
        {order.receiptUrl ? (
          <Button href={order.receiptUrl} target="_blank" rel="noopener noreferrer" startIcon={<ReceiptIcon />} size="small" sx={{ minHeight: 44 }}>
            {t('billing.orders.receipt')}
          </Button>
        ) : null}
        {order.cancellable ? (
          <Button color="secondary" variant="outlined" onClick={() => onCancel(order)} sx={{ minHeight: 44 }} data-testid="cancel-order">
            {t('billing.orders.cancel')}
          </Button>
        ) : null}
      </Box>
      {/* The terms' rule, said before anyone asks: open here only before the RSVP start and before anything went out. */}
      {order.status === 'paid' && order.refundAmount === null ? (
        <Typography variant="body2" color="text.secondary" data-testid={order.cancellable ? 'cancel-rule' : 'cancel-closed'}>
          {order.cancellable ? ti('billing.cancel.deadline', { date: formatEventDate(order.rsvpStartDate, i18n.language) }) : t('billing.orders.cancelClosed')}
        </Typography>
      ) : null}
    </Card>
  );
}

function OrderList({ title, orders, empty, onCancel, testId }: { title: string; orders: Order[]; empty: string; onCancel: (order: Order) => void; testId: string }) {
  return (
    <Box component="section" sx={{ mb: 4 }} data-testid={testId}>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {orders.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} onCancel={onCancel} />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** `/my-orders` (spec §2): the host's orders, active and closed; a paid one may be cancelled before the RSVP start. */
export function MyOrdersPage() {
  const { t } = useTranslation();
  const orders = useOrders();
  const [cancelling, setCancelling] = useState<Order | null>(null);
  const eventOrders = cancelling ? (orders.data?.active ?? []).filter((order) => order.eventId === cancelling.eventId && order.status === 'paid') : [];

  return (
    <>
      <PageHeading>{t('billing.orders.title')}</PageHeading>
      {orders.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void orders.refetch()}>
              {t('billing.retry')}
            </Button>
          }
        >
          {translateError(t, orders.error)}
        </Alert>
      ) : !orders.data ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={t('common.loading')}>
          <CircularProgress />
        </Box>
      ) : (
        <>
          <OrderList title={t('billing.orders.active')} orders={orders.data.active} empty={t('billing.orders.emptyActive')} onCancel={setCancelling} testId="orders-active" />
          <OrderList title={t('billing.orders.closed')} orders={orders.data.closed} empty={t('billing.orders.emptyClosed')} onCancel={setCancelling} testId="orders-closed" />
        </>
      )}
      <CancelOrderDialog order={cancelling} eventOrders={eventOrders.length > 0 ? eventOrders : cancelling ? [cancelling] : []} onClose={() => setCancelling(null)} />
    </>
  );
}
