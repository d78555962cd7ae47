import { sql, type SQL } from 'drizzle-orm';
import type { Lang } from '@magiim/shared';
import type { Db } from '../../../platform/db.js';
import type { CallAttemptResult } from '@magiim/shared';
import type { CallAttemptStatus, CallStep } from '../../../db/schema/calls.js';

export type Conn = Pick<Db, 'execute'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Spec §3: the call channel and the call message type. */
export const CALL_CHANNEL = 2;
export const CALL_TYPE = 4;
/** Every claim of the call dispatcher holds this transaction lock: counting the calls on the wire and claiming is one step. */
const CLAIM_LOCK_KEY = 0x63616c6c; // 'call'

/**
 * An event whose queued calls may ring: not paused, and calls still switched on (a host who turns calls off while
 * the round runs holds its waiting calls, as a pause does; turned on again, they go on).
 */
const callableEvent = (eventId: SQL) => sql`not exists (select 1 from messaging_pauses p where p.event_id = ${eventId})
  and exists (select 1 from events ce where ce.id = ${eventId} and ce.include_calls_preference and ce.progress_status > 0)`;

/** A guest the call round does not call: asked not to be messaged. Same filter as the invitation rounds. */
const notOptedOut = sql`not exists (select 1 from message_opt_outs x where x.event_id = g.event_id and x.phone_number = g.phone_number)`;

export type EventForCalls = {
  id: string;
  progressStatus: number;
  orderPackageId: number | null;
  includeCalls: boolean;
  paused: boolean;
};

export const findEventForCalls = async (db: Conn, eventId: string): Promise<EventForCalls | undefined> =>
  (
    await db.execute<EventForCalls>(sql`
      select e.id, e.progress_status as "progressStatus", e.order_package_id as "orderPackageId", e.include_calls_preference as "includeCalls",
        exists (select 1 from messaging_pauses p where p.event_id = e.id) as "paused"
      from events e where e.id = ${eventId}::uuid`)
  ).rows[0];

/** The calls action running (its timing row created when msg-timing has not yet); a finished round stays finished. */
export const markCallsRunning = async (db: Conn, eventId: string): Promise<void> => {
  await db.execute(sql`
    insert into action_timings (event_id, action, send_at, state, started_at)
    values (${eventId}::uuid, 'calls', now(), 'running', now())
    on conflict (event_id, action) do update
      set state = case when action_timings.state = 'done' then 'done' else 'running' end,
        started_at = coalesce(action_timings.started_at, now()), updated_at = now()`);
};

/** The guests who have not answered, frozen in one statement: one call-round row per guest, ever (the once-key). */
export const freezeCallRecipients = async (db: Conn, eventId: string): Promise<number> =>
  (
    await db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel)
      select g.event_id, g.id, 'calls', 0, ${CALL_TYPE}, ${CALL_CHANNEL}
      from guests g
      where g.event_id = ${eventId}::uuid and g.status = 'inProgress' and ${notOptedOut}
      on conflict (guest_id, action, wave, channel) do nothing`)
  ).rowCount ?? 0;

/** Call rounds whose time came: enabled, of premium paid events that include calls, not paused. */
export const listDueCallRounds = async (db: Conn, limit: number): Promise<{ eventId: string }[]> =>
  (
    await db.execute<{ eventId: string }>(sql`
      select t.event_id as "eventId" from action_timings t
      join events e on e.id = t.event_id
      where t.state = 'scheduled' and t.enabled and t.send_at <= now() and t.action = 'calls' and e.progress_status > 0
        and e.include_calls_preference and e.order_package_id is not null and e.order_package_id <> 1
        and not exists (select 1 from messaging_pauses p where p.event_id = t.event_id)
      order by t.send_at
      limit ${limit}`)
  ).rows;

/** Outside the call window: every ready call row waits for its opening. */
export const deferReadyCalls = async (db: Conn, until: Date): Promise<number> =>
  (
    await db.execute(sql`
      update outbox_messages set not_before = ${until.toISOString()}::timestamptz, updated_at = now()
      where channel = ${CALL_CHANNEL} and state = 'queued' and not_before < ${until.toISOString()}::timestamptz`)
  ).rowCount ?? 0;

export const hasReadyCalls = async (db: Conn): Promise<boolean> =>
  (
    await db.execute(sql`
      select 1 from outbox_messages o where o.channel = ${CALL_CHANNEL} and o.state = 'queued' and o.not_before <= now()
        and ${callableEvent(sql`o.event_id`)} limit 1`)
  ).rows.length > 0;

/** When the next queued call row becomes ready (a retry's spacing, the window's opening). */
export const nextReadyCallMoment = async (db: Conn): Promise<Date | null> => {
  const row = (
    await db.execute<{ at: string | null }>(sql`
      select min(o.not_before) as at from outbox_messages o
      where o.channel = ${CALL_CHANNEL} and o.state = 'queued' and ${callableEvent(sql`o.event_id`)}`)
  ).rows[0];
  return row?.at ? new Date(row.at) : null;
};

export const countActiveAttempts = async (db: Conn): Promise<number> =>
  Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from call_attempts where status <> 'ended'`)).rows[0]?.n ?? 0);

