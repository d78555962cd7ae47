import Box from '@mui/material/Box';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import { useTranslation } from 'react-i18next';
import { useIsolatedT } from '../../../design/isolated-text';

interface InvitationViewsProps {
  /** Page opens of this guest's invitation (reloads included): a number of views, never of guests. */
  count: number;
  /** The sentence for the guest's own page ("The invitation was opened · views: 17"); else the list's short form. */
  long?: boolean;
}

/** Whether a guest opened their invitation, then how many times: "Opened · views: 17" or "Not opened yet". */
export function InvitationViews({ count, long = false }: InvitationViewsProps) {
  const { t } = useTranslation();
  const ti = useIsolatedT();
  if (count <= 0) {
    return (
      <Box component="span" data-testid="invitation-views" data-viewed="false" sx={{ color: 'text.secondary' }}>
        {t(long ? 'invitationViews.notOpenedLong' : 'invitationViews.notOpened')}
      </Box>
    );
  }
  return (
    <Box component="span" data-testid="invitation-views" data-viewed="true" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <VisibilityIcon fontSize="small" color="action" aria-hidden />
      <span>{t(long ? 'invitationViews.openedLong' : 'invitationViews.opened')}</span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {'· '}
        {ti('invitationViews.views', { count })}
      </Box>
    </Box>
  );
}
