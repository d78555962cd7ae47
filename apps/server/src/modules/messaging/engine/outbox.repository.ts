import { sql } from 'drizzle-orm';
import type { InviteeStatus, Lang, MessageAction, MessageState, WhatsappOverflowMode } from '@magiim/shared';
import type { Db } from '../../../platform/db.js';

type Conn = Pick<Db, 'execute'>;

/** Spec §3 channel 2: the call round's rows, never picked, deferred or counted by the text dispatcher. */
const CALL_CHANNEL = 2;

/** The reason a WhatsApp row waiting for tomorrow's tier carries; cleared once it is sent. */
export const WAITING_REASON = 'dailyLimit';

/** Spec §3 guest message type of each action. */
export const TYPE_OF_ACTION: Record<MessageAction, 1 | 2 | 3 | 5> = { saveTheDate: 5, round1: 1, round2: 1, round3: 1, direction: 2, thanks: 3 };

/** The guests an action goes to, as SQL over `guests g` (opt-outs by the event's phone list). */
/** An Israeli number that is not a mobile (02–04, 08, 09, 07x): calls only (mirrors `isLandline`). */
export const LANDLINE_SQL = sql`(g.phone_number like '+972%' and g.phone_number not like '+9725%')`;

export const recipientFilter = (action: MessageAction) => {
  const notOptedOut = sql`not exists (select 1 from message_opt_outs x where x.event_id = g.event_id and x.phone_number = g.phone_number)`;
  switch (action) {
    case 'round1':
    case 'round2':
    case 'round3':
      return sql`g.status = 'inProgress' and ${notOptedOut}`;
    case 'direction':
      return sql`g.status = 'approved' and coalesce(g.attending, 1) > 0 and ${notOptedOut}`;
    case 'saveTheDate':
      // Everyone but who said no, before the invitations: none once round 1 started (a late save-the-date after
      // the invitation would confuse), and never a guest an invitation was already frozen for.
      return sql`g.status not in ('declined', 'wrongNumber') and ${notOptedOut}
        and not exists (select 1 from action_timings t where t.event_id = g.event_id and t.action = 'round1' and t.state <> 'scheduled')
        and not exists (select 1 from outbox_messages r where r.guest_id = g.id and r.action in ('round1', 'round2', 'round3'))`;
    case 'thanks':
      // Issue 32: with "only to guests who gave" on, only the guests with a gift in the host's ledger.
      return sql`g.status = 'approved' and coalesce(g.attending, 1) > 0 and ${notOptedOut}
        and (not exists (select 1 from action_timings t where t.event_id = g.event_id and t.action = 'thanks' and t.only_givers)
          or exists (select 1 from gift_ledger_entries l where l.guest_id = g.id))`;
  }
};

export type EventForSending = {
  id: string;
  progressStatus: number;
  channel: 1 | 3;
  paused: boolean;
};

export const findEventForSending = async (db: Conn, eventId: string): Promise<EventForSending | undefined> =>
  (
    await db.execute<EventForSending>(sql`
      select e.id, e.progress_status as "progressStatus", e.message_system_preference as "channel",
        exists (select 1 from messaging_pauses p where p.event_id = e.id) as "paused"
      from events e where e.id = ${eventId}::uuid`)
  ).rows[0];

/** Marks the action running (the row is created when msg-timing has not yet); a finished action stays finished. */
export const markActionRunning = async (db: Conn, eventId: string, action: MessageAction): Promise<void> => {
  await db.execute(sql`
    insert into action_timings (event_id, action, send_at, state, started_at)
    values (${eventId}::uuid, ${action}, now(), 'running', now())
    on conflict (event_id, action) do update
      set state = case when action_timings.state = 'done' then 'done' else 'running' end,
        started_at = coalesce(action_timings.started_at, now()), updated_at = now()`);
};

/**
 * Freezes the action's recipients: one statement, one row per guest; a second freeze adds nothing. A guest who
 * stopped this event's WhatsApp marketing messages (131050), or whom WhatsApp reported unreachable in this event
 * (131026…), is frozen on SMS.
 */
