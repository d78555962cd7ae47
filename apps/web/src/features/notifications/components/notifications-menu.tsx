import { useId, useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useTranslation } from 'react-i18next';

/** The bell of the top bar. Notifications arrive with the events feature; until then it is empty. */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const panelId = useId();
  const titleId = useId();
  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('notifications.open')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? panelId : undefined}
      >
        <NotificationsNoneIcon />
      </IconButton>
      <Popover
        id={panelId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': titleId, sx: { p: 2, minWidth: 260 } } }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" fontWeight={600} gutterBottom>
          {t('notifications.title')}
        </Typography>
        <Typography data-testid="notifications-empty" color="text.secondary">
          {t('notifications.empty')}
        </Typography>
      </Popover>
    </>
  );
}
