import { sql } from 'drizzle-orm';
import type { Lang, MessageAction, MessageState, TimedAction } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import { LANDLINE_SQL, recipientFilter, TYPE_OF_ACTION } from './engine/outbox.repository.js';
import { CANCELLED_REASON } from './engine/sending-stop.js';

type Conn = Pick<Db, 'execute'>;

export type HistoryRow = {
  type: number;
  channel: number;
  state: MessageState;
  reason: string | null;
  at: Date | string;
  action: TimedAction;
  text: string | null;
};

/** Every message of one guest of the event, newest first. */
export const listGuestHistory = async (db: Conn, eventId: string, guestId: string): Promise<HistoryRow[]> =>
  (
    await db.execute<HistoryRow>(sql`
      select type, channel, state, reason, coalesce(read_at, failed_at, delivered_at, sent_at, updated_at) as at, action, text
      from outbox_messages where event_id = ${eventId}::uuid and guest_id = ${guestId}::uuid
      order by created_at desc, id desc`)
  ).rows;

export const findGuestPhone = async (db: Conn, eventId: string, guestId: string): Promise<{ phoneNumber: string; optedOut: boolean } | undefined> =>
  (
    await db.execute<{ phoneNumber: string; optedOut: boolean }>(sql`
      select g.phone_number as "phoneNumber",
        exists (select 1 from message_opt_outs x where x.event_id = g.event_id and x.phone_number = g.phone_number) as "optedOut"
      from guests g where g.event_id = ${eventId}::uuid and g.id = ${guestId}::uuid`)
  ).rows[0];

export type FunnelRow = {
  action: TimedAction;
  frozen: number;
  sent: number;
  delivered: number;
  read: number;
  answered: number;
  failed: number;
  byChannel: Record<string, { sent: number; delivered: number; read: number; failed: number }> | null;
};

/** A call-round row (channel 2) counts as sent once a call was placed, also while it waits for its next attempt. */
const CALL_PLACED = sql`(o.channel = 2 and o.attempts > 0)`;

/**
 * Per action, counted in guests (a fallback is the same guest on another channel): frozen, reached (sent,
 * delivered, read on any channel), answered since, and failed (no channel reached them); by channel, in messages.
 * The call round: sent = called at least once, delivered = a person picked up and answered the keypad, read = 0.
 */
/** Sending stopped by a cancellation: the event is unpaid and rows were skipped as `cancelled`. */
export const readSendingStopped = async (db: Conn, eventId: string): Promise<boolean> =>
  (
    await db.execute(sql`
      select 1 from events e where e.id = ${eventId}::uuid and e.progress_status = 0
        and exists (select 1 from outbox_messages o where o.event_id = e.id and o.state = 'skipped' and o.reason = ${CANCELLED_REASON})`)
  ).rows.length > 0;

export const readFunnel = async (db: Conn, eventId: string): Promise<FunnelRow[]> =>
  (
    await db.execute<FunnelRow>(sql`
      with per_guest as (
        select o.action, o.guest_id,
          bool_or(o.state in ('sent', 'delivered', 'read') or ${CALL_PLACED}) as sent,
          bool_or(o.state in ('delivered', 'read')) as delivered,
          bool_or(o.state = 'read') as read,
          bool_or(o.state = 'failed') and not bool_or(o.state in ('sent', 'delivered', 'read', 'queued')) as failed,
          min(o.created_at) as first_at
        from outbox_messages o where o.event_id = ${eventId}::uuid
        group by o.action, o.guest_id
      ), per_action as (
        select p.action, count(*)::int as frozen, count(*) filter (where p.sent)::int as sent,
          count(*) filter (where p.delivered)::int as delivered, count(*) filter (where p.read)::int as read,
          count(*) filter (where g.answered_at is not null and g.answered_at >= p.first_at)::int as answered,
          count(*) filter (where p.failed)::int as failed
        from per_guest p join guests g on g.id = p.guest_id
        group by p.action
      ), per_channel as (
        select action, jsonb_object_agg(channel::text, jsonb_build_object(
          'sent', sent, 'delivered', delivered, 'read', read, 'failed', failed)) as by_channel
        from (
          select action, channel,
            count(*) filter (where state in ('sent', 'delivered', 'read') or (channel = 2 and attempts > 0))::int as sent,
            count(*) filter (where state in ('delivered', 'read'))::int as delivered,
            count(*) filter (where state = 'read')::int as read,
            count(*) filter (where state = 'failed')::int as failed
          from outbox_messages where event_id = ${eventId}::uuid group by action, channel
        ) c group by action
      )
      select a.action, a.frozen, a.sent, a.delivered, a.read, a.answered, a.failed, c.by_channel as "byChannel"
      from per_action a left join per_channel c on c.action = a.action`)
  ).rows;

