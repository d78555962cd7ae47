import { sql } from 'drizzle-orm';
import type { Lang } from '@magiim/shared';
import type { Db } from '../../../platform/db.js';

type Conn = Pick<Db, 'execute'>;

export type ConversationStep = 'count' | 'split' | 'meals' | 'ride' | 'pickup';

/** A guest a message of ours went to, as a reply's handling needs them. */
export type RepliedGuest = {
  guestId: string;
  eventId: string;
  phoneNumber: string;
  lang: Lang;
  countOfInvites: number;
  inviteSalt: string | null;
};

const GUEST_FIELDS = sql`g.id as "guestId", g.event_id as "eventId", g.phone_number as "phoneNumber", g.lang, g.count_of_invites as "countOfInvites", g.invite_salt as "inviteSalt"`;

/** The guest of a WhatsApp outbox row (a quick reply or list choice names the row it follows). */
export const findGuestOfWhatsAppRow = async (db: Conn, outboxId: string): Promise<RepliedGuest | undefined> =>
  (
    await db.execute<RepliedGuest>(sql`
      select ${GUEST_FIELDS} from outbox_messages o join guests g on g.id = o.guest_id
      where o.id = ${outboxId}::uuid and o.channel = 3`)
  ).rows[0];

/** The guest of the WhatsApp outbox row a message of ours was sent as (a reply's context names our wamid). */
export const findGuestOfWhatsAppMessage = async (db: Conn, providerMessageId: string): Promise<RepliedGuest | undefined> =>
  (
    await db.execute<RepliedGuest>(sql`
      select ${GUEST_FIELDS} from outbox_messages o join guests g on g.id = o.guest_id
      where o.provider_message_id = ${providerMessageId} and o.channel = 3
      limit 1`)
  ).rows[0];

export const findGuest = async (db: Conn, guestId: string): Promise<RepliedGuest | undefined> =>
  (await db.execute<RepliedGuest>(sql`select ${GUEST_FIELDS} from guests g where g.id = ${guestId}::uuid`)).rows[0];

export type OpenConversation = { guestId: string; step: ConversationStep | null; outboxId: string | null };

/** The phone's WhatsApp conversation whose 24-hour window is still open, the most recent first (not an SMS one). */
export const findOpenConversation = async (db: Conn, phoneNumber: string, now: Date): Promise<OpenConversation | undefined> =>
  (
    await db.execute<OpenConversation>(sql`
      select c.guest_id as "guestId", c.step, c.outbox_id as "outboxId" from whatsapp_conversations c
      where c.phone_number = ${phoneNumber} and c.window_opened_at > ${now.toISOString()}::timestamptz - interval '24 hours'
        and not exists (select 1 from outbox_messages o where o.id = c.outbox_id and o.channel = 1)
      order by c.window_opened_at desc limit 1`)
  ).rows[0];

/**
 * The phone's SMS conversation (it follows an invitation SMS) answered within 24 hours, the most recent first: the
 * question after "coming" it waits for. The same table as WhatsApp's, told apart by the channel of the row it follows.
 */
export const findOpenSmsConversation = async (db: Conn, phoneNumber: string, now: Date): Promise<OpenConversation | undefined> =>
  (
    await db.execute<OpenConversation>(sql`
      select c.guest_id as "guestId", c.step, c.outbox_id as "outboxId" from whatsapp_conversations c
      join outbox_messages o on o.id = c.outbox_id and o.channel = 1
      where c.phone_number = ${phoneNumber} and c.window_opened_at > ${now.toISOString()}::timestamptz - interval '24 hours'
      order by c.window_opened_at desc limit 1`)
  ).rows[0];

/** The conversation after the guest's message at `at` (the window counts from it) and the question now waiting. */
export const saveConversation = async (
  db: Conn,
  values: { guestId: string; eventId: string; phoneNumber: string; at: Date; step: ConversationStep | null; outboxId: string | null },
): Promise<void> => {
  await db.execute(sql`
    insert into whatsapp_conversations (guest_id, event_id, phone_number, window_opened_at, step, outbox_id, updated_at)
    values (${values.guestId}::uuid, ${values.eventId}::uuid, ${values.phoneNumber}, ${values.at.toISOString()}::timestamptz, ${values.step},
      ${values.outboxId}::uuid, now())
    on conflict (guest_id) do update set phone_number = excluded.phone_number,
      window_opened_at = greatest(whatsapp_conversations.window_opened_at, excluded.window_opened_at),
      step = excluded.step, outbox_id = coalesce(excluded.outbox_id, whatsapp_conversations.outbox_id), updated_at = now()`);
};

/** The guest's message opened the window again (nothing else changes). */
export const touchConversation = async (db: Conn, guestId: string, at: Date): Promise<void> => {
  await db.execute(sql`
    update whatsapp_conversations set window_opened_at = greatest(window_opened_at, ${at.toISOString()}::timestamptz), updated_at = now()
    where guest_id = ${guestId}::uuid`);
};

/**
 * The guests whose invitation SMS (rounds 1–3, taken by the provider) went to this phone within `withinDays`, the
 * most recent first (at most a few), with that latest SMS row: an SMS reply of 1 / 2 / 3 answers that invitation
 * when only one event sent one, and the conversation after "coming" follows that row.
 */
export const findSmsInvitedGuests = async (db: Conn, phoneNumber: string, withinDays: number): Promise<(RepliedGuest & { outboxId: string })[]> =>
  (
    await db.execute<RepliedGuest & { outboxId: string }>(sql`
      select ${GUEST_FIELDS}, m.id as "outboxId" from guests g
      join lateral (
        select o.id, o.sent_at as at from outbox_messages o
        where o.guest_id = g.id and o.channel = 1 and o.action in ('round1', 'round2', 'round3') and o.state in ('sent', 'delivered', 'read')
          and o.sent_at > now() - ${withinDays} * interval '1 day'
        order by o.sent_at desc limit 1
      ) m on true
      where g.phone_number = ${phoneNumber}
      order by m.at desc limit 5`)
  ).rows;

/** Appends a line to the guest's comments (a newline between), keeping the newest `max` characters. */
export const appendGuestComment = async (db: Conn, guestId: string, text: string, max: number): Promise<void> => {
  await db.execute(sql`
    update guests set
      answer_comments = right(case when answer_comments = '' then ${text} else answer_comments || E'\n' || ${text} end, ${max}),
      updated_at = now()
    where id = ${guestId}::uuid`);
};
