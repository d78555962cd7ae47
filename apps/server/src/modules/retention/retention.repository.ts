import { sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, DATA_RETENTION_MONTHS, RETENTION_WARNING_DAYS } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import type { Tx } from './erasure.repository.js';

type Conn = Db | Tx;

/**
 * The clock is always a parameter (`now`), never the database's: the job and its tests move it. Months are
 * calendar months on the business calendar (Asia/Jerusalem); PostgreSQL clamps the day (31 Aug − 6 months = 28/29 Feb).
 */
const monthsBefore = (instant: SQL, months: number) =>
  sql`((${instant} at time zone ${BUSINESS_TIME_ZONE}) - make_interval(months => ${months}::int)) at time zone ${BUSINESS_TIME_ZONE}`;
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const daysAfter = (now: Date, days: number) => sql`(${at(now)} + make_interval(days => ${days}::int))`;

/** The first event date that is kept: events dated before it (more than six calendar months ago) are erased. */
export const eventCutoffDate = async (db: Conn, now: Date): Promise<string> => {
  const { rows } = await db.execute<{ cutoff: string }>(
    sql`select to_char((${at(now)} at time zone ${BUSINESS_TIME_ZONE})::date - make_interval(months => ${DATA_RETENTION_MONTHS}::int), 'YYYY-MM-DD') as cutoff`,
  );
  return rows[0]!.cutoff;
};

/** One page of events past the retention period whose guest data is still there (keyset on id: no whole-table load). */
export const listEventsToErase = async (db: Conn, cutoff: string, afterId: string | null, limit: number): Promise<string[]> => {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from events where date < ${cutoff}::date and guest_data_erased_at is null
      ${afterId ? sql`and id > ${afterId}` : sql``} order by id limit ${limit}`,
  );
  return rows.map((row) => row.id);
};

/** What erasing those events would remove (a dry run): counts only, aggregated in the database. */
export const countEventDataToErase = async (db: Conn, cutoff: string): Promise<Record<string, number>> => {
  const { rows } = await db.execute<Record<string, number>>(sql`with due as (
      select id, image from events where date < ${cutoff}::date and guest_data_erased_at is null)
    select (select count(*)::int from due) as events,
      (select count(*)::int from guests where event_id in (select id from due)) as guests,
      (select count(*)::int from guest_answers where event_id in (select id from due))
        + (select count(*)::int from public_answers where event_id in (select id from due)) as answers,
      (select count(*)::int from outbox_messages where event_id in (select id from due)) as messages,
      (select count(*)::int from call_attempts where event_id in (select id from due)) as "callAttempts",
      (select count(*)::int from due where image is not null) as images,
      (select count(*)::int from expenses where event_id in (select id from due)) as expenses`);
  return rows[0]!;
};

const noEvents = sql`not exists (select 1 from event_members m where m.user_id = u.id)`;
const erasable = sql`u.erased_at is null and u.role <> 'admin'`;
/** Warned at least RETENTION_WARNING_DAYS ago, not active since, inactive six months, still without events. */
const dueForErasure = (now: Date) => sql`${erasable} and ${noEvents}
  and u.retention_warned_at <= ${daysAfter(now, -RETENTION_WARNING_DAYS)}
  and u.last_active_at <= u.retention_warned_at
  and u.last_active_at <= ${monthsBefore(at(now), DATA_RETENTION_MONTHS)}`;
/** Inactive long enough that the erasure is RETENTION_WARNING_DAYS away, never warned, without events. */
const dueForWarning = (now: Date) => sql`${erasable} and ${noEvents} and u.retention_warned_at is null
  and u.last_active_at <= ${monthsBefore(daysAfter(now, RETENTION_WARNING_DAYS), DATA_RETENTION_MONTHS)}`;

/**
 * A warning is void once the account was active after it (a session in use moves last_active_at) or holds an
 * event again: the next spell of inactivity gets a warning of its own.
 */
export const clearVoidWarnings = async (db: Conn): Promise<number> =>
  (
    await db.execute(sql`update users u set retention_warned_at = null
      where u.retention_warned_at is not null and (u.last_active_at > u.retention_warned_at
        or exists (select 1 from event_members m where m.user_id = u.id))`)
  ).rowCount ?? 0;

export interface AccountToWarn {
  id: string;
  email: string;
  fullName: string;
  lang: string;
  erasureAt: Date;
}

/** One page of accounts to warn, with the day their erasure becomes due (never sooner than the warning period). */
export const listAccountsToWarn = async (db: Conn, now: Date, afterId: string | null, limit: number): Promise<AccountToWarn[]> => {
  const { rows } = await db.execute<{ id: string; email: string; full_name: string; lang: string; erasure_at: Date | string }>(
    sql`select u.id, u.email, u.full_name, u.lang,
        greatest(${daysAfter(now, RETENTION_WARNING_DAYS)},
          ((u.last_active_at at time zone ${BUSINESS_TIME_ZONE}) + make_interval(months => ${DATA_RETENTION_MONTHS}::int)) at time zone ${BUSINESS_TIME_ZONE}) as erasure_at
      from users u where ${dueForWarning(now)} ${afterId ? sql`and u.id > ${afterId}` : sql``}
      order by u.id limit ${limit}`,
  );
  return rows.map((row) => ({ id: row.id, email: row.email, fullName: row.full_name, lang: row.lang, erasureAt: new Date(row.erasure_at) }));
};

/** Claims the warning (at most one per spell of inactivity, whoever else runs): false when it no longer applies. */
export const markWarned = async (db: Conn, userId: string, now: Date): Promise<boolean> =>
  ((
    await db.execute(sql`update users u set retention_warned_at = ${at(now)}
      where u.id = ${userId} and ${dueForWarning(now)}`)
  ).rowCount ?? 0) > 0;

/** Gives the claim back when the e-mail could not be queued (the next run warns again). */
export const unmarkWarned = async (db: Conn, userId: string, now: Date): Promise<void> => {
  await db.execute(sql`update users set retention_warned_at = null where id = ${userId} and retention_warned_at = ${at(now)}`);
};

export const countAccountsToWarn = async (db: Conn, now: Date): Promise<number> =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${dueForWarning(now)}`)).rows[0]!.n;

