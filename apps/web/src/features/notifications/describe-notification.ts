import type { NotificationDto } from '@magiim/shared';
import { eventNameIn } from '../events/format-event';
import { relativeDay, type RelativeDay } from './relative-day';

export interface NotificationView {
  eventName: string;
  /**
   * With the guest's name: `notifications.named.<type>.one` ("Dana Levi is coming") or `.many` ("Dana Levi and
   * {{count}} more…"); without it (the guest was deleted since): `notifications.types.<type>.one|many`.
   */
  textKey: string;
  /** The latest guest's name, when known. */
  name: string | null;
  /** With a name, the other guests; without, all the answers. */
  count: number;
  /**
   * That guest's answers when one guest answered, else the answers list (changed ones for a change); for a kept
   * public answer that guest's edit screen, for new guests waiting the guest list's waiting card.
   */
  to: string;
  day: RelativeDay;
}

// Payments and messaging news name no guest: their sentence sits under the event's name ("Payment received").
const UNNAMED_TYPES: ReadonlySet<NotificationDto['type']> = new Set([
  'paymentPaid',
  'paymentFailed',
  'paymentRefunded',
  'actionFinished',
  'messagesFailed',
  'guestOptedOut',
  'whatsappOverflowSms',
  'whatsappOverflowWait',
  'seatFreedOnDecline',
]);

const linkOf = (notification: NotificationDto): string => {
  const event = `/event/${notification.eventId}`;
  const answers = `${event}/guest/answers`;
  const guestId = notification.guests === 1 ? notification.latestGuest?.id : null;
  switch (notification.type) {
    // New phones wait on the guest list's card; a listed guest's kept answer beside their own on their edit screen.
    case 'publicGuestWaiting':
      return `${event}/guest/list#waiting-guests`;
    case 'publicAnswerKept':
      return guestId ? `${event}/guest/edit/${encodeURIComponent(guestId)}` : answers;
    // A payment leads to the host's orders (receipt, status); a failed one back to checkout to try again.
    case 'paymentPaid':
      return '/my-orders';
    case 'paymentFailed':
    case 'paymentRefunded':
      return `/pricing/${notification.eventId}`;
    // A round that left guests unreached leads to the list's "not reached" filter; otherwise to its funnel.
    case 'actionFinished':
      return notification.reach && notification.reach.notReached > 0 ? `${event}/guest/list?status=notReached` : `${event}/statistics#message-funnel`;
    // WhatsApp's daily limit: the list's progress column says who went by SMS or waits for tomorrow.
    case 'messagesFailed':
      return `${event}/guest/list?status=notReached`;
    case 'guestOptedOut':
    case 'whatsappOverflowSms':
    case 'whatsappOverflowWait':
      return `${event}/guest/list`;
    // Issue 31: a seated guest declined and left their table.
    case 'seatFreedOnDecline':
      return `${event}/seating`;
    default:
      if (guestId) return `${answers}?guestId=${encodeURIComponent(guestId)}`;
      return notification.type === 'changedDecision' ? `${answers}?changed=1` : answers;
  }
};

/** Which event, who answered and how, when, and where it leads, for one line of the bell's list. */
export const describeNotification = (notification: NotificationDto, lang: string, now: Date = new Date()): NotificationView => {
  const guest = UNNAMED_TYPES.has(notification.type) ? null : notification.latestGuest;
  const others = Math.max(0, notification.guests - 1);
  return {
    eventName: eventNameIn({ names: notification.eventNames, defaultLang: notification.defaultLang }, lang),
    textKey: guest
      ? `notifications.named.${notification.type}.${others === 0 ? 'one' : 'many'}`
      : `notifications.types.${notification.type}.${notification.count === 1 ? 'one' : 'many'}`,
    name: guest?.fullName ?? null,
    count: guest ? others : notification.count,
    to: linkOf(notification),
    day: relativeDay(notification.statusDate, now),
  };
};

/** The badge's text: hidden at 0, capped at "9+". */
export const badgeText = (unread: number): string | null => (unread <= 0 ? null : unread > 9 ? '9+' : String(unread));
