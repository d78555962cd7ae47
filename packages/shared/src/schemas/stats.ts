import { z } from 'zod';
import { LANGUAGES } from '../enums.js';
import { eventNamesSchema } from './events.js';
import { GUEST_ANSWER_STATUSES, mealCountsSchema } from './answer-counts.js';

const count = z.number().int();

/** `GET stats/{id}`: the dashboard home. Guests are list entries; invited and attending count people. */
export const eventStatsSchema = z.object({
  guests: count,
  /** People invited (sum of countOfInvites). */
  invited: count,
  /** People coming (sum of attending of approved guests). */
  attending: count,
  approved: count,
  /** Approved with fewer people than invited. */
  partiallyComing: count,
  declined: count,
  maybe: count,
  /** Guests who have not answered (pending or inProgress). */
  noAnswer: count,
  wrongNumber: count,
  /** Guests who opened their invitation at least once. */
  viewed: count,
  /**
   * Spec §3: pending (awaiting payment) or inProgress (not answered), one of them by progressStatus
   * (pending while the event is unpaid and nothing was sent, inProgress after), and changedDecision.
   */
  guestStats: z.object({ pending: count.optional(), inProgress: count.optional(), changedDecision: count }),
  recentResponses: z.array(
    z.object({
      guestId: z.string(),
      fullName: z.string(),
      status: z.enum(GUEST_ANSWER_STATUSES),
      attending: count.nullable(),
      countOfInvites: count,
      answeredAt: z.string(),
    }),
  ),
  changedDecisions: z.array(
    z.object({
      guestId: z.string(),
      fullName: z.string(),
      from: z.enum(GUEST_ANSWER_STATUSES).nullable(),
      to: z.enum(GUEST_ANSWER_STATUSES),
      attending: count.nullable(),
      answeredAt: z.string(),
    }),
  ),
  /** Per group (groupId null: guests without a group), people counts. */
  byGroup: z.array(
    z.object({
      groupId: z.string().nullable(),
      name: z.string().nullable(),
      invited: count,
      attending: count,
      declined: count,
      maybe: count,
      noAnswer: count,
    }),
  ),
  /** Special meals asked for by approved guests (meal → people). */
  meals: mealCountsSchema,
  /** Transport needs of approved guests (option → people). */
  transport: z.record(z.string(), count),
  /** Issue 32: people per side of the couple (`none`: guests without a side); empty sides are left out. */
  bySide: z
    .array(
      z.object({
        side: z.enum(['a', 'b', 'both', 'none']),
        guests: count,
        invited: count,
        attending: count,
        declined: count,
        maybe: count,
        noAnswer: count,
      }),
    )
    .optional(),
  /**
   * Issue 32: the people coming by the split they told (adults and children, men and women), and `notTold`: people
   * coming whose answer carries no split. Absent when the event asks none.
   */
  split: z.object({ adults: count, children: count, men: count, women: count, notTold: count }).optional(),
});
export type EventStatsDto = z.infer<typeof eventStatsSchema>;

export const NOTIFICATION_TYPES = ['approved', 'declined', 'maybe', 'changedDecision', 'wrongNumber', 'publicAnswerKept', 'publicGuestWaiting', 'paymentPaid', 'paymentFailed', 'paymentRefunded', 'actionFinished', 'messagesFailed', 'guestOptedOut', 'whatsappOverflowSms', 'whatsappOverflowWait', 'seatFreedOnDecline'] as const;
/** Public-link answers waiting for the host: a listed guest's kept beside their own, a new phone to approve. */
export const PUBLIC_NOTIFICATION_TYPES = ['publicAnswerKept', 'publicGuestWaiting'] as const satisfies readonly NotificationType[];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Spec §3 notification: answers of one kind for one event are grouped into one unread notification whose
 * count grows, so a burst does not flood the bell. `date` is when it began, `statusDate` the latest answer.
 */
export const notificationSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventNames: eventNamesSchema,
  defaultLang: z.enum(LANGUAGES),
  type: z.enum(NOTIFICATION_TYPES),
  count,
  date: z.string(),
  statusDate: z.string(),
  /** The channel the answer came through (spec §3 message channel); null for the invitation page. */
  messageSystem: z.number().int().nullable(),
  read: z.boolean(),
  /**
   * The guest of the latest of these answers ("Dana Levi and 2 more"); null once that guest was deleted (or the
   * host settled every public answer). For public-link answers the name typed on the page; the id is null for a
   * new phone (not a guest yet).
   */
  latestGuest: z.object({ id: z.string().nullable(), fullName: z.string() }).nullable(),
  /** Different guests among these answers (a guest who answered twice counts once). */
  guests: count,
  /**
   * After sending (actionFinished, messagesFailed): guests a message reached on some channel, and guests none
   * reached (the list's "not reached" filter), as they stand now; null for other notifications.
   */
  reach: z.object({ reached: count, notReached: count }).nullable(),
});
export type NotificationDto = z.infer<typeof notificationSchema>;
export const notificationsResponseSchema = z.object({ items: z.array(notificationSchema), unread: count });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
