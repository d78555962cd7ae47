import { sql } from 'drizzle-orm';
import type { GuestMessage, MessageState } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

type Conn = Pick<Db, 'execute'>;

type Row = {
  guestId: string;
  optedOut: boolean;
  type: number | null;
  channel: number | null;
  state: MessageState | null;
  reason: string | null;
  at: Date | string | null;
};

export interface GuestMessaging {
  messages: GuestMessage[];
  optedOut: boolean;
}

/**
 * The progress column of one page of guests, in one query: per guest the latest outbox row of each message type
 * (through `outbox_messages (guest_id, created_at)`) and whether the phone opted out of the event.
 */
export const readGuestMessaging = async (db: Conn, eventId: string, guests: { id: string; phoneNumber: string }[]): Promise<Map<string, GuestMessaging>> => {
  const result = new Map<string, GuestMessaging>();
  if (guests.length === 0) return result;
  const rows = (
    await db.execute<Row>(sql`
      select g.id as "guestId",
        exists (select 1 from message_opt_outs x where x.event_id = ${eventId}::uuid and x.phone_number = g.phone) as "optedOut",
        m.type, m.channel, m.state, m.reason, m.at
      from unnest(${sql.param(guests.map((g) => g.id))}::uuid[], ${sql.param(guests.map((g) => g.phoneNumber))}::text[]) as g(id, phone)
      left join lateral (
        select distinct on (o.type) o.type, o.channel, o.state, o.reason,
          coalesce(o.read_at, o.failed_at, o.delivered_at, o.sent_at, o.updated_at) as at
        from outbox_messages o
        where o.guest_id = g.id and o.event_id = ${eventId}::uuid
        order by o.type, o.created_at desc, o.id desc
      ) m on true`)
  ).rows;
  for (const row of rows) {
    const entry = result.get(row.guestId) ?? { messages: [], optedOut: row.optedOut };
    if (row.type !== null && row.channel !== null && row.state !== null && row.at !== null) {
      entry.messages.push({
        type: row.type as GuestMessage['type'],
        channel: row.channel as GuestMessage['channel'],
        state: row.state,
        reason: row.reason,
        at: new Date(row.at).toISOString(),
      });
    }
    result.set(row.guestId, entry);
  }
  return result;
};
