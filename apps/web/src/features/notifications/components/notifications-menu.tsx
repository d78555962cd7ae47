import { useEffect, useId, useState } from 'react';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../statistics/use-now';
import { useMarkNotificationsRead, useNotifications } from '../api';
import { badgeText } from '../describe-notification';
import { NotificationItem } from './notification-item';

/**
 * The bell of the top bar: a badge with the unread count (polled), and a panel listing the latest
 * notifications. Opening it marks everything read; what was unread stays marked while the panel is open.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const now = useNow();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(() => new Set());
  const panelId = useId();
  const titleId = useId();
  const unread = query.data?.unread ?? 0;
  const badge = badgeText(unread);
  const items = query.data?.items;

  const isOpen = Boolean(anchor);
  const { mutate: markAllRead, isPending: marking, isError: markFailed, reset: resetMarking } = markRead;

  // While the panel is open, whatever is unread (now, or in a list that arrives meanwhile) is marked read
  // and keeps its "new" dot until the panel closes.
  useEffect(() => {
    // After a failure, no retry until the panel is opened again: no loop of calls to a failing server.
    if (!isOpen || !items || unread === 0 || marking || markFailed) return;
    const unreadIds = items.filter((item) => !item.read).map((item) => item.id);
    setFreshIds((fresh) => new Set([...fresh, ...unreadIds]));
    markAllRead();
  }, [isOpen, items, unread, marking, markFailed, markAllRead]);

  const open = (target: HTMLElement) => {
    setFreshIds(new Set());
    resetMarking();
    setAnchor(target);
    void query.refetch();
  };
  const close = () => setAnchor(null);

  return (
    <>
      <IconButton
        color="inherit"
        onClick={(event) => open(event.currentTarget)}
        aria-label={unread > 0 ? t('notifications.openUnread', { count: unread }) : t('notifications.open')}
        aria-haspopup="dialog"
        aria-expanded={isOpen ? 'true' : undefined}
        aria-controls={isOpen ? panelId : undefined}
        data-testid="notifications-bell"
      >
        <Badge badgeContent={badge} color="secondary" invisible={!badge} data-testid="notifications-badge">
          {badge ? <NotificationsIcon /> : <NotificationsNoneIcon />}
        </Badge>
      </IconButton>
      <Popover
        id={panelId}
        anchorEl={anchor}
        open={isOpen}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { p: 1.5, width: 'min(380px, calc(100vw - 32px))', maxHeight: 'min(520px, calc(100vh - 96px))' },
            'data-testid': 'notifications-panel',
          } as object,
        }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" fontWeight={600} sx={{ px: 1, pb: 1 }}>
          {t('notifications.title')}
        </Typography>
        {items && items.length > 0 ? (
          <Box component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="notifications-list">
            {items.map((item) => (
              <NotificationItem key={item.id} notification={item} fresh={freshIds.has(item.id)} now={now} onNavigate={close} />
            ))}
          </Box>
        ) : items ? (
          <Typography data-testid="notifications-empty" color="text.secondary" sx={{ px: 1, py: 2 }}>
            {t('notifications.empty')}
          </Typography>
        ) : query.error ? (
          <Box sx={{ px: 1, py: 1 }} role="alert">
            <Typography color="text.secondary" gutterBottom>
              {t('notifications.loadFailed')}
            </Typography>
            <Button size="small" onClick={() => void query.refetch()}>
              {t('notifications.retry')}
            </Button>
          </Box>
        ) : (
          <Box aria-busy="true" aria-label={t('notifications.loading')} role="status" sx={{ px: 1 }}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} variant="rounded" height={56} sx={{ mb: 1 }} />
            ))}
          </Box>
        )}
      </Popover>
    </>
  );
}
