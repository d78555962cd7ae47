import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { zodResolver } from '@hookform/resolvers/zod';
import { CANCEL_REASON_MAX_LENGTH, cancelOrderInputSchema, cancellationFeeOf, type CancelOrderInput, type Order } from '@magiim/shared';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../../../app/api-error';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { FormTextField } from '../../../components/form-text-field';
import { showToast } from '../../../components/toast-store';
import { useServerErrors } from '../../../components/use-server-errors';
import { useIsolatedT } from '../../../design/isolated-text';
import { formatEventDate } from '../../events/format-event';
import { useCancelOrder } from '../api';
import { formatShekels } from '../format-money';

type Values = z.input<typeof cancelOrderInputSchema>;
type Parsed = z.output<typeof cancelOrderInputSchema>;
const FIELDS = ['reason'] as const;

interface CancelOrderDialogProps {
  order: Order | null;
  /** Every paid order of the same event: a cancellation cancels the event's whole package, with one fee. */
  eventOrders: Order[];
  onClose: () => void;
}

/** Cancelling in writing (spec §2): the reason, the fee (5% or ₪100, whichever is lower) and the refund. */
export function CancelOrderDialog({ order, eventOrders, onClose }: CancelOrderDialogProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const cancel = useCancelOrder();
  const { control, handleSubmit, setError, reset } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(cancelOrderInputSchema) as Resolver<Values, unknown, Parsed>,
    defaultValues: { reason: '' },
  });
  const { formError, handleError, clearFormError } = useServerErrors<Values>(setError, FIELDS);
  const close = () => {
    cancel.reset();
    clearFormError();
    reset();
    onClose();
  };

  const paid = eventOrders.reduce((sum, candidate) => sum + candidate.paidAmount, 0);
  const fee = cancellationFeeOf(paid);
  const money = (agorot: number) => formatShekels(agorot, i18n.language);

  const onSubmit = handleSubmit((values: CancelOrderInput) => {
    if (!order) return;
    clearFormError();
    cancel.mutate(
      { orderId: order.id, eventId: order.eventId, reason: values.reason },
      {
        onSuccess: () => {
          showToast('billing.cancel.done', 'success');
          close();
        },
        onError: handleError,
      },
    );
  });

  const closed = isApiError(formError) && formError.code === 'CANCELLATION_CLOSED';
  return (
    <Dialog open={order !== null} onClose={close} aria-labelledby="cancel-order-title" fullWidth maxWidth="sm" data-testid="cancel-order-dialog">
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id="cancel-order-title">{order ? ti('billing.cancel.title', { number: String(order.orderNumber) }) : null}</DialogTitle>
        <DialogContent>
          {order ? (
            <>
              <DialogContentText sx={{ mb: 1.5 }}>
                {ti('billing.cancel.deadline', { date: formatEventDate(order.rsvpStartDate, i18n.language) })}
              </DialogContentText>
              <DialogContentText sx={{ mb: 1.5 }} data-testid="cancel-fee">
                {ti('billing.cancel.fee', { fee: money(fee), refund: money(Math.max(0, paid - fee)) })}
              </DialogContentText>
              {eventOrders.length > 1 ? <DialogContentText sx={{ mb: 1.5 }}>{t('billing.cancel.wholePackage')}</DialogContentText> : null}
              <DialogContentText sx={{ mb: 1 }}>{t('billing.cancel.record')}</DialogContentText>
              <FormTextField
                control={control}
                name="reason"
                label={t('billing.cancel.reason')}
                multiline
                minRows={3}
                required
                slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX_LENGTH, 'data-testid': 'cancel-reason' } }}
              />
              <FormErrorAlert error={closed || (formError && !(isApiError(formError) && formError.handledGlobally)) ? formError : null} />
            </>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={close} autoFocus>
            {t('billing.cancel.keep')}
          </Button>
          {closed ? null : (
            <Button type="submit" color="secondary" variant="contained" loading={cancel.isPending} data-testid="cancel-order-confirm">
              {t('billing.cancel.confirm')}
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