export const freezeRecipients = async (db: Conn, eventId: string, action: MessageAction, channel: 1 | 3, wave = 0): Promise<number> => {
  const channelOfGuest =
    channel === 3
      ? sql`case when exists (select 1 from whatsapp_opt_outs w where w.event_id = g.event_id and w.phone_number = g.phone_number)
          or exists (select 1 from whatsapp_unreachable u where u.event_id = g.event_id and u.guest_id = g.id) then 1 else 3 end`
      : sql`1`;
  const result = await db.execute(sql`
    insert into outbox_messages (event_id, guest_id, action, wave, type, channel)
    select g.event_id, g.id, ${action}, ${wave}, ${TYPE_OF_ACTION[action]}, ${channelOfGuest}
    from guests g
    where g.event_id = ${eventId}::uuid and ${recipientFilter(action)}
      -- a guest already messaged for this action and wave on either channel (the host switched channels since)
      and not exists (select 1 from outbox_messages o where o.guest_id = g.id and o.action = ${action} and o.wave = ${wave})
    on conflict (guest_id, action, wave, channel) do nothing`);
  return result.rowCount ?? 0;
};

// ── Pacing ────────────────────────────────────────────────────────────────────
/** Takes up to `want` tokens from the channel's shared bucket (refilled at `rate`/s, holding at most `capacity`). */
export const takeTokens = async (
  db: Conn,
  channel: number,
  want: number,
  rate: number,
  capacity: number,
): Promise<{ granted: number; available: number }> => {
  const row = (
    await db.execute<{ granted: number; available: number }>(sql`
      with cur as (
        select channel, clock_timestamp() as t,
          least(${capacity}::float8, tokens + greatest(0, extract(epoch from clock_timestamp() - refilled_at)) * ${rate}::float8) as avail
        from messaging_rate_buckets where channel = ${channel} for update
      ), g as (select channel, t, avail, least(${want}::float8, floor(avail)) as granted from cur)
      update messaging_rate_buckets b set tokens = g.avail - g.granted, refilled_at = g.t
      from g where b.channel = g.channel
      returning g.granted::int as granted, g.avail::float8 as available`)
  ).rows[0];
  if (row) return row;
  // First use of the channel on this database: an empty bucket, filling from now.
  await db.execute(sql`insert into messaging_rate_buckets (channel, tokens) values (${channel}, 0) on conflict do nothing`);
  return { granted: 0, available: 0 };
};

export const refundTokens = async (db: Conn, channel: number, tokens: number, capacity: number): Promise<void> => {
  if (tokens <= 0) return;
  await db.execute(sql`update messaging_rate_buckets set tokens = least(${capacity}::float8, tokens + ${tokens}) where channel = ${channel}`);
};

// ── Claims ────────────────────────────────────────────────────────────────────
export type ClaimedRow = {
  id: string;
  eventId: string;
  guestId: string;
  action: MessageAction;
  wave: number;
  type: number;
  channel: 1 | 3;
  attempts: number;
  fallbackOf: string | null;
  /** When the row was frozen (a WhatsApp row waiting for its template goes by SMS after a while). */
  createdAt: Date;
  /** The claim before this one (it outlived its lease: the send may have happened). */
  previousClaim: Date | null;
  /** This claim's moment, exactly as stored: the fence checked just before the provider call. */
  claimToken: string;
  /** The claim before this one got as far as the provider call (call_started_at): only then is the provider asked before a resend. */
  callStarted: boolean;
  /** A fallback SMS row: its WhatsApp row's state now (delivered or read meanwhile: the SMS is not sent). */
  originState: MessageState | null;
};

/**
 * Claims up to `limit` ready rows of a channel, in turns across events: each event's rows are numbered and the
 * batch takes every event's first row (least recently served event first), then every second… Rows of paused
 * events stay. Claimed in the same statement that picks them (SKIP LOCKED: parallel workers never share a row).
 */
