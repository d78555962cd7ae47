import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from '../../../platform/db.js';
import type { WebhookSource } from '../../../db/schema/webhooks.js';

type Conn = Pick<Db, 'execute'>;

export type ClaimedWebhook = {
  id: number;
  source: WebhookSource;
  body: string;
  attempts: number;
};

/**
 * Claims up to `limit` unprocessed rows, oldest first (SKIP LOCKED: parallel processors never share a row). A row
 * claimed longer than `leaseMs` ago (its processor died, or it failed and waits its turn) is taken again.
 */
export const claimWebhooks = async (db: Conn, limit: number, leaseMs: number): Promise<ClaimedWebhook[]> =>
  (
    await db.execute<ClaimedWebhook>(sql`
      with picked as (
        select id from webhook_inbox
        where processed_at is null and (claimed_at is null or claimed_at < now() - ${leaseMs} * interval '1 millisecond')
        order by received_at, id
        limit ${limit}
        for update skip locked
      )
      update webhook_inbox w set claimed_at = clock_timestamp()
      from picked where w.id = picked.id
      returning w.id, w.source, w.body, w.attempts`)
  ).rows
    .map((row) => ({ ...row, id: Number(row.id) }))
    .sort((a, b) => a.id - b.id);

/** Applied rows: closed, their body blanked (guests' numbers and words are not kept); the hash stays, so a replay is still stored once. */
export const markWebhooksProcessed = async (db: Conn, ids: number[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.execute(sql`update webhook_inbox set processed_at = now(), claimed_at = null, error = null, body = '' where id = any(${sql.param(ids)}::bigint[])`);
};

/** Rows claimed but not started (the batch's time ran out): their claim is let go, so the next batch takes them at once. */
export const releaseWebhooks = async (db: Conn, ids: number[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.execute(sql`update webhook_inbox set claimed_at = null where id = any(${sql.param(ids)}::bigint[]) and processed_at is null`);
};

/** Takes back an event key written in this transaction (its apply failed: the event is tried again). */
export const forgetWebhookEvent = async (db: Conn, source: string, eventKey: string): Promise<void> => {
  await db.execute(sql`delete from processed_webhook_events where source = ${source} and event_key = ${eventKey}`);
};

/**
 * A row whose processing failed: counted, and taken again once its claim's lease has passed. With `giveUp` it is
 * closed (processed, the error kept for support).
 */
export const markWebhookFailed = async (db: Conn, id: number, error: string, giveUp: boolean): Promise<void> => {
  await db.execute(sql`
    update webhook_inbox set attempts = least(attempts + 1, 32767), error = ${error}, claimed_at = now(),
      processed_at = case when ${giveUp} then now() else null end
    where id = ${id}`);
};

/** Whether anything waits (the sweep's cheap look before it kicks the processor). */
export const hasPendingWebhooks = async (db: Conn): Promise<boolean> =>
  (await db.execute(sql`select 1 from webhook_inbox where processed_at is null limit 1`)).rows.length > 0;

/** Marks provider events applied; answers the keys that were not yet (the rest are replays). */
export const rememberWebhookEvents = async (db: Conn, source: string, keys: string[]): Promise<Set<string>> =>
  keys.length === 0
    ? new Set()
    : new Set(
        (
          await db.execute<{ key: string }>(sql`
            insert into processed_webhook_events (source, event_key) select ${source}, unnest(${sql.param(keys)}::text[])
            on conflict do nothing returning event_key as key`)
        ).rows.map((row) => row.key),
      );

/** Marks a provider event applied; false when it already was (a replay). Run inside the transaction applying it. */
export const rememberWebhookEvent = async (db: Conn, source: string, eventKey: string): Promise<boolean> =>
  ((
    await db.execute(sql`
      insert into processed_webhook_events (source, event_key) values (${source}, ${eventKey}) on conflict do nothing`)
  ).rowCount ?? 0) > 0;

/** Processed webhooks older than `inboxDays` and event keys older than `keysDays` are deleted (bounded batches). */
export const pruneWebhooks = async (db: Conn, inboxDays: number, keysDays: number, batch = 10_000): Promise<{ rows: number; keys: number }> => {
  let rows = 0;
  let keys = 0;
  for (;;) {
    const deleted =
      (
        await db.execute(sql`
          delete from webhook_inbox where id in (
            select id from webhook_inbox where processed_at is not null and processed_at < now() - ${inboxDays} * interval '1 day' limit ${batch})`)
      ).rowCount ?? 0;
    rows += deleted;
    if (deleted < batch) break;
  }
  for (;;) {
    const deleted =
      (
        await db.execute(sql`
          delete from processed_webhook_events where ctid in (
            select ctid from processed_webhook_events where processed_at < now() - ${keysDays} * interval '1 day' limit ${batch})`)
      ).rowCount ?? 0;
    keys += deleted;
    if (deleted < batch) break;
  }
  return { rows, keys };
};

// ── SMS status queries ────────────────────────────────────────────────────────
export type SmsRowToCheck = {
  id: string;
  providerMessageId: string;
};

/** SMS rows by id that the provider took (a DLR push names them by our outbox id). */
export const findSmsRows = async (db: Conn, ids: string[]): Promise<SmsRowToCheck[]> =>
  ids.length === 0
    ? []
    : (
        await db.execute<SmsRowToCheck>(sql`
          select id, provider_message_id as "providerMessageId" from outbox_messages
          where id = any(${sql.param(ids)}::uuid[]) and channel = 1 and provider_message_id is not null`)
      ).rows;

/** Of these SMS rows, those still `sent`: no final outcome (delivered or failed) confirmed yet. */
export const findUnsettledSmsRows = async (db: Conn, ids: string[]): Promise<SmsRowToCheck[]> =>
  ids.length === 0
    ? []
    : (
        await db.execute<SmsRowToCheck>(sql`
          select id, provider_message_id as "providerMessageId" from outbox_messages
          where id = any(${sql.param(ids)}::uuid[]) and channel = 1 and state = 'sent' and provider_message_id is not null`)
      ).rows;

/**
 * SMS rows still `sent` (no final report) sent within `withinDays`, not asked about for `staleMinutes`: the oldest
 * checks first. Claimed by stamping checked_at in the same statement, so parallel sweeps share nothing.
 */
export const claimStaleSmsRows = async (db: Conn, limit: number, staleMinutes: number, withinDays: number): Promise<SmsRowToCheck[]> =>
  (
    await db.execute<SmsRowToCheck>(sql`
      with picked as (
        select id from outbox_messages
        where channel = 1 and state = 'sent' and provider_message_id is not null
          and sent_at > now() - ${withinDays} * interval '1 day'
          and coalesce(checked_at, sent_at) < now() - ${staleMinutes} * interval '1 minute'
        order by coalesce(checked_at, sent_at)
        limit ${limit}
        for update skip locked
      )
      update outbox_messages o set checked_at = now() from picked where o.id = picked.id
      returning o.id, o.provider_message_id as "providerMessageId"`)
  ).rows;

export const markSmsRowsChecked = async (db: Conn, ids: string[]): Promise<void> => {
  if (ids.length === 0) return;
  await db.execute(sql`update outbox_messages set checked_at = now() where id = any(${sql.param(ids)}::uuid[])`);
};

/** Which of these event keys were applied already. */
export const rememberedWebhookEvents = async (db: Conn, source: string, keys: string[]): Promise<Set<string>> =>
  keys.length === 0
    ? new Set()
    : new Set(
        (
          await db.execute<{ key: string }>(sql`
            select event_key as key from processed_webhook_events where source = ${source} and event_key = any(${sql.param(keys)}::text[])`)
        ).rows.map((row) => row.key),
      );

// A named statement: planned once per connection (the webhook routes' only query, at hundreds per second).
const INSERT_WEBHOOKS = {
  name: 'webhooks.insert-many',
  text: `insert into webhook_inbox (source, body_hash, body)
    select * from unnest($1::text[], $2::text[], $3::text[])
    on conflict (source, body_hash) do nothing
    returning source, body_hash`,
};

/** Stores received webhooks in one statement; answers the `source:hash` of those that were new (replays are stored once). */
export const insertWebhookBatch = async (pool: pg.Pool, items: { source: WebhookSource; bodyHash: string; body: string }[]): Promise<Set<string>> => {
  const result = await pool.query<{ source: string; body_hash: string }>({
    ...INSERT_WEBHOOKS,
    values: [items.map((item) => item.source), items.map((item) => item.bodyHash), items.map((item) => item.body)],
  });
  return new Set(result.rows.map((row) => `${row.source}:${row.body_hash}`));
};
