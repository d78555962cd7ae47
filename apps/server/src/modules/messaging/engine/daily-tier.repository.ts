import { sql } from 'drizzle-orm';
import type { WhatsappOverflowMode } from '@magiim/shared';
import type { Db } from '../../../platform/db.js';

type Conn = Pick<Db, 'execute'>;

const isCounted = async (db: Conn, day: string, phone: string): Promise<boolean> =>
  (await db.execute(sql`select 1 from whatsapp_daily_recipients where day = ${day}::date and phone_number = ${phone}`)).rows.length > 0;

/**
 * Counts `phone` among the day's unique WhatsApp recipients, at most `limit` of them: a phone already counted
 * that day passes; another passes only while the count is under the limit. The day row's lock orders every
 * worker, and the phone is checked again under it (a statement after the lock sees what the holder before wrote).
 * Once the day is spent, the rest of the day's refusals take no lock (the hot path of an overflowing event).
 */
export const reserveWhatsAppRecipient = async (db: Db, day: string, phone: string, limit: number): Promise<boolean> => {
  const seen = (
    await db.execute<{ counted: boolean; used: number | null }>(sql`
      select exists (select 1 from whatsapp_daily_recipients where day = ${day}::date and phone_number = ${phone}) as counted,
        (select used from whatsapp_recipient_days where day = ${day}::date) as used`)
  ).rows[0];
  if (seen?.counted) return true;
  // A day's count only grows: once spent, a phone not counted is refused without waiting for the day row's lock.
  if (seen?.used != null && seen.used >= limit) return false;
  await db.execute(sql`insert into whatsapp_recipient_days (day, used) values (${day}::date, 0) on conflict do nothing`);
  return db.transaction(async (tx) => {
    const locked = (await tx.execute<{ used: number }>(sql`select used from whatsapp_recipient_days where day = ${day}::date for update`)).rows[0];
    if (!locked) return false;
    if (await isCounted(tx, day, phone)) return true;
    if (locked.used >= limit) return false;
    await tx.execute(sql`insert into whatsapp_daily_recipients (day, phone_number) values (${day}::date, ${phone})`);
    await tx.execute(sql`update whatsapp_recipient_days set used = used + 1 where day = ${day}::date`);
    return true;
  });
};

/** The host is told once per event and day: true only for the first caller. */
export const recordOverflowNotice = async (db: Conn, eventId: string, day: string, mode: WhatsappOverflowMode): Promise<boolean> =>
  ((
    await db.execute(sql`
      insert into whatsapp_overflow_notices (event_id, day, mode) values (${eventId}::uuid, ${day}::date, ${mode})
      on conflict do nothing`)
  ).rowCount ?? 0) > 0;

/** Days before `keepFrom` are no longer counted against anything. */
export const pruneRecipientDays = async (db: Conn, keepFrom: string): Promise<void> => {
  await db.execute(sql`delete from whatsapp_daily_recipients where day < ${keepFrom}::date`);
  await db.execute(sql`delete from whatsapp_recipient_days where day < ${keepFrom}::date`);
};

/** Records that the guest behind a WhatsApp row stopped this event's WhatsApp marketing messages (131050). */
export const recordWhatsAppOptOut = async (db: Conn, whatsappRowId: string): Promise<void> => {
  await db.execute(sql`
    insert into whatsapp_opt_outs (event_id, phone_number)
    select o.event_id, g.phone_number from outbox_messages o join guests g on g.id = o.guest_id where o.id = ${whatsappRowId}::uuid
    on conflict do nothing`);
};

/**
 * Records that WhatsApp cannot reach the guest behind a WhatsApp row (131026 and the other permanent recipient
 * codes), for this event: one statement, a second record is a no-op. Their later messages go by SMS directly.
 */
export const recordWhatsAppUnreachable = async (db: Conn, whatsappRowId: string, code: string): Promise<void> => {
  await db.execute(sql`
    insert into whatsapp_unreachable (event_id, guest_id, code)
    select o.event_id, o.guest_id, ${code} from outbox_messages o where o.id = ${whatsappRowId}::uuid and o.channel = 3
    on conflict do nothing`);
};