export const claimReadyRows = async (db: Conn, channel: number, limit: number, leaseMs: number): Promise<ClaimedRow[]> =>
  (
    await db.execute<ClaimedRow>(sql`
      with ready_events as (
        select r.event_id, coalesce(t.served_at, '-infinity'::timestamptz) as served
        from (
          select distinct o.event_id from outbox_messages o
          where o.state = 'queued' and o.channel = ${channel} and o.not_before <= now()
            and (o.claimed_at is null or o.claimed_at < now() - ${leaseMs} * interval '1 millisecond')
        ) r
        left join messaging_event_turns t on t.event_id = r.event_id and t.channel = ${channel}
        where not exists (select 1 from messaging_pauses p where p.event_id = r.event_id)
          -- re-checked at the claim: an unpaid event (its package cancelled) sends nothing, whatever is still queued
          and exists (select 1 from events ev where ev.id = r.event_id and ev.progress_status > 0)
        order by served
        limit ${limit}
      ), candidates as (
        select c.id, c.prev, c.event_id, e.served, c.not_before
        from ready_events e
        cross join lateral (
          select o.id, o.claimed_at as prev, o.event_id, o.not_before from outbox_messages o
          where o.event_id = e.event_id and o.state = 'queued' and o.channel = ${channel} and o.not_before <= now()
            and (o.claimed_at is null or o.claimed_at < now() - ${leaseMs} * interval '1 millisecond')
          order by o.not_before, o.id
          limit ${limit}
          for update of o skip locked
        ) c
      ), picked as (
        select id, prev from (
          select id, prev, served, row_number() over (partition by event_id order by not_before, id) as turn from candidates
        ) ranked
        order by turn, served
        limit ${limit}
      ), claimed as (
        update outbox_messages o set claimed_at = clock_timestamp(), attempts = o.attempts + 1, updated_at = now()
        from picked where o.id = picked.id
        returning o.id, o.event_id as "eventId", o.guest_id as "guestId", o.action, o.wave, o.type, o.channel, o.attempts,
          o.fallback_of as "fallbackOf", o.created_at as "createdAt", picked.prev as "previousClaim", o.claimed_at::text as "claimToken",
          o.call_started_at is not null as "callStarted",
          (select w.state from outbox_messages w where w.id = o.fallback_of) as "originState"
      ), turns as (
        insert into messaging_event_turns (event_id, channel, served_at)
        select c."eventId", ${channel}::smallint, clock_timestamp() from (select distinct "eventId" from claimed) c
        on conflict (event_id, channel) do update set served_at = excluded.served_at
      )
      select * from claimed`)
  ).rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt), previousClaim: row.previousClaim ? new Date(row.previousClaim) : null }));

export type GuestForSending = {
  id: string;
  fullName: string;
  phoneNumber: string;
  lang: Lang;
  inviteSalt: string | null;
  status: InviteeStatus;
  attending: number | null;
  optedOut: boolean;
  /** Stopped this event's WhatsApp marketing messages (131050): SMS only. */
  whatsappOptedOut: boolean;
  /** WhatsApp reported the guest unreachable in this event (131026…): later messages go by SMS. */
  whatsappUnreachable: boolean;
  paused: boolean;
  /** The event's choice when WhatsApp's daily tier is spent. */
  whatsappOverflow: WhatsappOverflowMode;
  /** The event's day (YYYY-MM-DD): waiting for tomorrow's tier makes sense only before it. */
  eventDate: string;
  /** Issue 31: the guest's table (the direction message's `{table}`), null when not seated. */
  tableNumber: number | null;
  tableName: string | null;
};

/** The claimed rows' guests as they are now (read just before sending). */
export const readGuestsForSending = async (db: Conn, guestIds: string[]): Promise<GuestForSending[]> =>
  guestIds.length === 0
    ? []
    : (
        await db.execute<GuestForSending>(sql`
          select g.id, g.full_name as "fullName", g.phone_number as "phoneNumber", g.lang, g.invite_salt as "inviteSalt", g.status, g.attending,
            exists (select 1 from message_opt_outs x where x.event_id = g.event_id and x.phone_number = g.phone_number) as "optedOut",
            exists (select 1 from whatsapp_opt_outs w where w.event_id = g.event_id and w.phone_number = g.phone_number) as "whatsappOptedOut",
            exists (select 1 from whatsapp_unreachable u where u.event_id = g.event_id and u.guest_id = g.id) as "whatsappUnreachable",
            exists (select 1 from messaging_pauses p where p.event_id = g.event_id) as "paused",
            e.whatsapp_overflow as "whatsappOverflow", e.date::text as "eventDate", st.number as "tableNumber", st.name as "tableName"
          from guests g join events e on e.id = g.event_id left join seating_tables st on st.id = g.table_id
          where g.id = any(${sql.param(guestIds)}::uuid[])`)
      ).rows;

