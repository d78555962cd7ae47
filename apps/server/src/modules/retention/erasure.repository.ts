import { sql, type SQL } from 'drizzle-orm';
import { normalizeEventLocation } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import type { StoredEventImage } from '../../db/schema/events.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A pooled connection or an open transaction: every function here runs in either. */
type Conn = Db | Tx;

const run = async (db: Conn, query: SQL): Promise<number> => (await db.execute(query)).rowCount ?? 0;

/** What erasing one event's guest data removed (counts only). */
export interface EventErasureCounts {
  guests: number;
  answers: number;
  messages: number;
  callAttempts: number;
  images: number;
  expenses: number;
  groups: number;
}

export const zeroEventCounts = (): EventErasureCounts => ({
  guests: 0,
  answers: 0,
  messages: 0,
  callAttempts: 0,
  images: 0,
  expenses: 0,
  groups: 0,
});

/**
 * Every table with an event_id or guest_id, and what erasing an event's guest data does to it:
 * - guests, guest_groups: deleted (names, phones, answers, comments).
 * - guest_answers, public_answers (incl. new phones waiting for approval): deleted.
 * - outbox_messages (the texts as sent name the guest), call_attempts, sandbox_calls (by attempt: phone and
 *   transcript), whatsapp_conversations, message_opt_outs, whatsapp_opt_outs (phones), whatsapp_unreachable: deleted.
 * - notifications (the bell counts answers; push_sends and notification_reads go with them): deleted.
 * - expenses, expense_lists (suppliers, amounts): deleted.
 * - seating_tables (table names may name families): deleted; the guests go above.
 * - checkin_arrivals, checkin_codes (who came, each guest's code), checkin_ushers (door links): deleted.
 * - gift_ledger_entries (issue 32: who gave what, payers' names): deleted.
 * - gift_accounts: the sealed registration (names, ID number, bank account) and its masked copy cleared; the
 *   row (status, provider reference) stays.
 * - cohost_invitations (invitees' e-mail addresses): deleted.
 * - message_templates, voice_templates, whatsapp_templates (the host's wording, often the couple's names;
 *   nothing sends any more): deleted. Meta's copies are removed by the caller (template-sync).
 * - messaging_event_turns, whatsapp_overflow_notices (scheduling bookkeeping): deleted.
 * - action_timings: kept, switched off (no personal data; nothing may send after the erasure).
 * - messaging_pauses: kept (no personal data).
 * - event_members: kept (who owns the event the orders belong to).
 * - orders, sandbox_payments, coupon_uses: kept untouched (tax law; they hold no guest data).
 * - events: kept; the invitation image (row and files) and the public link go; guest_data_erased_at set.
 * - tts_audio_cache: keyed by a hash of the spoken text, not by event: cannot be told apart; not touched here.
 */
export const eraseEventGuestDataRows = async (
  tx: Tx,
  eventId: string,
  now: Date,
): Promise<{ found: boolean; counts: EventErasureCounts; image: StoredEventImage | null }> => {
  // The event's row lock: guest inserts (public link, host) take it too, so none slips in between.
  const locked = await tx.execute<{ image: StoredEventImage | null }>(sql`select image from events where id = ${eventId} for update`);
  const row = locked.rows[0];
  if (!row) return { found: false, counts: zeroEventCounts(), image: null };
  const counts = zeroEventCounts();
  await run(
    tx,
    sql`delete from sandbox_calls where attempt_id in (select id from call_attempts where event_id = ${eventId})`,
  );
  counts.callAttempts = await run(tx, sql`delete from call_attempts where event_id = ${eventId}`);
  await run(tx, sql`delete from whatsapp_conversations where event_id = ${eventId}`);
  counts.messages = await run(tx, sql`delete from outbox_messages where event_id = ${eventId}`);
  counts.answers =
    (await run(tx, sql`delete from guest_answers where event_id = ${eventId}`)) +
    (await run(tx, sql`delete from public_answers where event_id = ${eventId}`));
  await run(tx, sql`delete from message_opt_outs where event_id = ${eventId}`);
  await run(tx, sql`delete from whatsapp_opt_outs where event_id = ${eventId}`);
  await run(tx, sql`delete from whatsapp_unreachable where event_id = ${eventId}`);
  await run(tx, sql`delete from checkin_arrivals where event_id = ${eventId}`);
  await run(tx, sql`delete from checkin_codes where event_id = ${eventId}`);
  await run(tx, sql`delete from checkin_ushers where event_id = ${eventId}`);
  await run(tx, sql`delete from gift_ledger_entries where event_id = ${eventId}`);
  counts.guests = await run(tx, sql`delete from guests where event_id = ${eventId}`);
  counts.groups = await run(tx, sql`delete from guest_groups where event_id = ${eventId}`);
  await run(tx, sql`delete from seating_tables where event_id = ${eventId}`);
  await run(tx, sql`delete from notifications where event_id = ${eventId}`);
  counts.expenses = await run(tx, sql`delete from expenses where event_id = ${eventId}`);
  await run(tx, sql`delete from expense_lists where event_id = ${eventId}`);
  await run(
    tx,
    sql`update gift_accounts set registration_sealed = null, registration_masked = null, updated_at = ${now}
      where event_id = ${eventId} and (registration_sealed is not null or registration_masked is not null)`,
  );
  await run(tx, sql`delete from cohost_invitations where event_id = ${eventId}`);
  await run(tx, sql`delete from whatsapp_templates where event_id = ${eventId}`);
  await run(tx, sql`delete from message_templates where event_id = ${eventId}`);
  await run(tx, sql`delete from voice_templates where event_id = ${eventId}`);
  await run(tx, sql`delete from messaging_event_turns where event_id = ${eventId}`);
  await run(tx, sql`delete from whatsapp_overflow_notices where event_id = ${eventId}`);
  await run(tx, sql`update action_timings set enabled = false, updated_at = ${now} where event_id = ${eventId} and enabled`);
  counts.images = row.image ? 1 : 0;
  await run(
    tx,
    sql`update events set image = null, public_salt = null, public_token_hash = null,
      guest_data_erased_at = coalesce(guest_data_erased_at, ${now}), updated_at = ${now}
      where id = ${eventId}`,
  );
  return { found: true, counts, image: row.image };
};

