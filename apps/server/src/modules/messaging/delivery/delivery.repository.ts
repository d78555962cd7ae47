import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';

type Conn = Pick<Db, 'execute'>;

/** Reason kept on a WhatsApp row that got its SMS because no `delivered` came in time. */
export const NO_DELIVERY = 'noDelivery';
/**
 * Reason kept on a WhatsApp row whose send's outcome was unknown (a timeout or a 5xx after Meta may have taken it,
 * counted sent as 'uncertain') and that no status webhook settled in time: the host reads "outcome unknown, sent by SMS".
 */
export const UNCERTAIN_SMS = 'uncertainSms';

/**
 * Up to `limit` WhatsApp rows still 'sent' (no `delivered`) since before `timeoutMinutes` ago: each gets one SMS
 * row (the once-key: a guest who has one already gets no second) and keeps the reason 'noDelivery' ('uncertainSms'
 * when the send's outcome was never known), which also takes it out of the sweep's partial index. Rows another sweep holds are skipped. Answers how many were taken
 * and how many SMS rows were written.
 */
export const sendUndeliveredBySms = async (db: Conn, timeoutMinutes: number, limit: number): Promise<{ taken: number; queued: number }> => {
  const row = (
    await db.execute<{ taken: number; queued: number }>(sql`
      with due as (
        select o.id from outbox_messages o
        -- Spelled as the partial index outbox_messages_whatsapp_sent_idx spells it, so the planner uses it.
        where o.channel = 3 and o.state = 'sent' and coalesce(o.reason, '') not in ('noDelivery', 'uncertainSms')
          and o.sent_at < now() - ${timeoutMinutes}::float8 * interval '1 minute'
        order by o.sent_at
        limit ${limit}
        for update of o skip locked
      ), sms as (
        insert into outbox_messages (event_id, guest_id, action, wave, type, channel, fallback_of)
        select o.event_id, o.guest_id, o.action, o.wave, o.type, 1, o.id from outbox_messages o join due on due.id = o.id
        on conflict (guest_id, action, wave, channel) do nothing
        returning 1
      ), marked as (
        update outbox_messages o set reason = case when o.reason = 'uncertain' then ${UNCERTAIN_SMS} else ${NO_DELIVERY} end, updated_at = now()
        from due where o.id = due.id
        returning 1
      )
      select (select count(*) from marked)::int as taken, (select count(*) from sms)::int as queued`)
  ).rows[0];
  return row ?? { taken: 0, queued: 0 };
};

/**
 * Webhooks received before `olderThanMinutes` ago and still not applied: statuses may be among them, so a row
 * that looks undelivered may have been delivered (the delivery sweep waits for the inbox to catch up).
 */
export const hasWebhookBacklog = async (db: Conn, olderThanMinutes: number): Promise<boolean> =>
  (
    await db.execute(sql`
      select 1 from webhook_inbox
      -- Spelled as the partial index webhook_inbox_pending_idx spells it.
      where processed_at is null and received_at < now() - ${olderThanMinutes}::float8 * interval '1 minute'
      limit 1`)
  ).rows.length > 0;
