import { sql } from 'drizzle-orm';
import { PUBLIC_NOTIFICATION_TYPES, type EventNames, type Lang, type NotificationType } from '@magiim/shared';
import type { Db, Tx } from '../../platform/db.js';
import { notifications } from '../../db/schema/answers.js';

export type NotificationRow = {
  id: string;
  eventId: string;
  eventNames: EventNames;
  defaultLang: Lang;
  type: NotificationType;
  count: number;
  date: Date | string;
  statusDate: Date | string;
  messageSystem: number | null;
  read: boolean;
  latestGuestId: string | null;
  latestGuestName: string | null;
  guests: number;
  reached: number | null;
  notReached: number | null;
};

/** The notifications that report a round's sending: they carry who was reached and who was not. */
const SENDING_TYPES = sql`array['actionFinished', 'messagesFailed']::text[]`;

/**
 * Read state per member (co-hosts read their own bell). How that meets the collapsing of answers into one row per
 * event and kind (`notifications_unread_key` on `read_at is null`):
 * - A row stays open (`notifications.read_at` null), gathering the next answers of its kind, until every member of
 *   the event has read it; the member who reads last closes it, and the next answer starts a new row. With one member
 *   (the owner alone) this is the bell as it always was.
 * - A member's read (`notification_reads.read_at`) holds the row's `status_date` as that member saw it. The row is
 *   read for them while no answer came since: an answer gathered into a row they read (kept open by a co-host who has
 *   not read it) shows it unread to them again, with the count of all its answers.
 * - Reading is per member: a co-host reading does not touch the owner's unread count, nor the owner's read rows.
 */
const readBy = (userId: string) => sql`(n.read_at is not null or exists (
  select 1 from notification_reads r where r.notification_id = n.id and r.user_id = ${userId}::uuid and r.read_at >= n.status_date))`;

const PUBLIC_TYPES = sql`array[${sql.join(PUBLIC_NOTIFICATION_TYPES.map((type) => sql`${type}`), sql`, `)}]::text[]`;

/**
 * The newest notifications of the member's events, each with who answered. A notification's answers are the
 * event's history rows of its kind written between its first answer and its latest (both stamped with their
 * transaction's time, as the history rows are), found through `guest_answers (event_id, created_at)`. Public-link
 * answers waiting for the host are read the same way from `public_answers` (at most PUBLIC_ANSWERS_WAITING_MAX
 * rows an event, reached through its `(event_id, phone_number)` key), with the name typed on the page; a settled
 * one is gone from there, so it no longer names anyone.
 */
export const listForMember = async (db: Db, userId: string, limit: number): Promise<NotificationRow[]> =>
  (
    await db.execute<NotificationRow>(sql`
      select n.id, n.event_id as "eventId", e.names as "eventNames", e.default_lang as "defaultLang", n.type, n.count,
        n.created_at as "date", n.status_date as "statusDate", n.message_system as "messageSystem", ${readBy(userId)} as "read",
        case when pub.public then pub.guest_id else who.latest_guest_id end as "latestGuestId",
        case when pub.public then pub.typed_name else g.full_name end as "latestGuestName",
        coalesce(case when pub.public then pub.guests else who.guests end, 0)::int as "guests",
        reach.reached as "reached", reach.not_reached as "notReached"
      from notifications n
      join event_members m on m.event_id = n.event_id and m.user_id = ${userId}::uuid
      join events e on e.id = n.event_id
      left join lateral (
        select (array_agg(a.guest_id order by a.seq desc))[1] as latest_guest_id, count(distinct a.guest_id) as guests
        from guest_answers a
        where n.type <> all(${PUBLIC_TYPES}) and a.event_id = n.event_id and a.created_at between n.created_at and n.status_date
          and (case when n.type = 'changedDecision' then a.changed else not a.changed and a.status = n.type end)
      ) who on true
      left join guests g on g.id = who.latest_guest_id
      left join lateral (
        select true as public, (array_agg(p.guest_id order by p.created_at desc, p.id desc))[1] as guest_id,
          (array_agg(p.typed_name order by p.created_at desc, p.id desc))[1] as typed_name, count(*) as guests
        from public_answers p
        where n.type = any(${PUBLIC_TYPES}) and p.event_id = n.event_id and p.created_at between n.created_at and n.status_date
          and (p.guest_id is null) = (n.type = 'publicGuestWaiting')
      ) pub on n.type = any(${PUBLIC_TYPES})
      left join lateral (
        -- As the guest list's "not reached" filter: tried, and nothing sent, delivered, read or still on its way.
        select count(*) filter (where r.ok)::int as reached, count(*) filter (where not r.ok and not r.pending and r.tried)::int as not_reached
        from (
          select bool_or(o.state in ('sent', 'delivered', 'read')) as ok, bool_or(o.state = 'queued') as pending,
            bool_or(o.state = 'failed' or (o.state = 'skipped' and o.reason = 'landline')) as tried
          from outbox_messages o where o.event_id = n.event_id group by o.guest_id
        ) r
      ) reach on n.type = any(${SENDING_TYPES})
      order by n.status_date desc, n.id desc
      limit ${limit}`)
  ).rows;

export const countUnread = async (db: Db, userId: string): Promise<number> =>
  (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from notifications n
      join event_members m on m.event_id = n.event_id and m.user_id = ${userId}::uuid
      where not ${readBy(userId)}`)
  ).rows[0]?.n ?? 0;

/**
 * Marks the member's unread notifications read (for them only), then closes the rows every member of their event
 * has now read: a closed row leaves the unread index, so the next answer starts a new notification.
 */
export const markAllRead = async (db: Db, userId: string): Promise<void> => {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into notification_reads (notification_id, user_id, read_at)
      select n.id, ${userId}::uuid, n.status_date
      from notifications n
      join event_members m on m.event_id = n.event_id and m.user_id = ${userId}::uuid
      where n.read_at is null
      on conflict (notification_id, user_id) do update set read_at = greatest(notification_reads.read_at, excluded.read_at)`);
    await tx.execute(sql`
      update notifications n set read_at = now()
      from event_members me
      where me.event_id = n.event_id and me.user_id = ${userId}::uuid and n.read_at is null
        and not exists (
          select 1 from event_members m
          where m.event_id = n.event_id
            and not exists (select 1 from notification_reads r where r.notification_id = n.id and r.user_id = m.user_id and r.read_at >= n.status_date))`);
  });
};

/** Adds one to the event's unread notification of this type, or starts one. */
export const bumpNotification = async (tx: Tx, eventId: string, type: NotificationType): Promise<void> => {
  await tx
    .insert(notifications)
    .values({ eventId, type })
    .onConflictDoUpdate({
      target: [notifications.eventId, notifications.type],
      targetWhere: sql`read_at is null`,
      set: { count: sql`least(${notifications.count} + 1, 32767)`, statusDate: sql`now()` },
    });
};