export type ClaimedCall = { attemptId: string; outboxId: string; eventId: string; guestId: string; attempt: number; to: string; lang: Lang };
export type ClaimOutcome = { calls: ClaimedCall[]; skipped: number; full: boolean };

/**
 * One atomic step under the dispatcher's transaction lock: counts the attempts on the wire (system-wide), picks up to
 * the free lines of ready call rows in turns across events (least recently served event first), skips the guests
 * who answered, opted out or turned out a wrong number meanwhile, and inserts an attempt per remaining row (before
 * any provider call) while the row goes 'sent' with its attempt counted.
 */
export const claimCalls = async (db: Db, maxConcurrent: number, provider: string): Promise<ClaimOutcome> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
    const free = maxConcurrent - (await countActiveAttempts(tx));
    if (free <= 0) return { calls: [], skipped: 0, full: true };
    const picked = (
      await tx.execute<{ id: string; eventId: string; skip: string | null }>(sql`
        with ready_events as (
          select r.event_id, coalesce(t.served_at, '-infinity'::timestamptz) as served
          from (
            select distinct o.event_id from outbox_messages o
            where o.channel = ${CALL_CHANNEL} and o.state = 'queued' and o.not_before <= now()
          ) r
          left join messaging_event_turns t on t.event_id = r.event_id and t.channel = ${CALL_CHANNEL}
          where ${callableEvent(sql`r.event_id`)}
          order by served
          limit ${free}
        ), candidates as (
          select c.id, c.event_id, e.served, c.not_before, c.retry from ready_events e
          cross join lateral (
            select o.id, o.event_id, o.not_before, o.attempts > 0 as retry from outbox_messages o
            where o.event_id = e.event_id and o.channel = ${CALL_CHANNEL} and o.state = 'queued' and o.not_before <= now()
            -- a retry whose spacing is over goes before first calls still waiting for a line (it keeps its spacing)
            order by (o.attempts > 0) desc, o.not_before, o.id
            limit ${free}
            -- a row a cancellation holds (it is skipping them) is left to it
            for update of o skip locked
          ) c
        ), ranked as (
          select id, event_id, served, row_number() over (partition by event_id order by retry desc, not_before, id) as turn from candidates
        )
        select r.id, r.event_id as "eventId",
          case
            when g.id is null then 'deleted'
            when exists (select 1 from message_opt_outs x where x.event_id = g.event_id and x.phone_number = g.phone_number) then 'optedOut'
            when g.status = 'wrongNumber' then 'wrongNumber'
            when g.status not in ('inProgress', 'pending') then 'answered'
          end as skip
        from ranked r
        join outbox_messages o on o.id = r.id
        left join guests g on g.id = o.guest_id
        order by r.turn, r.served
        limit ${free}`)
    ).rows;
    if (picked.length === 0) return { calls: [], skipped: 0, full: false };
    const skips = picked.filter((row) => row.skip !== null);
    for (const reason of new Set(skips.map((row) => row.skip!))) {
      const ids = skips.filter((row) => row.skip === reason).map((row) => row.id);
      await tx.execute(sql`
        update outbox_messages set state = 'skipped', reason = ${reason}, updated_at = now()
        where id = any(${sql.param(ids)}::uuid[]) and state = 'queued'`);
    }
    const callIds = picked.filter((row) => row.skip === null).map((row) => row.id);
    if (callIds.length === 0) return { calls: [], skipped: skips.length, full: false };
    const calls = (
      await tx.execute<ClaimedCall>(sql`
        with ins as (
          insert into call_attempts (outbox_id, event_id, guest_id, attempt, lang, provider)
          select o.id, o.event_id, o.guest_id, o.attempts + 1,
            case when g.lang = any(e.langs) then g.lang else e.default_lang end, ${provider}
          from outbox_messages o join guests g on g.id = o.guest_id join events e on e.id = o.event_id
          where o.id = any(${sql.param(callIds)}::uuid[]) and o.state = 'queued'
          on conflict (outbox_id, attempt) do nothing
          returning id, outbox_id, event_id, guest_id, attempt, lang
        ), upd as (
          update outbox_messages o set state = 'sent', attempts = ins.attempt, sent_at = coalesce(o.sent_at, now()), reason = null, updated_at = now()
          from ins where o.id = ins.outbox_id
        ), turns as (
          insert into messaging_event_turns (event_id, channel, served_at)
          select d.event_id, ${CALL_CHANNEL}::smallint, clock_timestamp() from (select distinct event_id from ins) d
          on conflict (event_id, channel) do update set served_at = excluded.served_at
        )
        select ins.id as "attemptId", ins.outbox_id as "outboxId", ins.event_id as "eventId", ins.guest_id as "guestId",
          ins.attempt, g.phone_number as "to", ins.lang
        from ins join guests g on g.id = ins.guest_id`)
    ).rows;
    return { calls, skipped: skips.length, full: false };
  });

