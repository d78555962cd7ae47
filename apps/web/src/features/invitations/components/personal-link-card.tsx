import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { EventDto, GuestDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast-store';
import { eventNameIn } from '../../events/format-event';
import { toastApiError } from '../toast-api-error';
import { useRotateGuestLink } from '../api';
import { LinkActions } from './link-actions';
import { RotateLinkDialog } from './rotate-link-dialog';

/** The guest's personal invitation link on the guest edit screen: copy, WhatsApp to the guest, new link. */
export function PersonalLinkCard({ event, guest }: { event: EventDto; guest: GuestDto }) {
  const { t } = useTranslation();
  const rotate = useRotateGuestLink(event.id, guest.id);
  const [confirming, setConfirming] = useState(false);
  const message = t('invitations.links.personalMessage', { name: guest.fullName, event: eventNameIn(event, guest.lang), url: guest.inviteUrl });

  const onConfirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => showToast('invitations.links.rotated', 'success'),
      onError: toastApiError,
      onSettled: () => setConfirming(false),
    });

  return (
    <Card variant="outlined" sx={{ maxWidth: 720, mb: 3 }} data-testid="personal-link-card">
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {t('invitations.links.personalTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('invitations.links.personalHint', { name: guest.fullName })}
        </Typography>
        <LinkActions
          url={guest.inviteUrl}
          message={message}
          phone={guest.phoneNumber}
          whatsAppLabel={t('invitations.links.whatsApp')}
          onRotate={() => setConfirming(true)}
          rotating={rotate.isPending}
        />
      </CardContent>
      <RotateLinkDialog
        open={confirming}
        body={t('invitations.links.rotatePersonalBody', { name: guest.fullName })}
        busy={rotate.isPending}
        onConfirm={onConfirm}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
