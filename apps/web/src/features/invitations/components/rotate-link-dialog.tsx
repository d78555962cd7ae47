import { ConfirmDialog } from '../../guests/components/confirm-dialog';
import { useTranslation } from 'react-i18next';

/** Asks before a new link: the old one stops working at once, wherever it was sent. */
export function RotateLinkDialog({ open, body, busy, onConfirm, onClose }: { open: boolean; body: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog open={open} title={t('invitations.links.rotateTitle')} confirmLabel={t('invitations.links.rotateConfirm')} destructive busy={busy} onConfirm={onConfirm} onClose={onClose}>
      {body}
    </ConfirmDialog>
  );
}
