import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TextChannel } from '../../../providers/messaging/index.js';
import type { Db } from '../../../platform/db.js';
import { guests } from '../../../db/schema/events.js';
import { messageOptOuts, outboxMessages } from '../../../db/schema/messaging.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Conn = Pick<Db, 'execute'>;
export type OptOutVia = 'sms' | 'whatsapp' | 'page';

export type MessagedGuest = {
  guestId: string;
  eventId: string;
  phoneNumber: string;
};

/**
 * The events where this phone is a guest and was sent a message (the provider took it) — by `channel`, or by any
 * channel when `channel` is null — the most recently messaged first.
 */
export const findMessagedGuests = async (db: Conn, phoneNumber: string, channel: TextChannel | null): Promise<MessagedGuest[]> =>
  (
    await db.execute<MessagedGuest>(sql`
      select g.id as "guestId", g.event_id as "eventId", g.phone_number as "phoneNumber"
      from guests g
      join lateral (
        select max(coalesce(o.sent_at, o.updated_at)) as last_at from outbox_messages o
        where o.guest_id = g.id and o.provider_message_id is not null ${channel === null ? sql`` : sql`and o.channel = ${channel}`}
      ) m on m.last_at is not null
      where g.phone_number = ${phoneNumber}
      order by m.last_at desc`)
  ).rows;

export const findGuestByInviteTokenHash = async (db: Db, tokenHash: string): Promise<MessagedGuest | undefined> => {
  const [row] = await db
    .select({ guestId: guests.id, eventId: guests.eventId, phoneNumber: guests.phoneNumber })
    .from(guests)
    .where(eq(guests.inviteTokenHash, tokenHash))
    .limit(1);
  return row;
};

/** Records the opt-out of the phone for the event; answers whether it is new (a repeated 'הסר' changes nothing). */
export const insertOptOut = async (tx: Tx, eventId: string, phoneNumber: string, via: OptOutVia): Promise<boolean> => {
  const inserted = await tx
    .insert(messageOptOuts)
    .values({ eventId, phoneNumber, via })
    .onConflictDoNothing()
    .returning({ eventId: messageOptOuts.eventId });
  return inserted.length > 0;
};

/**
 * The event's waiting rows to that phone, on every channel, become skipped. A row a worker has claimed is left to
 * the engine, which reads the opt-out again just before its provider call.
 */
export const skipQueuedMessages = async (tx: Tx, eventId: string, phoneNumber: string): Promise<number> => {
  const skipped = await tx
    .update(outboxMessages)
    .set({ state: 'skipped', reason: 'optedOut', updatedAt: sql`now()` })
    .where(
      and(
        eq(outboxMessages.eventId, eventId),
        eq(outboxMessages.state, 'queued'),
        isNull(outboxMessages.claimedAt),
        inArray(
          outboxMessages.guestId,
          tx.select({ id: guests.id }).from(guests).where(and(eq(guests.eventId, eventId), eq(guests.phoneNumber, phoneNumber))),
        ),
      ),
    )
    .returning({ id: outboxMessages.id });
  return skipped.length;
};

/** The event and the phone an outbox row went to (a report that the recipient blocked us names only the row). */
export const findOutboxRecipient = async (db: Conn, outboxId: string): Promise<{ eventId: string; phoneNumber: string } | undefined> =>
  (
    await db.execute<{ eventId: string; phoneNumber: string }>(sql`
      select o.event_id as "eventId", g.phone_number as "phoneNumber" from outbox_messages o join guests g on g.id = o.guest_id
      where o.id = ${outboxId}::uuid limit 1`)
  ).rows[0];
