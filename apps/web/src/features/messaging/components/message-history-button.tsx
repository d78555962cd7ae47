import { useState } from 'react';
import ButtonBase from '@mui/material/ButtonBase';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { GuestMessage } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { GuestMessageHistoryCard } from './guest-message-history';
import { MessageProgress } from './message-progress';

/**
 * The progress marks as one button: a tap (phones have no hover) opens the guest's message history, each message
 * with its state and reason in words.
 */
export function MessageProgressButton({
  eventId,
  guestId,
  guestName,
  messages,
  optedOut,
}: {
  eventId: string;
  guestId: string;
  guestName: string;
  messages: GuestMessage[];
  optedOut: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (messages.length === 0 && !optedOut) return null;
  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('messaging.history.open', { name: guestName })}
        data-testid="open-message-history"
        sx={{ borderRadius: 1, p: 0.25, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      >
        <MessageProgress messages={messages} optedOut={optedOut} />
      </ButtonBase>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-label={t('messaging.history.open', { name: guestName })} data-testid="message-history-dialog">
          <DialogContent sx={{ p: 1 }}>
            <GuestMessageHistoryCard eventId={eventId} guestId={guestId} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
