import { sql } from 'drizzle-orm';
import type { InviteeStatus } from '@magiim/shared';
import type { TestApp } from '../../../../test/test-app.js';
import { hostWithEvent } from '../../guests/guest-test-kit.js';
import { MessageSendError, type OutgoingMessage, type TextChannel, type TextChannelProvider } from '../../../providers/messaging/index.js';

/** Test support for the messaging engine suites (imported by *.test.ts only). */

export interface SentRecord extends OutgoingMessage {
  providerMessageId: string;
  at: number;
}

/** Message ids are unique across every recording channel of the process, as a real provider's are across its clients. */
let messageCounter = 0;

export type Behaviour = (message: OutgoingMessage, attempt: number) => 'ok' | MessageSendError | 'hang';

/** Recording channels in place of the configured ones: every accepted message is kept (the provider's own record). */
export const useRecordingChannels = (t: TestApp, behaviour: Behaviour = () => 'ok', options: { lookup?: boolean } = {}) => {
  const sent: SentRecord[] = [];
  const attempts = new Map<string, number>();
  const channel = (id: TextChannel): TextChannelProvider => ({
    channel: id,
    name: 'recording',
    send: async (message) => {
      const attempt = (attempts.get(message.outboxId) ?? 0) + 1;
      attempts.set(message.outboxId, attempt);
      const outcome = behaviour(message, attempt);
      if (outcome instanceof MessageSendError) throw outcome;
      const providerMessageId = `rec-${id}-${++messageCounter}`;
      sent.push({ ...message, providerMessageId, at: Date.now() });
      if (outcome === 'hang') throw new MessageSendError('timed out', { code: 'timeout', outcomeUnknown: true });
      return { providerMessageId };
    },
    lookup: async (outboxId) => {
      if (options.lookup === false) return 'unsupported';
      const found = sent.find((record) => record.outboxId === outboxId && record.channel === id);
      return found ? { known: true, providerMessageId: found.providerMessageId } : { known: false };
    },
  });
  t.ctx.messaging.whatsapp = channel(3);
  t.ctx.messaging.sms = channel(1);
  return { sent, attempts };
};

/**
 * A three-digit phone prefix no earlier call in this test file returned (900 of them, from a random start): the
 * recording channels keep every message of the file, so a prefix drawn at random again (a 1 in 900 chance per pair
 * of events) let one test count another's messages to the same phone as its own.
 */
let prefixTurn = Math.floor(Math.random() * 900);
export const uniquePhonePrefix = (): string => String(100 + (prefixTurn++ % 900));

/** A paid event (sending by `channel`) with `count` guests in process, inserted in one statement. */
export const paidEventWithGuests = async (t: TestApp, count: number, options: { channel?: 1 | 3; phonePrefix?: string } = {}) => {
  const { token, eventId } = await hostWithEvent(t);
  await t.ctx.db.execute(sql`update events set progress_status = 1, message_system_preference = ${options.channel ?? 3} where id = ${eventId}`);
  const prefix = options.phonePrefix ?? uniquePhonePrefix();
  await t.ctx.db.execute(sql`
    insert into guests (event_id, full_name, phone_number, lang, status)
    select ${eventId}::uuid, 'Guest ' || n, '+9725' || ${prefix} || lpad(n::text, 5, '0'), 'he', 'inProgress'
    from generate_series(1, ${count}) n`);
  const guests = (
    await t.ctx.db.execute<{ id: string; phoneNumber: string }>(
      sql`select id, phone_number as "phoneNumber" from guests where event_id = ${eventId} order by phone_number`,
    )
  ).rows;
  return { token, eventId, guests };
};

export const setStatus = async (t: TestApp, guestId: string, status: InviteeStatus, attending: number | null = null) => {
  await t.ctx.db.execute(sql`update guests set status = ${status}, attending = ${attending} where id = ${guestId}`);
};

export interface OutboxView {
  id: string;
  guestId: string;
  action: string;
  wave: number;
  channel: number;
  state: string;
  reason: string | null;
  fallbackOf: string | null;
  attempts: number;
  providerMessageId: string | null;
}

export const outboxOf = async (t: TestApp, eventId: string): Promise<OutboxView[]> =>
  (
    await t.ctx.db.execute<OutboxView & Record<string, unknown>>(sql`
      select id, guest_id as "guestId", action, wave, channel, state, reason, fallback_of as "fallbackOf", attempts,
        provider_message_id as "providerMessageId"
      from outbox_messages where event_id = ${eventId} order by created_at, id`)
  ).rows;

export const actionStateOf = async (t: TestApp, eventId: string, action: string): Promise<string | undefined> =>
  (await t.ctx.db.execute<{ state: string }>(sql`select state from action_timings where event_id = ${eventId} and action = ${action}`)).rows[0]?.state;

export const MESSAGING_TEST_ENV = { SENDING_HOURS: 'always', WHATSAPP_RATE_PER_SECOND: '2000', SMS_RATE_PER_SECOND: '2000' };

/**
 * Runs `change` while every dispatcher's claim of the event waits: the app's worker dispatches too, and under load it
 * sent frozen rows before a change the test made right after the freeze. A claim also records the event's turn, so
 * holding that row in an open transaction holds the claim until the change is saved.
 */
export const holdingClaims = async (t: TestApp, eventId: string, change: () => Promise<void>) => {
  const hold = await t.ctx.database.pool.connect();
  try {
    await hold.query('begin');
    await hold.query(
      `insert into messaging_event_turns (event_id, channel, served_at) select $1, c, now() from generate_series(1, 3) c
       on conflict (event_id, channel) do update set served_at = excluded.served_at`,
      [eventId],
    );
    await change();
    await hold.query('commit');
  } finally {
    hold.release();
  }
};
