import { useState } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { EventDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast-store';
import { eventNameIn } from '../../events/format-event';
import { toastApiError } from '../toast-api-error';
import { useRotatePublicLink } from '../api';
import { LinkActions } from './link-actions';
import { PublicLinkSettings } from './public-link-settings';
import { RotateLinkDialog } from './rotate-link-dialog';

/**
 * The event's public link, for family and class WhatsApp groups: whoever opens it answers with name and phone,
 * and is matched to the list by phone or added to it, as the host chose below. Sits on the guest list.
 */
export function PublicLinkCard({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation();
  const rotate = useRotatePublicLink(event.id);
  const [confirming, setConfirming] = useState(false);
  const message = t('invitations.links.publicMessage', { event: eventNameIn(event, i18n.language), url: event.publicInviteUrl });

  const onConfirm = () =>
    rotate.mutate(undefined, {
      onSuccess: () => showToast('invitations.links.rotated', 'success'),
      onError: toastApiError,
      onSettled: () => setConfirming(false),
    });

  return (
    <Card variant="outlined" sx={{ mb: 3 }} data-testid="public-link-card">
      <CardContent>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
          {t('invitations.links.publicTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('invitations.links.publicHint')}
        </Typography>
        <LinkActions
          url={event.publicInviteUrl}
          message={message}
          whatsAppLabel={t('invitations.links.shareWhatsApp')}
          onRotate={() => setConfirming(true)}
          rotating={rotate.isPending}
          inline
        />
        <PublicLinkSettings eventId={event.id} />
      </CardContent>
      <RotateLinkDialog open={confirming} body={t('invitations.links.rotatePublicBody')} busy={rotate.isPending} onConfirm={onConfirm} onClose={() => setConfirming(false)} />
    </Card>
  );
}
