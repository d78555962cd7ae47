import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useMessageFunnel } from '../api';

/**
 * Issue 26 §6: after the package was cancelled, the guest list, the funnel and the call report say sending stopped
 * (instead of "not invited yet" or a round still calling).
 */
/** `enabled`: only an unpaid event can have been stopped (its package cancelled). */
export function SendingStoppedNotice({ eventId, enabled = true }: { eventId: string; enabled?: boolean }) {
  const { t } = useTranslation();
  const funnel = useMessageFunnel(eventId, enabled);
  if (!funnel.data?.stopped) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="sending-stopped">
      {t('messaging.stopped')}
    </Alert>
  );
}
