import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { NotificationDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr } from '../../../design/bidi';
import { useIsolatedT } from '../../../design/isolated-text';
import { formatCount } from '../../events/format-event';
import { visuallyHidden } from '../../statistics/components/visually-hidden';
import { describeNotification } from '../describe-notification';

interface NotificationItemProps {
  notification: NotificationDto;
  /** Unread when the bell was opened: marked so the host sees what is new, though it is now read. */
  fresh: boolean;
  now: Date;
  onNavigate: () => void;
}

/** One line of the bell: the event, what happened, when; it leads to that event's statistics. */
export function NotificationItem({ notification, fresh, now, onNavigate }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const ti = useIsolatedT();
  const view = describeNotification(notification, i18n.language, now);
  const day = view.day.kind === 'date' ? <Ltr>{view.day.dayMonth}</Ltr> : t(`notifications.${view.day.kind}`);
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={`/event/${notification.eventId}/statistics`}
        onClick={onNavigate}
        data-testid="notification-item"
        data-type={notification.type}
        sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, minHeight: 44, borderRadius: 2 }}
      >
        <Box
          aria-hidden
          sx={{ width: 8, height: 8, mt: 1, borderRadius: '50%', flexShrink: 0, bgcolor: fresh ? 'secondary.main' : 'transparent' }}
        />
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography component="p" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
            {view.eventName}
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary">
            {fresh ? (
              <Box component="span" sx={visuallyHidden}>
                {t('notifications.new')}{' '}
              </Box>
            ) : null}
            {ti(view.textKey, { count: formatCount(view.count, i18n.language) })}
          </Typography>
        </Box>
        <Typography component="time" dateTime={notification.statusDate} variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', mt: 0.25 }}>
          {day}
        </Typography>
      </ListItemButton>
    </li>
  );
}