/**
 * Just before the provider call: the claim is still this worker's (no other took it over after a stall longer
 * than the lease), renewed so the lease counts from now, and the call marked as started (a worker taking the row
 * over later asks the provider first). False: leave the row alone.
 */
export const renewClaim = async (db: Conn, id: string, claimToken: string): Promise<string | null> =>
  (
    await db.execute<{ token: string }>(sql`
      update outbox_messages set claimed_at = clock_timestamp(), call_started_at = clock_timestamp()
      where id = ${id}::uuid and state = 'queued' and claimed_at = ${claimToken}::timestamptz
      returning claimed_at::text as token`)
  ).rows[0]?.token ?? null;

/** Only while the claim is still `claimToken` (given): a worker that stalled past its lease never undoes another's claim. */
const fenceOf = (claimToken: string | undefined) => (claimToken === undefined ? sql`` : sql` and claimed_at = ${claimToken}::timestamptz`);

/** Each writer below changes only a row still queued (a report or another worker may have moved it). */
export const markSent = async (
  db: Conn,
  id: string,
  values: { providerMessageId: string; text: string | null; smsParts: number | null },
): Promise<boolean> =>
  ((
    await db.execute(sql`
      update outbox_messages set state = 'sent', provider_message_id = ${values.providerMessageId}, sent_at = coalesce(sent_at, now()),
        text = coalesce(${values.text}, text), sms_parts = coalesce(${values.smsParts}::smallint, sms_parts), claimed_at = null, updated_at = now(),
        -- a retry's or a wait's reason (131000, dailyLimit…) no longer explains anything once it went
        reason = null
      where id = ${id}::uuid and state = 'queued'`)
  ).rowCount ?? 0) > 0;

/**
 * A WhatsApp send cut off after Meta may have taken it (Meta has no lookup): counted as sent, never repeated on
 * WhatsApp. A status webhook echoing the row id completes it; without one the delivery timeout sends the SMS.
 */
export const markUncertainSent = async (db: Conn, id: string, attemptedAt: Date): Promise<boolean> =>
  ((
    await db.execute(sql`
      update outbox_messages set state = 'sent', reason = 'uncertain', provider_message_id = null,
        sent_at = coalesce(sent_at, ${attemptedAt.toISOString()}::timestamptz), claimed_at = null, updated_at = now()
      where id = ${id}::uuid and state = 'queued' and channel = 3`)
  ).rowCount ?? 0) > 0;

export const markFailed = async (db: Conn, id: string, reason: string, text: string | null = null, claimToken?: string): Promise<boolean> =>
  ((
    await db.execute(sql`
      update outbox_messages set state = 'failed', reason = ${reason}, failed_at = now(), text = coalesce(${text}, text), claimed_at = null, updated_at = now()
      where id = ${id}::uuid and state = 'queued'${fenceOf(claimToken)}`)
  ).rowCount ?? 0) > 0;

export const markSkipped = async (db: Conn, id: string, reason: string, claimToken?: string): Promise<void> => {
  await db.execute(sql`
    update outbox_messages set state = 'skipped', reason = ${reason}, claimed_at = null, updated_at = now()
    where id = ${id}::uuid and state = 'queued'${fenceOf(claimToken)}`);
};

/** Gives a claim back: the row is sent later (back-off, a paused event); `refund` undoes the attempt it counted. */
export const releaseClaim = async (
  db: Conn,
  id: string,
  notBefore: Date,
  options: { refund: boolean; reason?: string; claimToken?: string },
): Promise<void> => {
  await db.execute(sql`
    update outbox_messages set claimed_at = null, call_started_at = null, not_before = ${notBefore.toISOString()}::timestamptz,
      attempts = case when ${options.refund} then greatest(attempts - 1, 0) else attempts end,
      reason = coalesce(${options.reason ?? null}, reason), updated_at = now()
    where id = ${id}::uuid and state = 'queued'${fenceOf(options.claimToken)}`);
};

/** The reason a WhatsApp row waiting for Meta's approval of its template carries while it waits (cleared once it is sent). */
export const TEMPLATE_WAIT_REASON = 'templateWait';

/**
 * A template of the event was approved: its WhatsApp rows waiting for a template are ready now (instead of after
 * their 10-minute wait). A row still without its template simply waits again. Answers the rows woken.
 */