/** The event's details that name people or places, blanked on an erased account's paid events (date, package, orders stay). */
export const blankEventDetails = async (tx: Tx, eventId: string, now: Date): Promise<void> => {
  // The empty location in its stored shape (the same in every language), so readers need no special case.
  const emptyLocation = JSON.stringify(normalizeEventLocation({}, 'he'));
  await run(
    tx,
    sql`update events set names = '{}'::jsonb, location = ${emptyLocation}::jsonb, updated_at = ${now} where id = ${eventId}`,
  );
};

// ── Accounts ──────────────────────────────────────────────────────────────────

export const lockUser = async (tx: Tx, userId: string): Promise<{ erasedAt: Date | null } | undefined> => {
  const { rows } = await tx.execute<{ erased_at: Date | string | null }>(
    sql`select erased_at from users where id = ${userId} for update`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return { erasedAt: row.erased_at ? new Date(row.erased_at) : null };
};

/** The events the user owns. */
export const listOwnedEvents = async (tx: Tx, userId: string): Promise<string[]> => {
  const { rows } = await tx.execute<{ id: string }>(
    sql`select event_id as id from event_members where user_id = ${userId} and role = 'owner' order by event_id for update`,
  );
  return rows.map((row) => row.id);
};

/**
 * Locks the event's orders and answers whether money was paid on one: a payment confirmed at the same moment
 * either committed first (seen here) or waits and finds its order kept or gone with an unpaid event.
 */
export const lockOrdersAndCheckPaid = async (tx: Tx, eventId: string): Promise<boolean> => {
  const { rows } = await tx.execute<{ status: string; paid_at: Date | string | null }>(
    sql`select status, paid_at from orders where event_id = ${eventId} order by id for update`,
  );
  return rows.some((row) => row.paid_at !== null || row.status === 'paid' || row.status === 'refunded');
};

export const deleteEventRow = async (tx: Tx, eventId: string): Promise<StoredEventImage | null | undefined> => {
  const { rows } = await tx.execute<{ image: StoredEventImage | null }>(sql`delete from events where id = ${eventId} returning image`);
  return rows[0] ? rows[0].image : undefined;
};

/** Other people's access to an event: co-host memberships (not the owner's). */
export const deleteOtherMembers = async (tx: Tx, eventId: string, ownerId: string): Promise<number> =>
  run(tx, sql`delete from event_members where event_id = ${eventId} and user_id <> ${ownerId}`);

export interface AccountRowCounts {
  sessions: number;
  userTokens: number;
  knownDevices: number;
  pushTokens: number;
  notificationReads: number;
  cohostMemberships: number;
  cohostInvitations: number;
}

/** Everything tied to the person rather than to an event: sign-in, devices, co-hosting elsewhere. */
export const deleteAccountRows = async (tx: Tx, userId: string): Promise<AccountRowCounts> => {
  const email = (await tx.execute<{ email: string }>(sql`select email from users where id = ${userId}`)).rows[0]?.email ?? '';
  return {
    // push_tokens reference sessions with cascade: count them before the sessions go.
    pushTokens: await run(tx, sql`delete from push_tokens where user_id = ${userId}`),
    sessions: await run(tx, sql`delete from sessions where user_id = ${userId}`),
    userTokens: await run(tx, sql`delete from user_tokens where user_id = ${userId}`),
    knownDevices: await run(tx, sql`delete from known_devices where user_id = ${userId}`),
    notificationReads: await run(tx, sql`delete from notification_reads where user_id = ${userId}`),
    cohostMemberships: await run(tx, sql`delete from event_members where user_id = ${userId} and role <> 'owner'`),
    // Pending invitations sent to the person's address or by the person; accepted ones are history of others' events.
    cohostInvitations: await run(
      tx,
      sql`delete from cohost_invitations where accepted_at is null and (invited_by = ${userId} or lower(email) = lower(${email}))`,
    ),
  };
};

/** The user row becomes a tombstone: no name, e-mail, password or Google link; blocked_at stays. */
export const tombstoneUser = async (tx: Tx, userId: string, now: Date): Promise<void> => {
  await run(
    tx,
    sql`update users set full_name = '', email = ${`erased-${userId}@erased.invalid`}, password_hash = null,
      google_sub = null, pending_email = null, retention_warned_at = null, guide_tour = false,
      erased_at = ${now}, updated_at = ${now}
      where id = ${userId}`,
  );
};