export const listAccountsToErase = async (db: Conn, now: Date, afterId: string | null, limit: number): Promise<string[]> => {
  const { rows } = await db.execute<{ id: string }>(
    sql`select u.id from users u where ${dueForErasure(now)} ${afterId ? sql`and u.id > ${afterId}` : sql``} order by u.id limit ${limit}`,
  );
  return rows.map((row) => row.id);
};

/** Re-checked under the user's row lock inside the erasure: a sign-in a moment ago keeps the account. */
export const isStillDueForErasure = async (db: Conn, userId: string, now: Date): Promise<boolean> =>
  (await db.execute(sql`select 1 from users u where u.id = ${userId} and ${dueForErasure(now)}`)).rows.length > 0;

export const countAccountsToErase = async (db: Conn, now: Date): Promise<number> =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from users u where ${dueForErasure(now)}`)).rows[0]!.n;

// ── Runs ──────────────────────────────────────────────────────────────────────

export interface RetentionRunRow {
  id: string;
  trigger: string;
  startedAt: Date;
  finishedAt: Date | null;
  counts: Record<string, number>;
  error: string | null;
  durationMs: number | null;
}

export const insertRun = async (db: Conn, trigger: string): Promise<string> =>
  (await db.execute<{ id: string }>(sql`insert into retention_runs (trigger) values (${trigger}) returning id`)).rows[0]!.id;

export const finishRun = async (
  db: Conn,
  runId: string,
  values: { counts: Record<string, number>; error: string | null; durationMs: number },
): Promise<void> => {
  await db.execute(sql`update retention_runs set finished_at = now(), counts = ${JSON.stringify(values.counts)}::jsonb,
    error = ${values.error}, duration_ms = ${values.durationMs} where id = ${runId}`);
};

export const listRuns = async (db: Conn, limit: number): Promise<RetentionRunRow[]> => {
  const { rows } = await db.execute<{
    id: string;
    trigger: string;
    started_at: Date | string;
    finished_at: Date | string | null;
    counts: Record<string, number>;
    error: string | null;
    duration_ms: number | null;
  }>(sql`select id, trigger, started_at, finished_at, counts, error, duration_ms from retention_runs order by started_at desc, id limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    trigger: row.trigger,
    startedAt: new Date(row.started_at),
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
    counts: row.counts,
    error: row.error,
    durationMs: row.duration_ms,
  }));
};
