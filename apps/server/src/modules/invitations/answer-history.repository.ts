import { sql, type SQL } from 'drizzle-orm';
import type { GuestAnswerStatus, MealCounts } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

export type AnswerHistoryRow = {
  id: string;
  guestId: string;
  fullName: string;
  status: GuestAnswerStatus;
  previousStatus: GuestAnswerStatus | null;
  attending: number | null;
  meals: MealCounts;
  transport: { option: string } | null;
  comments: string;
  changed: boolean;
  source: 'personal' | 'public';
  typedName: string | null;
  createdAt: Date | string;
};

export interface AnswerHistoryFilters {
  guestId?: string | undefined;
  changedOnly?: boolean | undefined;
}

const whereOf = (eventId: string, filters: AnswerHistoryFilters): SQL => {
  const parts: SQL[] = [sql`a.event_id = ${eventId}::uuid`];
  if (filters.guestId) parts.push(sql`a.guest_id = ${filters.guestId}::uuid`);
  if (filters.changedOnly) parts.push(sql`a.changed`);
  return sql.join(parts, sql` and `);
};

export const listAnswerHistory = async (
  db: Db,
  eventId: string,
  filters: AnswerHistoryFilters,
  page: { limit: number; offset: number },
): Promise<AnswerHistoryRow[]> =>
  (
    await db.execute<AnswerHistoryRow>(sql`
      select a.id, a.guest_id as "guestId", g.full_name as "fullName", a.status, a.previous_status as "previousStatus",
        a.attending, a.meals, a.transport, a.comments, a.changed, a.source, a.typed_name as "typedName", a.created_at as "createdAt"
      from guest_answers a join guests g on g.id = a.guest_id
      where ${whereOf(eventId, filters)}
      order by a.seq desc
      limit ${page.limit} offset ${page.offset}`)
  ).rows;

export const countAnswerHistory = async (db: Db, eventId: string, filters: AnswerHistoryFilters): Promise<number> =>
  (await db.execute<{ n: number }>(sql`select count(*)::int as n from guest_answers a where ${whereOf(eventId, filters)}`)).rows[0]?.n ?? 0;
