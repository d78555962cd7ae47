import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/page-heading';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { eventKeys } from '../../events/api';
import { billingKeys, ORDER_POLL_LIMIT_MS, useOrder } from '../api';
import { writeSelection } from '../checkout-model';
import { CheckoutStepper } from '../components/checkout-stepper';
import { OrderDetails } from '../components/order-details';
import { usePricing } from '../pricing-context';
import { SendingPromise } from '../components/sending-promise';

/**
 * Step 4: the provider sent the browser here; the order is paid only once the server verified it, so the page
 * asks again every 1.5 s (each ask re-queries the provider) for up to a minute.
 */
export function SuccessStep() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { event, stepHref } = usePricing();
  const orderId = params.get('order') ?? '';
  const [timedOut, setTimedOut] = useState(false);
  const query = useOrder(orderId, { poll: !timedOut });
  const order = query.data;
  const status = order?.status;

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), ORDER_POLL_LIMIT_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (status !== 'paid') return;
    writeSelection(event.id, null);
    // The dashboard, the tabs and the buy button read the event: it is paid now.
    void queryClient.invalidateQueries({ queryKey: eventKeys.one(event.id) });
    void queryClient.invalidateQueries({ queryKey: eventKeys.all, exact: true });
    void queryClient.invalidateQueries({ queryKey: billingKeys.packages(event.id) });
    void queryClient.invalidateQueries({ queryKey: billingKeys.orders, exact: true });
  }, [status, event.id, queryClient]);

  if (!orderId) return <Navigate to={stepHref('order')} replace />;

  const dashboard = (
    <Button component={RouterLink} to={`/event/${event.id}/statistics`} variant={status === 'paid' ? 'contained' : 'outlined'} size="large" data-testid="back-to-dashboard">
      {t('billing.backToDashboard')}
    </Button>
  );

  if (status === 'paid' && order) {
    return (
      <Box data-testid="success-step" data-status="paid">
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <CheckCircleIcon sx={{ color: 'success.main', fontSize: 40 }} aria-hidden />
          <PageHeading sx={{ mb: 0 }}>{t('billing.success.title')}</PageHeading>
        </Box>
        <CheckoutStepper active="success" finished />
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t(order.kind === 'upgrade' ? 'billing.success.upgradeLead' : 'billing.success.lead')}
        </Typography>
        <SendingPromise sx={{ mb: 3 }} />
        <OrderDetails order={order} />
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 3 }}>
          {dashboard}
          {order.receiptUrl ? (
            <Button href={order.receiptUrl} target="_blank" rel="noopener noreferrer" startIcon={<ReceiptIcon />} size="large" data-testid="receipt-link">
              {t('billing.success.receipt')}
            </Button>
          ) : null}
        </Box>
      </Box>
    );
  }

  // Money that matched the order only in part: support checks it; it is never shown as a failure.
  if (status === 'needsAttention') {
    return (
      <Box data-testid="success-step" data-status={status}>
        <PageHeading>{t('billing.success.reviewTitle')}</PageHeading>
        <CheckoutStepper active="success" />
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('billing.success.review')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>{dashboard}</Box>
      </Box>
    );
  }

  if (status === 'failed' || status === 'cancelled' || status === 'refunded' || status === 'superseded' || status === 'abandoned') {
    return (
      <Box data-testid="success-step" data-status={status}>
        <PageHeading>{t(status === 'failed' ? 'billing.success.failedTitle' : 'billing.success.cancelledTitle')}</PageHeading>
        <CheckoutStepper active="payment" />
        <Alert severity={status === 'failed' ? 'error' : 'info'} sx={{ mb: 3 }}>
          {t(status === 'failed' ? 'errors.PAYMENT_FAILED' : 'billing.payment.cancelled')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button component={RouterLink} to={stepHref('payment')} variant="contained" size="large">
            {t('billing.payment.tryAgainPlain')}
          </Button>
          {dashboard}
        </Box>
      </Box>
    );
  }

  return (
    <Box data-testid="success-step" data-status="waiting">
      <PageHeading>{t('billing.success.waitingTitle')}</PageHeading>
      <CheckoutStepper active="success" />
      {query.error ? (
        <FormErrorAlert error={query.error} />
      ) : timedOut ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('billing.success.slow')}
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }} role="status">
          <CircularProgress size={28} />
          <Typography>{t('billing.success.waiting')}</Typography>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {dashboard}
        <Button component={RouterLink} to="/my-orders" size="large">
          {t('nav.myOrders')}
        </Button>
      </Box>
    </Box>
  );
}
