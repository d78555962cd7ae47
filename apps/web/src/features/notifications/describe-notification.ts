import type { NotificationDto } from '@magiim/shared';
import { eventNameIn } from '../events/format-event';
import { relativeDay, type RelativeDay } from './relative-day';

export interface NotificationView {
  eventName: string;
  /** `notifications.types.<type>.one` for a single answer, `.many` (with `{{count}}`) for a burst. */
  textKey: string;
  count: number;
  day: RelativeDay;
}

/** Which event, what happened and when, for one line of the bell's list. */
export const describeNotification = (notification: NotificationDto, lang: string, now: Date = new Date()): NotificationView => ({
  eventName: eventNameIn({ names: notification.eventNames, defaultLang: notification.defaultLang }, lang),
  textKey: `notifications.types.${notification.type}.${notification.count === 1 ? 'one' : 'many'}`,
  count: notification.count,
  day: relativeDay(notification.statusDate, now),
});

/** The badge's text: hidden at 0, capped at "9+". */
export const badgeText = (unread: number): string | null => (unread <= 0 ? null : unread > 9 ? '9+' : String(unread));
