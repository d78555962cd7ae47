import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PackagesResponse } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { useIsolatedT } from '../../../design/isolated-text';
import { colors } from '../../../design/tokens';
import { totalsOf, type CheckoutSelection } from '../checkout-model';
import { formatNumber, formatShekels } from '../format-money';
import { Money } from './money';

function Line({ label, children, strong = false }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'baseline',
        gap: 2,
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 1.5, mt: 0.5 } : {}),
      }}
    >
      <Typography component="dt" sx={{ fontWeight: strong ? 700 : 400, fontSize: strong ? '1.125rem' : undefined }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: strong ? 700 : 500, fontSize: strong ? '1.375rem' : undefined, whiteSpace: 'nowrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The price of the choice: the tier's price (an upgrade: less the current package), the coupon, the total and its VAT. */
export function PriceSummary({ packages, selection }: { packages: PackagesResponse; selection: CheckoutSelection }) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const totals = totalsOf(packages, selection);
  if (!totals) return null;
  const packageLine = ti('billing.summary.packageLine', {
    package: t(`billing.packages.${selection.packageId}.name`),
    count: formatNumber(selection.inviteeCount, i18n.language),
  });
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, borderRadius: '16px', bgcolor: colors.primarySoft }} data-testid="price-summary">
      <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
        {t('billing.summary.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        <Line label={packageLine}>
          <Money agorot={totals.price} />
        </Line>
        {totals.credit > 0 ? (
          <Line label={t('billing.summary.credit')}>
            <Money agorot={-totals.credit} />
          </Line>
        ) : null}
        {selection.coupon ? (
          <Line label={ti('billing.summary.coupon', { code: selection.coupon.code })}>
            <Money agorot={-selection.coupon.check.discount} />
          </Line>
        ) : null}
        <Line label={t(totals.credit > 0 ? 'billing.summary.difference' : 'billing.summary.total')} strong>
          <span data-testid="summary-total">
            <Money agorot={totals.total} />
          </span>
        </Line>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} data-testid="summary-vat">
        {ti('billing.summary.vat', { percent: `${formatNumber(packages.vatPercent, i18n.language)}%`, amount: formatShekels(totals.vat, i18n.language) })}
      </Typography>
    </Box>
  );
}
