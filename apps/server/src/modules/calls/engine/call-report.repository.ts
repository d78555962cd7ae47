import { sql, type SQL } from 'drizzle-orm';
import type { CallAttemptResult, CallResult, Lang } from '@magiim/shared';
import type { Conn } from './calls.repository.js';

/** The guest's call as the host sees it, from the call-round row (one CASE shared by the totals and the page). */
const RESULT_OF_ROW = sql`case
  when o.state = 'queued' and o.attempts = 0 then 'queued'
  when o.state = 'queued' then 'retrying'
  when o.state = 'sent' then 'calling'
  when o.state = 'delivered' then 'answered'
  when o.state = 'failed' and o.reason = 'noAnswer' then 'noAnswer'
  when o.state = 'failed' then 'failed'
  else 'skipped' end`;

const ofEvent = (eventId: string) => sql`o.event_id = ${eventId}::uuid and o.action = 'calls' and o.channel = 2`;

export const readCallRoundState = async (db: Conn, eventId: string): Promise<{ state: string; enabled: boolean } | undefined> =>
  (await db.execute<{ state: string; enabled: boolean }>(sql`select state, enabled from action_timings where event_id = ${eventId}::uuid and action = 'calls'`))
    .rows[0];

/** Guests of the round by result, in one grouped query. */
export const countCallResults = async (db: Conn, eventId: string): Promise<Partial<Record<CallResult, number>>> => {
  const rows = (
    await db.execute<{ result: CallResult; n: number }>(sql`
      select ${RESULT_OF_ROW} as result, count(*)::int as n from outbox_messages o where ${ofEvent(eventId)} group by 1`)
  ).rows;
  return Object.fromEntries(rows.map((row) => [row.result, Number(row.n)]));
};

export type CallReportRow = {
  outboxId: string;
  guestId: string;
  fullName: string;
  phoneNumber: string;
  lang: Lang;
  result: CallResult;
  reason: string | null;
  state: string;
  notBefore: Date;
};

export const listCallReportRows = async (
  db: Conn,
  eventId: string,
  page: { offset: number; limit: number; result?: CallResult | undefined; guestId?: string | undefined },
): Promise<CallReportRow[]> => {
  const byResult: SQL = page.result ? sql` and ${RESULT_OF_ROW} = ${page.result}` : sql``;
  const byGuest: SQL = page.guestId ? sql` and o.guest_id = ${page.guestId}::uuid` : sql``;
  const filter = sql`${byResult}${byGuest}`;
  return (
    await db.execute<CallReportRow>(sql`
      select o.id as "outboxId", g.id as "guestId", g.full_name as "fullName", g.phone_number as "phoneNumber", g.lang,
        ${RESULT_OF_ROW} as result, o.reason, o.state, o.not_before as "notBefore"
      from outbox_messages o join guests g on g.id = o.guest_id
      where ${ofEvent(eventId)}${filter}
      order by g.full_name, g.id
      offset ${page.offset} limit ${page.limit}`)
  ).rows.map((row) => ({ ...row, notBefore: new Date(row.notBefore) }));
};

export type CallReportAttempt = {
  outboxId: string;
  attempt: number;
  placedAt: Date;
  durationSeconds: number | null;
  result: CallAttemptResult | null;
  answerStatus: string | null;
  answerAttending: number | null;
};

/** The attempts of one page's rows (those never placed — notPlaced, a negative number — are left out). */
export const listCallReportAttempts = async (db: Conn, outboxIds: string[]): Promise<CallReportAttempt[]> =>
  outboxIds.length === 0
    ? []
    : (
        await db.execute<CallReportAttempt>(sql`
          select outbox_id as "outboxId", attempt, placed_at as "placedAt", duration_seconds as "durationSeconds", result,
            answer_status as "answerStatus", answer_attending as "answerAttending"
          from call_attempts where outbox_id = any(${sql.param(outboxIds)}::uuid[]) and attempt > 0
          order by outbox_id, attempt`)
      ).rows.map((row) => ({ ...row, placedAt: new Date(row.placedAt) }));