export const wakeRowsWaitingForTemplate = async (db: Conn, eventId: string): Promise<number> =>
  (
    await db.execute(sql`
      update outbox_messages set not_before = now(), updated_at = now()
      where event_id = ${eventId}::uuid and channel = 3 and state = 'queued' and reason = ${TEMPLATE_WAIT_REASON}
        and claimed_at is null and not_before > now()`)
  ).rowCount ?? 0;

/** Quiet hours: every ready text row waits for the window (nothing is claimed, dropped or sent inside; calls keep their own window). */
export const deferReadyRows = async (db: Conn, until: Date): Promise<number> =>
  (
    await db.execute(sql`
      update outbox_messages set not_before = ${until.toISOString()}::timestamptz, updated_at = now()
      where state = 'queued' and channel <> ${CALL_CHANNEL} and not_before < ${until.toISOString()}::timestamptz`)
  ).rowCount ?? 0;

/** One SMS row for a WhatsApp row that could not be delivered (the once-key makes a second one a no-op). */
export const insertSmsFallback = async (db: Conn, whatsappRowId: string): Promise<boolean> =>
  ((
    await db.execute(sql`
      insert into outbox_messages (event_id, guest_id, action, wave, type, channel, fallback_of)
      select event_id, guest_id, action, wave, type, 1, id from outbox_messages where id = ${whatsappRowId}::uuid and channel = 3
      on conflict (guest_id, action, wave, channel) do nothing`)
  ).rowCount ?? 0) > 0;

/** When the next queued row becomes ready (its back-off, the window, or a dead worker's lease). */
export const nextReadyMoment = async (db: Conn, leaseMs: number): Promise<Date | null> => {
  const row = (
    await db.execute<{ at: string | null }>(sql`
      select min(greatest(not_before, coalesce(claimed_at + ${leaseMs} * interval '1 millisecond', not_before))) as at
      from outbox_messages o
      where state = 'queued' and channel <> ${CALL_CHANNEL} and not exists (select 1 from messaging_pauses p where p.event_id = o.event_id)`)
  ).rows[0];
  return row?.at ? new Date(row.at) : null;
};

// ── Actions ───────────────────────────────────────────────────────────────────
export type FinishedAction = {
  eventId: string;
  action: MessageAction;
  sent: number;
  failed: number;
};

/** Running actions with nothing left queued become done; answers them with their counts (guests sent, guests failed). */
export const finishDrainedActions = async (db: Conn): Promise<FinishedAction[]> =>
  (
    await db.execute<FinishedAction>(sql`
      with done as (
        update action_timings t set state = 'done', finished_at = now(), updated_at = now()
        where t.state = 'running' and t.action <> 'calls'
          and not exists (select 1 from outbox_messages o where o.event_id = t.event_id and o.action = t.action and o.state = 'queued')
        returning t.event_id, t.action
      )
      select d.event_id as "eventId", d.action,
        (select count(distinct o.guest_id) from outbox_messages o where o.event_id = d.event_id and o.action = d.action and o.state in ('sent', 'delivered', 'read'))::int as sent,
        (select count(distinct o.guest_id) from outbox_messages o where o.event_id = d.event_id and o.action = d.action and o.state = 'failed'
          and not exists (select 1 from outbox_messages s where s.guest_id = o.guest_id and s.action = o.action and s.wave = o.wave and s.state in ('sent', 'delivered', 'read')))::int as failed
      from done d`)
  ).rows;

export type DueAction = {
  eventId: string;
  action: MessageAction;
};

/** Scheduled, enabled actions whose time has come, of paid events not paused. */
export const listDueActions = async (db: Conn, limit: number): Promise<DueAction[]> =>
  (
    await db.execute<DueAction>(sql`
      select t.event_id as "eventId", t.action from action_timings t
      join events e on e.id = t.event_id
      where t.state = 'scheduled' and t.enabled and t.send_at <= now() and t.action <> 'calls' and e.progress_status > 0
        and not exists (select 1 from messaging_pauses p where p.event_id = t.event_id)
      order by t.send_at
      limit ${limit}`)
  ).rows;

/** Text rows ready to send (the call round's rows, channel 2, are the call dispatcher's). */
export const hasReadyRows = async (db: Conn): Promise<boolean> =>
  (await db.execute(sql`select 1 from outbox_messages where state = 'queued' and channel <> ${CALL_CHANNEL} and not_before <= now() limit 1`)).rows.length > 0;

