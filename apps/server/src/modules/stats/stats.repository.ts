import { sql } from 'drizzle-orm';
import type { GuestAnswerStatus, HouseholdSplitMode } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

export type StatusTotals = {
  guests: number;
  invited: number;
  attending: number;
  approved: number;
  partiallyComing: number;
  declined: number;
  maybe: number;
  pending: number;
  inProgress: number;
  wrongNumber: number;
  viewed: number;
  changedDecision: number;
};

/** Every headline count in one pass over the event's guests. */
export const totalsOf = async (db: Db, eventId: string): Promise<StatusTotals> => {
  const result = await db.execute<Record<keyof StatusTotals, number>>(sql`
    select count(*)::int as "guests",
      coalesce(sum(count_of_invites), 0)::int as "invited",
      coalesce(sum(attending) filter (where status = 'approved'), 0)::int as "attending",
      (count(*) filter (where status = 'approved'))::int as "approved",
      (count(*) filter (where status = 'approved' and attending < count_of_invites))::int as "partiallyComing",
      (count(*) filter (where status = 'declined'))::int as "declined",
      (count(*) filter (where status = 'maybe'))::int as "maybe",
      (count(*) filter (where status = 'pending'))::int as "pending",
      (count(*) filter (where status = 'inProgress'))::int as "inProgress",
      (count(*) filter (where status = 'wrongNumber'))::int as "wrongNumber",
      (count(*) filter (where viewed_count > 0))::int as "viewed",
      (count(*) filter (where changed_decision))::int as "changedDecision"
    from guests where event_id = ${eventId}::uuid`);
  return result.rows[0] as StatusTotals;
};

export type RecentResponseRow = {
  guestId: string;
  fullName: string;
  status: GuestAnswerStatus;
  attending: number | null;
  countOfInvites: number;
  answeredAt: Date;
};

export const recentResponses = async (db: Db, eventId: string, limit: number): Promise<RecentResponseRow[]> =>
  (
    await db.execute<RecentResponseRow>(sql`
      select id as "guestId", full_name as "fullName", status, attending, count_of_invites as "countOfInvites", answered_at as "answeredAt"
      from guests where event_id = ${eventId}::uuid and answered_at is not null
      order by answered_at desc, id desc limit ${limit}`)
  ).rows;

export type ChangedDecisionRow = {
  guestId: string;
  fullName: string;
  from: GuestAnswerStatus | null;
  to: GuestAnswerStatus;
  attending: number | null;
  answeredAt: Date;
};

export const changedDecisions = async (db: Db, eventId: string, limit: number): Promise<ChangedDecisionRow[]> =>
  (
    await db.execute<ChangedDecisionRow>(sql`
      select a.guest_id as "guestId", g.full_name as "fullName", a.previous_status as "from", a.status as "to",
        a.attending, a.created_at as "answeredAt"
      from guest_answers a join guests g on g.id = a.guest_id
      where a.event_id = ${eventId}::uuid and a.changed
      order by a.seq desc limit ${limit}`)
  ).rows;

export type GroupRow = {
  groupId: string | null;
  name: string | null;
  invited: number;
  attending: number;
  declined: number;
  maybe: number;
  noAnswer: number;
};

/** People per group (invited, coming, not coming, maybe, not answered); groups without guests show zeros. */
export const byGroup = async (db: Db, eventId: string): Promise<GroupRow[]> =>
  (
    await db.execute<GroupRow>(sql`
      with totals as (
        select group_id,
          sum(count_of_invites)::int as invited,
          coalesce(sum(attending) filter (where status = 'approved'), 0)::int as attending,
          coalesce(sum(count_of_invites) filter (where status = 'declined'), 0)::int as declined,
          coalesce(sum(count_of_invites) filter (where status = 'maybe'), 0)::int as maybe,
          coalesce(sum(count_of_invites) filter (where status in ('pending', 'inProgress')), 0)::int as "noAnswer"
        from guests where event_id = ${eventId}::uuid group by group_id)
      select gg.id as "groupId", gg.name, coalesce(t.invited, 0)::int as invited, coalesce(t.attending, 0)::int as attending,
        coalesce(t.declined, 0)::int as declined, coalesce(t.maybe, 0)::int as maybe, coalesce(t."noAnswer", 0)::int as "noAnswer"
      from guest_groups gg left join totals t on t.group_id = gg.id
      where gg.event_id = ${eventId}::uuid
      union all
      select null, null, invited, attending, declined, maybe, "noAnswer" from totals where group_id is null
      order by 2 nulls last`)
  ).rows;

