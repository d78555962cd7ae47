import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { MessageChannel, ORDER_CONFIRMATION_FIELDS, orderConfirmationsSchema } from '@magiim/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormCheckbox } from '../../../components/form-checkbox';
import { Ltr, UserText } from '../../../design/bidi';
import { eventNameIn, formatEventDate } from '../../events/format-event';
import { totalsOf } from '../checkout-model';
import { Money } from '../components/money';
import { formatNumber } from '../format-money';
import { usePricing } from '../pricing-context';
import { SendingPromise } from '../components/sending-promise';
import { NextIcon } from '../../../design/direction-icons';

type ConfirmationField = (typeof ORDER_CONFIRMATION_FIELDS)[number];
/** Boxes start unticked, which the schema's `true` literals would not take as form values. */
type ConfirmationValues = Record<ConfirmationField, boolean>;
type Confirmed = z.output<typeof orderConfirmationsSchema>;

const unticked = Object.fromEntries(ORDER_CONFIRMATION_FIELDS.map((field) => [field, false])) as ConfirmationValues;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'block' }}>
      <Box component="span" sx={{ color: 'text.secondary', display: 'block', fontSize: '0.875rem' }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {children}
      </Box>
    </Box>
  );
}

/** Step 2 (spec §5): every detail of the order is shown with its own box; all must be ticked to go on. */
export function ConfirmationStep() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { event, packages, selection, setSelection, stepHref } = usePricing();
  const { control, handleSubmit } = useForm<ConfirmationValues, unknown, Confirmed>({
    resolver: zodResolver(orderConfirmationsSchema) as unknown as Resolver<ConfirmationValues, unknown, Confirmed>,
    defaultValues: unticked,
  });
  const totals = totalsOf(packages, selection);
  if (!totals) return <Navigate to={stepHref('order')} replace />;

  const lang = i18n.language;
  const channel = t(event.messageSystemPreference === MessageChannel.SMS ? 'billing.order.channelSms' : 'billing.order.channelWhatsapp');
  const labels: Record<ConfirmationField, ReactNode> = {
    eventName: (
      <Detail label={t('billing.confirm.eventName')}>
        <UserText>{eventNameIn(event, lang)}</UserText>
      </Detail>
    ),
    eventDate: (
      <Detail label={t('billing.confirm.eventDate')}>
        {formatEventDate(event.date, lang)}, <Ltr>{event.time}</Ltr>
      </Detail>
    ),
    inviteeCount: (
      <Detail label={t('billing.confirm.inviteeCount')}>
        <Trans
          i18nKey="billing.confirm.inviteeCountValue"
          values={{ count: formatNumber(selection.inviteeCount, lang), guests: formatNumber(packages.guestCount, lang) }}
          components={{ ltr: <Ltr>{null}</Ltr> }}
        />
      </Detail>
    ),
    package: (
      <Detail label={t('billing.confirm.package')}>
        {t(`billing.packages.${selection.packageId}.name`)} · {channel}
        {selection.packageId === 2 ? ` · ${t('billing.features.calls')}` : ''}
      </Detail>
    ),
    total: (
      <Detail label={t(totals.credit > 0 ? 'billing.summary.difference' : 'billing.confirm.total')}>
        <span data-testid="confirm-total-amount">
          <Money agorot={totals.total} />
        </span>{' '}
        <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
          <Trans i18nKey="billing.confirm.vatIncluded" components={{ amount: <Money agorot={totals.vat} /> }} />
        </Box>
      </Detail>
    ),
    rsvpStartDate: (
      <Detail label={t('billing.confirm.rsvpStartDate')}>
        {formatEventDate(event.rsvpStartDate, lang)}
      </Detail>
    ),
    terms: (
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        <Trans
          i18nKey="billing.confirm.terms"
          values={{ date: formatEventDate(event.rsvpStartDate, lang) }}
          components={{ terms: <Link component={RouterLink} to="/terms" target="_blank" rel="noopener" /> }}
        />
      </Box>
    ),
  };

  const onSubmit = handleSubmit(() => {
    setSelection({ ...selection, confirmed: true });
    void navigate(stepHref('payment'));
  });

  return (
    <Box component="form" noValidate onSubmit={(formEvent) => void onSubmit(formEvent)} data-testid="confirmation-step">
      <Typography variant="h2" component="h2" sx={{ mb: 1 }}>
        {t('billing.confirm.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('billing.confirm.lead')}
      </Typography>
      <SendingPromise sx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gap: 1 }}>
        {ORDER_CONFIRMATION_FIELDS.map((field) => (
          <Box
            key={field}
            data-testid={`confirm-${field}`}
            sx={{ px: 1.5, py: 1, border: 1, borderColor: 'divider', borderRadius: '12px', '& .MuiFormControlLabel-root': { alignItems: 'flex-start', mr: 0, ml: 0 }, '& .MuiCheckbox-root': { mt: -0.5 } }}
          >
            <FormCheckbox control={control} name={field} label={labels[field]} />
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap-reverse', mt: 3 }}>
        <Button component={RouterLink} to={stepHref('order')} size="large">
          {t('billing.back')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          size="large"
          endIcon={<NextIcon />}
          data-testid="confirm-continue"
        >
          {t('billing.confirm.continue')}
        </Button>
      </Box>
    </Box>
  );
}
