import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db.js';

/**
 * The engines' declared public file for commerce (billing's cancellation): whether anything of an event reached a
 * provider, and stopping (or, when a refund fails, resuming) everything still waiting. Text messages and the call
 * round share the outbox (calls are channel 2), so one statement covers both.
 */

type Conn = Pick<Db, 'execute'>;

/** The reason a row carries when its event's package was cancelled. */
export const CANCELLED_REASON = 'cancelled';

/**
 * The events (of `eventIds`) with a message or call that reached a provider: a send was started at the provider
 * (call_started_at, set just before the call), recorded as sent (sent_at or a provider id), or a call attempt was
 * written (before placeCall) — except one the provider never had ('notPlaced').
 */
export const eventsWithSendsStarted = async (db: Conn, eventIds: readonly string[]): Promise<Set<string>> => {
  if (eventIds.length === 0) return new Set();
  const rows = (
    await db.execute<{ eventId: string }>(sql`
      select e.id as "eventId" from unnest(${sql.param([...new Set(eventIds)])}::uuid[]) as e(id)
      where exists (
          select 1 from outbox_messages o
          where o.event_id = e.id and o.channel <> 2
            and (o.call_started_at is not null or o.sent_at is not null or o.provider_message_id is not null)
        )
        or exists (select 1 from call_attempts a where a.event_id = e.id and coalesce(a.reason, '') <> 'notPlaced')`)
  ).rows;
  return new Set(rows.map((row) => row.eventId));
};

/**
 * Every waiting message and call of the event is skipped as `cancelled`. Run in the cancellation's transaction,
 * before `eventsWithSendsStarted`: the rows are locked here, so a dispatcher that claimed one finds it no longer
 * queued when it renews its claim just before the provider call (and a call claim skips locked rows).
 */
export const stopEventSending = async (tx: Conn, eventId: string): Promise<number> =>
  (
    await tx.execute(sql`
      update outbox_messages set state = 'skipped', reason = ${CANCELLED_REASON}, claimed_at = null, updated_at = now()
      where event_id = ${eventId}::uuid and state = 'queued'`)
  ).rowCount ?? 0;

/** The refund was refused: the cancellation did not happen, and what it stopped waits again. */
export const resumeEventSending = async (tx: Conn, eventId: string): Promise<void> => {
  await tx.execute(sql`
    update outbox_messages set state = 'queued', reason = null, claimed_at = null, call_started_at = null, updated_at = now()
    where event_id = ${eventId}::uuid and state = 'skipped' and reason = ${CANCELLED_REASON}`);
};

/**
 * In the transaction that freezes recipients: the event is held (against a cancellation, which takes it for update)
 * and read again. False: unpaid meanwhile, nothing is frozen.
 */
export const holdPaidEvent = async (tx: Conn, eventId: string): Promise<boolean> =>
  (await tx.execute<{ paid: boolean }>(sql`select progress_status > 0 as paid from events where id = ${eventId}::uuid for key share`)).rows[0]?.paid ?? false;
