import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import LockIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { ORDER_CONFIRMATION_FIELDS, type CreateOrderInput } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { isInWebView } from '../../../app/platform';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { useIsolatedT } from '../../../design/isolated-text';
import { useCreateOrder, useCreateOtt } from '../api';
import { totalsOf } from '../checkout-model';
import { PriceSummary } from '../components/price-summary';
import { formatShekels } from '../format-money';
import { usePricing } from '../pricing-context';
import { SendingPromise } from '../components/sending-promise';

const allConfirmed = Object.fromEntries(ORDER_CONFIRMATION_FIELDS.map((field) => [field, true])) as CreateOrderInput['confirmations'];

/** Leaving the app's web view: a one-time sign-in link opened in the system browser (the web view hands `_blank` over). */
function OpenInBrowser({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const ott = useCreateOtt();
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="payment-webview">
      <Alert severity="info">{t('errors.PAYMENT_NOT_IN_WEBVIEW')}</Alert>
      <Box>
        <Button
          variant="contained"
          size="large"
          startIcon={<OpenInNewIcon />}
          disabled={ott.isPending}
          onClick={() => ott.mutate(`/pricing/${eventId}`, { onSuccess: ({ url }) => void window.open(url, '_blank') })}
          data-testid="open-in-browser"
        >
          {t('billing.payment.openInBrowser')}
        </Button>
      </Box>
      <FormErrorAlert error={ott.error} />
    </Box>
  );
}

/**
 * Step 3: creates the order (the server computes the amount) and sends the browser to the provider's page.
 * The provider sends it back here with `?result=failed|cancelled`, or to the success step.
 */
export function PaymentStep() {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const [params] = useSearchParams();
  const { event, packages, selection, stepHref } = usePricing();
  const createOrder = useCreateOrder(event.id);
  const [leaving, setLeaving] = useState(false);
  const [refusedInWebView, setRefusedInWebView] = useState(false);
  const result = params.get('result');
  const totals = totalsOf(packages, selection);

  // Back from the provider the choice is kept; without one (a typed address) the order starts over.
  if (!totals || (!selection.confirmed && !result)) return <Navigate to={stepHref(selection.confirmed || !totals ? 'order' : 'confirmation')} replace />;

  const pay = () =>
    createOrder.mutate(
      {
        packageId: selection.packageId,
        inviteeCount: selection.inviteeCount,
        ...(selection.coupon ? { couponCode: selection.coupon.code } : {}),
        confirmations: allConfirmed,
        // Back from a declined or cancelled page: a new page, not the open order's old one.
        ...(result ? { newPage: true } : {}),
      },
      {
        onSuccess: ({ checkoutUrl }) => {
          setLeaving(true);
          window.location.assign(checkoutUrl);
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'PAYMENT_NOT_IN_WEBVIEW') setRefusedInWebView(true);
        },
      },
    );

  if (isInWebView() || refusedInWebView) {
    return (
      <Box data-testid="payment-step">
        <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
          {t('billing.payment.title')}
        </Typography>
        <OpenInBrowser eventId={event.id} />
      </Box>
    );
  }

  const amount = formatShekels(totals.total, i18n.language);
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="payment-step">
      <Typography variant="h2" component="h2">
        {t('billing.payment.title')}
      </Typography>
      {result === 'failed' ? (
        <Alert severity="error" data-testid="payment-failed">
          {t('errors.PAYMENT_FAILED')}
        </Alert>
      ) : result === 'cancelled' ? (
        <Alert severity="info" data-testid="payment-cancelled">
          {t('billing.payment.cancelled')}
        </Alert>
      ) : null}
      <Typography>{ti('billing.payment.lead', { amount })}</Typography>
      <SendingPromise />
      <PriceSummary packages={packages} selection={selection} />
      <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <LockIcon fontSize="small" aria-hidden />
        {t('billing.payment.secure')}
      </Typography>
      {createOrder.error && !(isApiError(createOrder.error) && createOrder.error.code === 'PAYMENT_NOT_IN_WEBVIEW') ? (
        <FormErrorAlert error={createOrder.error} />
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap-reverse', mt: 1 }}>
        <Button component={RouterLink} to={stepHref(result ? 'order' : 'confirmation')} size="large">
          {t(result ? 'billing.payment.change' : 'billing.back')}
        </Button>
        <Button variant="contained" size="large" onClick={pay} disabled={createOrder.isPending || leaving} data-testid="pay">
          {/* one text run: a flex button would drop the space before the isolated amount */}
          <span>{ti(result ? 'billing.payment.tryAgain' : 'billing.payment.pay', { amount })}</span>
        </Button>
      </Box>
      {leaving ? (
        <Typography role="status" color="text.secondary">
          {t('billing.payment.redirecting')}
        </Typography>
      ) : null}
    </Box>
  );
}
