import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ExploreIcon from '@mui/icons-material/ExploreOutlined';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/use-session';
import { saveGuideTour } from '../api';

/** The top bar's way back into the guide tour (spec §2): turns it on; the dashboard then shows it from the start. */
export function TourButton() {
  const { t } = useTranslation();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  if (!session) return null;
  const on = session.userData.guideTour;
  return (
    <IconButton
      onClick={() => {
        setBusy(true);
        void saveGuideTour(true).finally(() => setBusy(false));
      }}
      disabled={busy || on}
      aria-label={t('tour.start')}
      title={t('tour.start')}
      data-testid="tour-start"
    >
      <ExploreIcon />
    </IconButton>
  );
}