// ── Reports ───────────────────────────────────────────────────────────────────
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export type ReportedRow = {
  id: string;
  state: MessageState;
};

/** Moves a row forward only: queued < sent < delivered < read; failed only from queued or sent. */
export const applyReport = async (
  db: Conn,
  report: { channel: number; providerMessageId: string; state: 'sent' | 'delivered' | 'read' | 'failed'; reason: string | null; at: Date; outboxId?: string | null },
): Promise<ReportedRow | 'unchanged' | 'unknown'> => {
  // SMS has no read receipts: its best state is delivered, whatever a gateway (or a replayed report) says.
  if (report.channel === 1 && report.state === 'read') report = { ...report, state: 'delivered' };
  const at = report.at.toISOString();
  const update =
    report.state === 'sent'
      ? sql`state = 'sent', sent_at = coalesce(sent_at, ${at}::timestamptz)`
      : report.state === 'delivered'
        ? sql`state = 'delivered', sent_at = coalesce(sent_at, ${at}::timestamptz), delivered_at = coalesce(delivered_at, ${at}::timestamptz)`
        : report.state === 'read'
          ? sql`state = 'read', sent_at = coalesce(sent_at, ${at}::timestamptz), delivered_at = coalesce(delivered_at, ${at}::timestamptz), read_at = coalesce(read_at, ${at}::timestamptz)`
          : sql`state = 'failed', reason = ${report.reason ?? 'failed'}, failed_at = coalesce(failed_at, ${at}::timestamptz)`;
  const from =
    report.state === 'sent' ? ['queued'] : report.state === 'delivered' ? ['queued', 'sent'] : report.state === 'read' ? ['queued', 'sent', 'delivered'] : ['queued', 'sent'];
  // A delivery clears what no longer explains anything (a doubt, a retry's code); 'noDelivery' and 'uncertainSms' stay: they say why an SMS went too.
  const clearDoubt =
    report.state === 'delivered' || report.state === 'read' ? sql`, reason = case when reason in ('noDelivery', 'uncertainSms') then reason else null end` : sql``;
  const moveByMessageId = async () =>
    (
      await db.execute<ReportedRow>(sql`
        update outbox_messages set ${update}${clearDoubt}, claimed_at = null, updated_at = now()
        where channel = ${report.channel} and provider_message_id = ${report.providerMessageId} and state = any(${sql.param(from)}::text[])
        returning id, state`)
    ).rows[0];
  const moved = await moveByMessageId();
  if (moved) return moved;
  const known = (
    await db.execute(sql`select 1 from outbox_messages where channel = ${report.channel} and provider_message_id = ${report.providerMessageId}`)
  ).rows.length;
  // Known now but not a moment ago: a concurrent report echoing our id (a 'sent' beside this 'delivered') stored the
  // message id in between. Moving by that id once more keeps this report from being lost (seen under load).
  if (known) return (await moveByMessageId()) ?? 'unchanged';
  if (report.outboxId && UUID.test(report.outboxId)) {
    // The provider echoed our id: the send's answer (its message id) was never stored — a worker died after the call.
    // A WhatsApp row counted sent while unsure ('uncertain') is completed here: it takes the message id.
    const byIdFrom = report.state === 'sent' ? [...from, 'sent', 'failed'] : [...from, 'failed'];
    const byId = (
      await db.execute<ReportedRow>(sql`
        update outbox_messages set ${update}${clearDoubt}, provider_message_id = ${report.providerMessageId}, claimed_at = null, updated_at = now()
        where id = ${report.outboxId}::uuid and channel = ${report.channel} and state = any(${sql.param(byIdFrom)}::text[])
          -- or already this message's id: a concurrent status (sent and delivered together) stored it first, and
          -- the re-check after its lock must still let this one move the row forward
          and (provider_message_id is null or provider_message_id = ${report.providerMessageId})
          and not (state = 'failed' and reason is distinct from 'uncertain')
        returning id, state`)
    ).rows[0];
    if (byId) return byId;
    const exists = (await db.execute(sql`select 1 from outbox_messages where id = ${report.outboxId}::uuid and channel = ${report.channel}`)).rows.length;
    if (exists) return 'unchanged';
  }
  return 'unknown';
};
