import { sql } from 'drizzle-orm';
import type { EventNames, Lang, NotificationType } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

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
};

/** The newest notifications of the member's events. */
export const listForMember = async (db: Db, userId: string, limit: number): Promise<NotificationRow[]> =>
  (
    await db.execute<NotificationRow>(sql`
      select n.id, n.event_id as "eventId", e.names as "eventNames", e.default_lang as "defaultLang", n.type, n.count,
        n.created_at as "date", n.status_date as "statusDate", n.message_system as "messageSystem", n.read_at is not null as "read"
      from notifications n
      join event_members m on m.event_id = n.event_id and m.user_id = ${userId}::uuid
      join events e on e.id = n.event_id
      order by n.status_date desc, n.id desc
      limit ${limit}`)
  ).rows;

export const countUnread = async (db: Db, userId: string): Promise<number> =>
  (
    await db.execute<{ n: number }>(sql`
      select count(*)::int as n from notifications n
      join event_members m on m.event_id = n.event_id and m.user_id = ${userId}::uuid
      where n.read_at is null`)
  ).rows[0]?.n ?? 0;

/**
 * Marks the member's unread notifications read. A read row leaves the unread index, so the next answer
 * starts a new notification.
 */
export const markAllRead = async (db: Db, userId: string): Promise<void> => {
  await db.execute(sql`
    update notifications n set read_at = now()
    from event_members m
    where m.event_id = n.event_id and m.user_id = ${userId}::uuid and n.read_at is null`);
};
