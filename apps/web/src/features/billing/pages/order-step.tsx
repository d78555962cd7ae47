import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type PackageId } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useIsolatedT } from '../../../design/isolated-text';
import { useCheckCoupon } from '../api';
import { isOfferable, type CheckoutSelection } from '../checkout-model';
import { ChannelPicker } from '../components/channel-picker';
import { CouponField } from '../components/coupon-field';
import { PackageCards } from '../components/package-cards';
import { PriceSummary } from '../components/price-summary';
import { TierPicker } from '../components/tier-picker';
import { formatNumber } from '../format-money';
import { usePricing } from '../pricing-context';
import { SendingPromise } from '../components/sending-promise';
import { NextIcon } from '../../../design/direction-icons';

/** Step 1: package, tier, channel, coupon and the price with VAT. */
export function OrderStep() {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const navigate = useNavigate();
  const { event, packages, selection, setSelection, stepHref } = usePricing();
  const checkCoupon = useCheckCoupon();
  const { current } = packages;

  const askCoupon = async (code: string, choice: Pick<CheckoutSelection, 'packageId' | 'inviteeCount'>) => {
    const check = await checkCoupon.mutateAsync({ code, eventId: event.id, packageId: choice.packageId, inviteeCount: choice.inviteeCount });
    return { code, check };
  };

  // A coupon's answer is for one package and tier: another choice asks the server again, and drops a code that no longer applies.
  const checked = useRef(`${selection.packageId}:${selection.inviteeCount}`);
  useEffect(() => {
    const key = `${selection.packageId}:${selection.inviteeCount}`;
    if (checked.current === key || !selection.coupon) return;
    checked.current = key;
    const choice = { ...selection };
    askCoupon(selection.coupon.code, choice).then(
      (coupon) => setSelection({ ...choice, coupon }),
      () => setSelection({ ...choice, coupon: null }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the choice changes, not on every render
  }, [selection.packageId, selection.inviteeCount]);

  const choose = (next: Partial<Pick<CheckoutSelection, 'packageId' | 'inviteeCount'>>) => {
    const choice = { ...selection, ...next, confirmed: false };
    // Switching package keeps the tier when that package sells it to this event, else its smallest offerable one.
    if (!isOfferable(current, choice.packageId, choice.inviteeCount)) {
      const fallback = packages.packages
        .find((offer) => offer.id === choice.packageId)
        ?.tiers.find((tier) => tier.inviteeCount >= choice.inviteeCount && isOfferable(current, choice.packageId, tier.inviteeCount))
        ?? packages.packages.find((offer) => offer.id === choice.packageId)?.tiers.find((tier) => isOfferable(current, choice.packageId, tier.inviteeCount));
      if (fallback) choice.inviteeCount = fallback.inviteeCount;
    }
    setSelection(choice);
  };

  if (current && !packages.canUpgrade) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="info" data-testid="upgrade-closed">
          {t('billing.order.upgradeClosed')}
        </Alert>
        <Box>
          <Button component={RouterLink} to={`/event/${event.id}/statistics`} variant="outlined">
            {t('billing.backToDashboard')}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: { xs: 3, sm: 4 } }} data-testid="order-step">
      {current ? (
        <Alert severity="info" icon={false} data-testid="current-package">
          <Typography sx={{ fontWeight: 600 }}>
            {ti('billing.order.currentPackage', {
              package: t(`billing.packages.${current.packageId}.name`),
              count: formatNumber(current.inviteeCount, i18n.language),
            })}
          </Typography>
          <Typography variant="body2">{t('billing.order.upgradeLead')}</Typography>
        </Alert>
      ) : (
        <SendingPromise />
      )}
      <PackageCards packages={packages} value={selection.packageId} onChange={(packageId: PackageId) => choose({ packageId })} />
      <TierPicker packages={packages} packageId={selection.packageId} value={selection.inviteeCount} onChange={(inviteeCount) => choose({ inviteeCount })} />
      <ChannelPicker event={event} />
      <Box>
        <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('billing.order.couponTitle')}
        </Typography>
        <CouponField
          applied={selection.coupon}
          pending={checkCoupon.isPending}
          onApply={async (code) => setSelection({ ...selection, confirmed: false, coupon: await askCoupon(code, selection) })}
          onRemove={() => setSelection({ ...selection, confirmed: false, coupon: null })}
        />
      </Box>
      <PriceSummary packages={packages} selection={selection} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap-reverse' }}>
        <Button component={RouterLink} to={`/event/${event.id}/statistics`} size="large">
          {t('billing.backToDashboard')}
        </Button>
        <Button
          variant="contained"
          size="large"
          endIcon={<NextIcon />}
          onClick={() => void navigate(stepHref('confirmation'))}
          disabled={checkCoupon.isPending}
          data-testid="order-continue"
        >
          {t('billing.continue')}
        </Button>
      </Box>
    </Box>
  );
}