/** placeCall answered: the provider's id, and ringing unless a report already moved the attempt on. */
export const storeProviderCallId = async (db: Conn, attemptId: string, providerCallId: string): Promise<void> => {
  await db.execute(sql`
    update call_attempts set provider_call_id = coalesce(provider_call_id, ${providerCallId}),
      status = case when status = 'placing' then 'ringing' else status end, updated_at = now()
    where id = ${attemptId}::uuid`);
};

export type AttemptRow = {
  id: string;
  outboxId: string;
  eventId: string;
  guestId: string;
  attempt: number;
  lang: Lang;
  provider: string;
  providerCallId: string | null;
  status: CallAttemptStatus;
  result: CallAttemptResult | null;
  reason: string | null;
  answeredBy: string | null;
  step: CallStep;
  silences: number;
  answerStatus: string | null;
  answerAttending: number | null;
  pendingCount: number | null;
  placedAt: Date;
  answeredAt: Date | null;
  endedAt: Date | null;
  lastEventAt: Date | null;
};

const ATTEMPT_COLUMNS = sql`id, outbox_id as "outboxId", event_id as "eventId", guest_id as "guestId", attempt, lang, provider,
  provider_call_id as "providerCallId", status, result, reason, answered_by as "answeredBy", step, silences,
  answer_status as "answerStatus", answer_attending as "answerAttending", pending_count as "pendingCount", placed_at as "placedAt", answered_at as "answeredAt",
  ended_at as "endedAt", last_event_at as "lastEventAt"`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The attempt under its row lock (the caller's transaction): one report or keypad step at a time. */
export const lockAttempt = async (tx: Conn, attemptId: string): Promise<AttemptRow | undefined> => {
  if (!UUID.test(attemptId)) return undefined;
  const row = (await tx.execute<AttemptRow>(sql`select ${ATTEMPT_COLUMNS} from call_attempts where id = ${attemptId}::uuid for update`)).rows[0];
  return row && { ...row, placedAt: new Date(row.placedAt), answeredAt: date(row.answeredAt), endedAt: date(row.endedAt), lastEventAt: date(row.lastEventAt) };
};

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export type AttemptChanges = Partial<{
  providerCallId: string;
  status: CallAttemptStatus;
  result: CallAttemptResult | null;
  reason: string | null;
  answeredBy: string;
  step: CallStep;
  silences: number;
  answerStatus: string;
  answerAttending: number | null;
  pendingCount: number | null;
  answeredAt: Date;
  endedAt: Date;
  durationSeconds: number | null;
  lastEventAt: Date;
}>;

export const updateAttempt = async (tx: Conn, attemptId: string, changes: AttemptChanges): Promise<void> => {
  const sets = [sql`updated_at = now()`];
  const ts = (value: Date) => sql`${value.toISOString()}::timestamptz`;
  if (changes.providerCallId !== undefined) sets.push(sql`provider_call_id = ${changes.providerCallId}`);
  if (changes.status !== undefined) sets.push(sql`status = ${changes.status}`);
  if (changes.result !== undefined) sets.push(sql`result = ${changes.result}`);
  if (changes.reason !== undefined) sets.push(sql`reason = ${changes.reason}`);
  if (changes.answeredBy !== undefined) sets.push(sql`answered_by = ${changes.answeredBy}`);
  if (changes.step !== undefined) sets.push(sql`step = ${changes.step}`);
  if (changes.silences !== undefined) sets.push(sql`silences = ${changes.silences}`);
  if (changes.answerStatus !== undefined) sets.push(sql`answer_status = ${changes.answerStatus}`);
  if (changes.answerAttending !== undefined) sets.push(sql`answer_attending = ${changes.answerAttending}`);
  if (changes.pendingCount !== undefined) sets.push(sql`pending_count = ${changes.pendingCount}`);
  if (changes.answeredAt !== undefined) sets.push(sql`answered_at = coalesce(answered_at, ${ts(changes.answeredAt)})`);
  if (changes.endedAt !== undefined) sets.push(sql`ended_at = ${ts(changes.endedAt)}`);
  if (changes.durationSeconds !== undefined) sets.push(sql`duration_seconds = ${changes.durationSeconds}`);
  if (changes.lastEventAt !== undefined) sets.push(sql`last_event_at = ${ts(changes.lastEventAt)}`);
  await tx.execute(sql`update call_attempts set ${sql.join(sets, sql`, `)} where id = ${attemptId}::uuid`);
};

export type OutboxCallRow = { id: string; eventId: string; state: string; attempts: number };

export const lockOutboxRow = async (tx: Conn, outboxId: string): Promise<OutboxCallRow | undefined> =>
  (
    await tx.execute<OutboxCallRow>(sql`
      select id, event_id as "eventId", state, attempts from outbox_messages where id = ${outboxId}::uuid for update`)
  ).rows[0];

export const markCallDelivered = async (tx: Conn, outboxId: string): Promise<void> => {
  await tx.execute(sql`
    update outbox_messages set state = 'delivered', delivered_at = coalesce(delivered_at, now()), reason = null, updated_at = now()
    where id = ${outboxId}::uuid and state = 'sent'`);
};

export const markCallFailed = async (tx: Conn, outboxId: string, reason: string): Promise<void> => {
  await tx.execute(sql`
    update outbox_messages set state = 'failed', reason = ${reason}, failed_at = now(), updated_at = now()
    where id = ${outboxId}::uuid and state = 'sent'`);
};

/** Back in the queue for the next attempt (`refund`: the attempt never reached the provider and does not count). */
export const requeueCall = async (tx: Conn, outboxId: string, notBefore: Date, reason: string | null, options: { refund: boolean } = { refund: false }): Promise<void> => {
  await tx.execute(sql`
    update outbox_messages set state = 'queued', not_before = ${notBefore.toISOString()}::timestamptz, reason = ${reason},
      attempts = case when ${options.refund} then greatest(attempts - 1, 0) else attempts end, updated_at = now()
    where id = ${outboxId}::uuid and state = 'sent'`);
};

/** Running call rounds with nothing queued or on the line become done. */
export const finishDrainedCallRounds = async (db: Conn): Promise<string[]> =>
  (
    await db.execute<{ eventId: string }>(sql`
      update action_timings t set state = 'done', finished_at = now(), updated_at = now()
      where t.state = 'running' and t.action = 'calls'
        and not exists (select 1 from outbox_messages o where o.event_id = t.event_id and o.action = 'calls' and o.state in ('queued', 'sent'))
      returning t.event_id as "eventId"`)
  ).rows.map((row) => row.eventId);

export type StaleAttempt = { id: string; providerCallId: string | null; status: CallAttemptStatus; placedAt: Date; to: string };

/** Attempts not ended whose last news is older than the lease (and not asked about within it): taken for a re-read. */
export const takeStaleAttempts = async (db: Conn, leaseMs: number, limit: number): Promise<StaleAttempt[]> =>
  (
    await db.execute<StaleAttempt>(sql`
      with stale as (
        select a.id from call_attempts a
        where a.status <> 'ended' and a.updated_at < now() - ${leaseMs} * interval '1 millisecond'
          and (a.checked_at is null or a.checked_at < now() - ${leaseMs} * interval '1 millisecond')
        order by a.placed_at
        limit ${limit}
        for update skip locked
      )
      update call_attempts a set checked_at = now() from stale, guests g
      where a.id = stale.id and g.id = a.guest_id
      returning a.id, a.provider_call_id as "providerCallId", a.status, a.placed_at as "placedAt", g.phone_number as "to"`)
  ).rows.map((row) => ({ ...row, placedAt: new Date(row.placedAt) }));

/** The provider call ids already adopted by some attempt (a found call must be this attempt's, not an earlier one's). */
export const knownProviderCallIds = async (db: Conn, ids: string[]): Promise<Set<string>> =>
  ids.length === 0
    ? new Set()
    : new Set(
        (
          await db.execute<{ id: string }>(sql`
            select provider_call_id as id from call_attempts where provider_call_id = any(${sql.param(ids)}::text[])`)
        ).rows.map((row) => row.id),
      );
