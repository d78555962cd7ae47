import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../app/api-error';
import { PageHeading } from '../../../components/page-heading';
import { translateError } from '../../../i18n/translate-error';
import { useEventById } from '../../events/api';
import { eventRightsOf } from '../../cohosts/event-rights';
import { usePackages } from '../api';
import { initialSelection, isValidSelection, readSelection, writeSelection, type CheckoutSelection } from '../checkout-model';
import { CheckoutStepper } from '../components/checkout-stepper';
import { CHECKOUT_STEPS, type CheckoutStep, type PricingContext } from '../pricing-context';

const stepOfPath = (pathname: string): CheckoutStep => CHECKOUT_STEPS.find((step) => pathname.endsWith(`/${step}`)) ?? 'order';

/**
 * `/pricing/:id/<step>` (spec §2): order → confirmation → payment → success, one URL each. The choice is kept
 * per event in the tab (sessionStorage), so the provider's redirect back finds it; the server decides every amount.
 */
export function PricingPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const event = useEventById(id);
  const packages = usePackages(id);
  const [stored, setStored] = useState<CheckoutSelection | null>(() => readSelection(id));

  const setSelection = useCallback(
    (next: CheckoutSelection) => {
      writeSelection(id, next);
      setStored(next);
    },
    [id],
  );
  const stepHref = useCallback((step: CheckoutStep) => `/pricing/${id}/${step}`, [id]);

  // Issue 28: a co-host learns at once that payment is the owner's, before any step or box to tick.
  if (event.data && !eventRightsOf(event.data.role).canPay) {
    return (
      <>
        <PageHeading>{t('billing.pricing.title')}</PageHeading>
        <Alert severity="info" data-testid="pricing-owner-only">
          {t('billing.ownerOnly')}
        </Alert>
      </>
    );
  }

  const error = event.error ?? packages.error;
  if (error && isApiError(error) && (error.status === 404 || error.status === 400)) return <Navigate to="/error-404" replace />;

  const step = stepOfPath(pathname);
  const upgrade = Boolean(packages.data?.current);
  // The success step names its own outcome as the page's heading.
  const heading = step === 'success' ? null : <PageHeading>{t(upgrade ? 'billing.pricing.upgradeTitle' : 'billing.pricing.title')}</PageHeading>;

  if (error) {
    return (
      <>
        {heading ?? <PageHeading>{t('billing.pricing.title')}</PageHeading>}
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void Promise.all([event.refetch(), packages.refetch()])}>
              {t('billing.retry')}
            </Button>
          }
        >
          {translateError(t, error)}
        </Alert>
      </>
    );
  }
  if (!event.data || !packages.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8, minHeight: '60vh' }} role="status" aria-label={t('common.loading')}>
        <CircularProgress />
      </Box>
    );
  }

  const selection = stored && isValidSelection(packages.data, stored) ? stored : initialSelection(packages.data, event.data.includeCallsPreference);
  const context: PricingContext = { event: event.data, packages: packages.data, selection, setSelection, stepHref };
  return (
    <>
      {heading}
      {/* the success step puts its outcome first, then the steps */}
      {step === 'success' ? null : <CheckoutStepper active={step} />}
      <Outlet context={context} />
    </>
  );
}
