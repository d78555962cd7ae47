import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { SxProps, Theme } from '@mui/material/styles';
import MailIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import { useTranslation } from 'react-i18next';

/**
 * Spec §4 "pending": the event is not paid yet, so no guest was invited. Said once, as what it means to the
 * host, instead of "awaiting payment" on every guest and figure.
 */
export function NotInvitedNote({ sx }: { sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Alert severity="info" icon={<MailIcon />} data-testid="not-invited-note" sx={{ borderRadius: 4, ...sx }}>
      <AlertTitle sx={{ fontWeight: 600 }}>{t('guests.notInvited.title')}</AlertTitle>
      {t('guests.notInvited.body')}
    </Alert>
  );
}

/** Guests wait for a package (spec §4 pending) only while the event is unpaid and nothing was sent. */
export const waitsForPackage = (progressStatus: number, pendingGuests: number | undefined): boolean => progressStatus === 0 && (pendingGuests ?? 0) > 0;