export type RecipientRow = {
  id: string;
  fullName: string;
  lang: Lang;
  inviteSalt: string | null;
  landline: boolean;
  smsFirst: boolean;
  /** The guest's table (the direction message's `{table}`: its SMS parts count it). */
  tableNumber: number | null;
  tableName: string | null;
};

/**
 * Who an action would go to now. `landline`: calls only, no text goes to it. `smsFirst`: with WhatsApp chosen, the
 * guest is expected to get an SMS all the same (stopped WhatsApp for this event, or a WhatsApp message to the
 * guest already failed here).
 */
export const listRecipients = async (db: Conn, eventId: string, action: MessageAction): Promise<RecipientRow[]> =>
  (
    await db.execute<RecipientRow>(sql`
      select g.id, g.full_name as "fullName", g.lang, g.invite_salt as "inviteSalt",
        (select st.number from seating_tables st where st.id = g.table_id) as "tableNumber",
        (select st.name from seating_tables st where st.id = g.table_id) as "tableName",
        ${LANDLINE_SQL} as landline,
        (exists (select 1 from whatsapp_opt_outs w where w.event_id = g.event_id and w.phone_number = g.phone_number)
          or exists (select 1 from outbox_messages o where o.guest_id = g.id and o.channel = 3 and o.state = 'failed')) as "smsFirst"
      from guests g where g.event_id = ${eventId}::uuid and ${recipientFilter(action)}`)
  ).rows;

/**
 * A host's "again to those who did not read" / "retry the failed": one new wave of the action for the guests
 * who still qualify, each once (the once-key), in one statement. Answers the rows queued.
 */
export const queueResendWave = async (db: Conn, eventId: string, action: MessageAction, only: 'unread' | 'failed', channel: 1 | 3): Promise<number> => {
  const which =
    only === 'unread'
      ? // SMS has no read receipts: delivered is the most it says, so a delivered SMS counts as seen.
        sql`bool_or(o.state in ('sent', 'delivered')) and not bool_or(o.state in ('read', 'queued') or (o.channel = 1 and o.state = 'delivered'))`
      : sql`bool_or(o.state = 'failed') and not bool_or(o.state in ('sent', 'delivered', 'read', 'queued'))`;
  const result = await db.execute(sql`
    with wave as (
      select coalesce(max(wave), 0) + 1 as n from outbox_messages where event_id = ${eventId}::uuid and action = ${action}
    ), targets as (
      select o.guest_id from outbox_messages o where o.event_id = ${eventId}::uuid and o.action = ${action}
      group by o.guest_id having ${which}
    )
    insert into outbox_messages (event_id, guest_id, action, wave, type, channel)
    select g.event_id, g.id, ${action}, (select n from wave), ${TYPE_OF_ACTION[action]}, ${channel}
    from guests g join targets t on t.guest_id = g.id
    where g.event_id = ${eventId}::uuid and ${recipientFilter(action)}
    on conflict (guest_id, action, wave, channel) do nothing`);
  return result.rowCount ?? 0;
};