/** Issue 32: guests and people per side of the couple (`none`: no side); only sides with guests. */
export const bySide = async (db: Db, eventId: string) =>
  (
    await db.execute<{ side: 'a' | 'b' | 'both' | 'none'; guests: number; invited: number; attending: number; declined: number; maybe: number; noAnswer: number }>(sql`
      select coalesce(side, 'none') as side, count(*)::int as guests,
        sum(count_of_invites)::int as invited,
        coalesce(sum(attending) filter (where status = 'approved'), 0)::int as attending,
        coalesce(sum(count_of_invites) filter (where status = 'declined'), 0)::int as declined,
        coalesce(sum(count_of_invites) filter (where status = 'maybe'), 0)::int as maybe,
        coalesce(sum(count_of_invites) filter (where status in ('pending', 'inProgress')), 0)::int as "noAnswer"
      from guests where event_id = ${eventId}::uuid group by 1
      order by case coalesce(side, 'none') when 'a' then 1 when 'b' then 2 when 'both' then 3 else 4 end`)
  ).rows;
/** Issue 32: the people coming by the split they told, and the mode the event asks. */
export const splitTotals = async (
  db: Db,
  eventId: string,
): Promise<{ mode: HouseholdSplitMode; adults: number; children: number; men: number; women: number; notTold: number }> => {
  const row = (
    await db.execute<{ mode: HouseholdSplitMode; adults: number; children: number; men: number; women: number; notTold: number }>(sql`
      select e.household_split as mode,
        coalesce(sum((g.answer_split->>'adults')::int), 0)::int as adults,
        coalesce(sum((g.answer_split->>'children')::int), 0)::int as children,
        coalesce(sum((g.answer_split->>'men')::int), 0)::int as men,
        coalesce(sum((g.answer_split->>'women')::int), 0)::int as women,
        coalesce(sum(g.attending) filter (where g.answer_split is null), 0)::int as "notTold"
      from events e left join guests g on g.event_id = e.id and g.status = 'approved'
      where e.id = ${eventId}::uuid
      group by e.household_split`)
  ).rows[0];
  return row ?? { mode: 'none', adults: 0, children: 0, men: 0, women: 0, notTold: 0 };
};

/** Special meals and transport needs of the guests who are coming. */
export const mealTotals = async (db: Db, eventId: string): Promise<{ meal: string; people: number }[]> =>
  (
    await db.execute<{ meal: string; people: number }>(sql`
      select m.key as meal, sum(m.value::int)::int as people
      from guests g, jsonb_each_text(g.answer_meals) m
      where g.event_id = ${eventId}::uuid and g.status = 'approved'
      group by m.key`)
  ).rows;

export const transportTotals = async (db: Db, eventId: string): Promise<{ option: string; people: number }[]> =>
  (
    await db.execute<{ option: string; people: number }>(sql`
      select answer_transport->>'option' as option, sum(coalesce(attending, 0))::int as people
      from guests
      where event_id = ${eventId}::uuid and status = 'approved' and answer_transport is not null
      group by 1`)
  ).rows;

export const progressStatusOf = async (db: Db, eventId: string): Promise<number> =>
  (await db.execute<{ p: number }>(sql`select progress_status as p from events where id = ${eventId}::uuid`)).rows[0]?.p ?? 0;
