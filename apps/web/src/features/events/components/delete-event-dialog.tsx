import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { showToast } from '../../../components/toast-store';
import { isApiError } from '../../../app/api-error';
import { useDeleteEvent } from '../api';
import { eventNameIn } from '../format-event';
import { isolateUserText } from '../../../design/bidi';

/** Asks before deleting; a paid or started event cannot be deleted, and the dialog says why and where to cancel. */
export function DeleteEventDialog({ event, onClose }: { event: EventDto | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const deleteEvent = useDeleteEvent();
  const paid = (event?.progressStatus ?? 0) > 0 || (isApiError(deleteEvent.error) && deleteEvent.error.code === 'PAID_EVENT_NOT_DELETABLE');
  const name = event ? eventNameIn(event, i18n.language) : '';
  const close = () => {
    deleteEvent.reset();
    onClose();
  };

  return (
    <Dialog open={event !== null} onClose={close} aria-labelledby="delete-event-title" aria-describedby="delete-event-body" data-testid="delete-event-dialog">
      <DialogTitle id="delete-event-title">{paid ? t('events.delete.paidTitle') : t('events.delete.title', { name: isolateUserText(name) })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-event-body">{paid ? t('events.delete.paidBody') : t('events.delete.body')}</DialogContentText>
        {paid ? (
          // The cancellation rule as /my-orders says it: cancelled there before the RSVP start and before anything went out.
          <DialogContentText sx={{ mt: 1.5 }} data-testid="delete-event-cancel-rule">
            {t('events.delete.cancelRule')}
          </DialogContentText>
        ) : null}
        {paid ? null : <FormErrorAlert error={deleteEvent.error && !(isApiError(deleteEvent.error) && deleteEvent.error.handledGlobally) ? deleteEvent.error : null} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1 }}>
        {paid ? (
          // Replaces the dialog's history entry (its #hash): back from My orders returns to the list, not to this dialog.
          <Button component={RouterLink} to="/my-orders" replace data-testid="delete-event-orders">
            {t('events.delete.toOrders')}
          </Button>
        ) : null}
        <Button onClick={close} variant={paid ? 'contained' : 'text'} autoFocus>
          {paid ? t('events.delete.understood') : t('events.delete.cancel')}
        </Button>
        {paid ? null : (
          <Button
            color="secondary"
            variant="contained"
            loading={deleteEvent.isPending}
            data-testid="delete-event-confirm"
            onClick={() =>
              event &&
              deleteEvent.mutate(event.id, {
                onSuccess: () => {
                  showToast('events.delete.done', 'success', { name });
                  close();
                },
              })
            }
          >
            {t('events.delete.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
