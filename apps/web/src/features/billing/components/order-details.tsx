import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Order } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../design/bidi';
import { formatNumber } from '../format-money';
import { Money } from './money';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 }, py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** How an order was paid: the card's brand and last four, Bit, or a coupon. */
export const usePaymentMethodText = () => {
  const { t } = useTranslation();
  return (order: Pick<Order, 'paymentMethod' | 'cardBrand' | 'cardLast4'>): ReactNode => {
    if (order.paymentMethod === 'card') {
      return order.cardLast4 ? (
        order.cardBrand ? (
          <Ltr>{`${order.cardBrand} •••• ${order.cardLast4}`}</Ltr>
        ) : (
          <>
            {t('billing.method.card')} <Ltr>{`•••• ${order.cardLast4}`}</Ltr>
          </>
        )
      ) : (
        t('billing.method.card')
      );
    }
    return order.paymentMethod ? t(`billing.method.${order.paymentMethod}`) : '—';
  };
};

/** What was bought: the order number, package and tier, amounts with VAT apart, and how it was paid. */
export function OrderDetails({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const methodText = usePaymentMethodText();
  return (
    <Box component="dl" sx={{ m: 0 }} data-testid="order-details">
      <Row label={t('billing.order.number')}>
        <span data-testid="order-number">
          <Ltr>{String(order.orderNumber)}</Ltr>
        </span>
      </Row>
      <Row label={t('billing.confirm.package')}>
        {t(`billing.packages.${order.packageId}.name`)}
        {order.kind === 'upgrade' ? ` (${t('billing.orders.upgrade')})` : ''}
      </Row>
      <Row label={t('billing.confirm.inviteeCount')}>
        <Ltr>{formatNumber(order.inviteeCount, i18n.language)}</Ltr>
      </Row>
      {order.couponDiscount > 0 ? (
        <Row label={t('billing.success.discount')}>
          <Money agorot={-order.couponDiscount} />
        </Row>
      ) : null}
      <Row label={t('billing.confirm.total')}>
        <Money agorot={order.total} />
      </Row>
      <Row label={t('billing.success.vat')}>
        <Money agorot={order.vat} />
      </Row>
      {order.status === 'paid' || order.paymentMethod ? <Row label={t('billing.success.method')}>{methodText(order)}</Row> : null}
    </Box>
  );
}
