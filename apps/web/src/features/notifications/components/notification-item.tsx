import { Fragment } from 'react';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { NotificationDto } from '@magiim/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Ltr, UserText } from '../../../design/bidi';
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

const NAME = '\uE002';
const COUNT = '\uE003';
const REACHED = '\uE004';
const NOT_REACHED = '\uE005';

/** "Dana Levi and 2 more are coming": the name isolated in its own direction, the number left to right. */
function NotificationText({ textKey, name, count }: { textKey: string; name: string | null; count: string }) {
  const { t } = useTranslation();
  return (
    <>
      {t(textKey, { name: NAME, count: COUNT })
        .split(/(\uE002|\uE003)/)
        .map((part, index) =>
          part === NAME ? (
            <bdi key={index} data-testid="notification-name">
              {name}
            </bdi>
          ) : part === COUNT ? (
            <Ltr key={index}>{count}</Ltr>
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
    </>
  );
}

/** One line of the bell: the event, who answered and how, when; it leads to that guest or the answers. */
export function NotificationItem({ notification, fresh, now, onNavigate }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const view = describeNotification(notification, i18n.language, now);
  const day = view.day.kind === 'date' ? <Ltr>{view.day.dayMonth}</Ltr> : t(`notifications.${view.day.kind}`);
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={view.to}
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
          <Typography component="p" variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            <UserText>{view.eventName}</UserText>
          </Typography>
          <Typography component="p" variant="body2" color="text.secondary">
            {fresh ? (
              <Box component="span" sx={visuallyHidden}>
                {t('notifications.new')}{' '}
              </Box>
            ) : null}
            <NotificationText textKey={view.textKey} name={view.name} count={formatCount(view.count, i18n.language)} />
          </Typography>
          {notification.reach ? (
            <Typography component="p" variant="body2" color="text.secondary" data-testid="notification-reach">
              {t('notifications.reach', { reached: REACHED, notReached: NOT_REACHED })
                .split(/(\uE004|\uE005)/)
                .map((part, index) =>
                  part === REACHED ? (
                    <Ltr key={index}>{formatCount(notification.reach!.reached, i18n.language)}</Ltr>
                  ) : part === NOT_REACHED ? (
                    <Ltr key={index}>{formatCount(notification.reach!.notReached, i18n.language)}</Ltr>
                  ) : (
                    <Fragment key={index}>{part}</Fragment>
                  ),
                )}
            </Typography>
          ) : null}
        </Box>
        <Typography component="time" dateTime={notification.statusDate} variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap', mt: 0.25 }}>
          {day}
        </Typography>
      </ListItemButton>
    </li>
  );
}
