import { and, eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import type {
  Ask,
  EventLocation,
  EventNames,
  GuestAnswerStatus,
  HouseholdSplit,
  HouseholdSplitMode,
  InviteeStatus,
  Lang,
  MealCounts,
  PublicLinkMode,
  SpecialMeal,
} from '@magiim/shared';
import { normalizeEventLocation, type AnswerSource } from '@magiim/shared';
import type { Db } from '../../platform/db.js';
import { guests, type StoredEventImage } from '../../db/schema/events.js';
import { guestAnswers } from '../../db/schema/answers.js';
import type { InviteLinkValues } from '../events/invite-links.js';
export { bumpNotification } from '../notifications/public.js';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a guest page shows of the event: read on every page open, so only these columns. */
export interface InviteEvent {
  id: string;
  names: EventNames;
  date: string;
  time: string;
  location: EventLocation;
  defaultLang: Lang;
  langs: Lang[];
  meals: { ask: Ask; options: SpecialMeal[] };
  transport: { ask: Ask; options: string[]; translations?: Partial<Record<Lang, string>>[] };
  image: StoredEventImage | null;
  /** Issue 32: the split asked of the people coming. */
  householdSplit: HouseholdSplitMode;
}

export interface InviteGuest {
  id: string;
  fullName: string;
  countOfInvites: number;
  lang: Lang;
  askMeals: boolean;
  askTransport: boolean;
  status: InviteeStatus;
  attending: number | null;
  /** Issue 32: the split of `attending` the guest told; null: not told. */
  answerSplit: HouseholdSplit | null;
  answerMeals: MealCounts;
  answerTransport: { option: string } | null;
  /** Coming, but transport / meals were not asked on the channel they answered by: still open. */
  answerTransportOpen: boolean;
  answerMealsOpen: boolean;
  answerComments: string;
  answeredAt: Date | null;
  changedDecision: boolean;
  /**
   * Issue 31: the guest's table, read only while the host shows tables to guests (`events.show_tables_to_guests`);
   * absent or null otherwise. The page shows it to a guest who is coming.
   */
  table?: { number: number; name: string | null } | null;
}

const EVENT_COLUMNS = `e.id as event_id, e.names, e.date::text as date, e.time, e.location, e.default_lang, e.langs, e.meals, e.transport, e.image, e.household_split`;
const GUEST_COLUMNS = `g.id, g.full_name, g.count_of_invites, g.lang, g.ask_meals, g.ask_transport, g.status, g.attending, g.answer_split,
  g.answer_meals, g.answer_transport, g.answer_transport_open, g.answer_meals_open, g.answer_comments, g.answered_at, g.changed_decision`;

// Named statements: planned once per connection; the guest page is the product's busiest read.
const FIND_BY_PERSONAL_TOKEN = {
  name: 'invite.find-by-personal-token',
  // The table is joined only while the host shows tables to guests: otherwise the page never has it to leak.
  text: `select ${GUEST_COLUMNS}, ${EVENT_COLUMNS}, st.number as table_number, st.name as table_name
    from guests g join events e on e.id = g.event_id
    left join seating_tables st on st.id = g.table_id and e.show_tables_to_guests
    where g.invite_token_hash = $1`,
};
const FIND_BY_PUBLIC_TOKEN = {
  name: 'invite.find-by-public-token',
  text: `select ${EVENT_COLUMNS}, e.public_link_mode from events e where e.public_token_hash = $1`,
};
const IS_EVENT_MEMBER = { name: 'invite.is-event-member', text: `select 1 from event_members where event_id = $1 and user_id = $2` };

export const isEventMember = async (pool: pg.Pool, eventId: string, userId: string): Promise<boolean> =>
  (await pool.query({ ...IS_EVENT_MEMBER, values: [eventId, userId] })).rowCount === 1;

const FIND_EVENT = { name: 'invite.find-event', text: `select ${EVENT_COLUMNS} from events e where e.id = $1` };

type Row = Record<string, unknown>;

const eventOf = (row: Row): InviteEvent => ({
  id: row.event_id as string,
  names: row.names as EventNames,
  date: row.date as string,
  time: row.time as string,
  location: normalizeEventLocation(row.location, row.default_lang as Lang),
  defaultLang: row.default_lang as Lang,
  langs: row.langs as Lang[],
  meals: row.meals as InviteEvent['meals'],
  transport: row.transport as InviteEvent['transport'],
  image: (row.image as StoredEventImage | null) ?? null,
  householdSplit: (row.household_split as HouseholdSplitMode | null) ?? 'none',
});

const guestOf = (row: Row): InviteGuest => ({
  id: row.id as string,
  fullName: row.full_name as string,
  countOfInvites: row.count_of_invites as number,
  lang: row.lang as Lang,
  askMeals: row.ask_meals as boolean,
  askTransport: row.ask_transport as boolean,
  status: row.status as InviteeStatus,
  attending: (row.attending as number | null) ?? null,
  answerSplit: (row.answer_split as HouseholdSplit | null) ?? null,
  answerMeals: (row.answer_meals as MealCounts | null) ?? {},
  answerTransport: (row.answer_transport as { option: string } | null) ?? null,
  answerTransportOpen: Boolean(row.answer_transport_open),
  answerMealsOpen: Boolean(row.answer_meals_open),
  answerComments: (row.answer_comments as string | null) ?? '',
  // Raw queries through Drizzle answer timestamps as text, the pool as Date.
  answeredAt: row.answered_at ? new Date(row.answered_at as string | Date) : null,
  changedDecision: row.changed_decision as boolean,
  table: typeof row.table_number === 'number' ? { number: row.table_number, name: (row.table_name as string | null) ?? null } : null,
});

export const findByPersonalToken = async (pool: pg.Pool, tokenHash: string): Promise<{ guest: InviteGuest; event: InviteEvent } | undefined> => {
  const row = (await pool.query<Row>({ ...FIND_BY_PERSONAL_TOKEN, values: [tokenHash] })).rows[0];
  return row ? { guest: guestOf(row), event: eventOf(row) } : undefined;
};

export const findByPublicToken = async (pool: pg.Pool, tokenHash: string): Promise<{ event: InviteEvent; mode: PublicLinkMode } | undefined> => {
  const row = (await pool.query<Row>({ ...FIND_BY_PUBLIC_TOKEN, values: [tokenHash] })).rows[0];
  return row ? { event: eventOf(row), mode: row.public_link_mode as PublicLinkMode } : undefined;
};

export const findInviteEvent = async (pool: pg.Pool, eventId: string): Promise<InviteEvent | undefined> => {
  const row = (await pool.query<Row>({ ...FIND_EVENT, values: [eventId] })).rows[0];
  return row ? eventOf(row) : undefined;
};

export const lockInviteGuest = async (tx: Tx, guestId: string): Promise<InviteGuest | undefined> => {
  const result = await tx.execute<Row>(sql`select ${sql.raw(GUEST_COLUMNS)} from guests g where g.id = ${guestId}::uuid for update`);
  const row = result.rows[0];
  return row ? guestOf(row) : undefined;
};

export const lockGuestByPhone = async (tx: Tx, eventId: string, phoneNumber: string): Promise<InviteGuest | undefined> => {
  const [found] = await tx
    .select({ id: guests.id })
    .from(guests)
    .where(and(eq(guests.eventId, eventId), eq(guests.phoneNumber, phoneNumber)))
    .for('update');
  return found ? lockInviteGuest(tx, found.id) : undefined;
};

export const countEventGuests = async (tx: Tx, eventId: string): Promise<number> =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(guests).where(eq(guests.eventId, eventId)))[0]?.n ?? 0;

export interface StoredAnswer {
  status: GuestAnswerStatus;
  attending: number | null;
  /** Issue 32: the split of `attending` (absent or null: not told). */
  split?: HouseholdSplit | null;
  meals: MealCounts;
  transport: { option: string } | null;
  comments: string;
  /** Coming, and the channel did not ask transport / meals: open (the page asks it). Absent: answered. */
  transportOpen?: boolean;
  mealsOpen?: boolean;
}

export const insertAnsweringGuest = async (
  tx: Tx,
  eventId: string,
  values: { fullName: string; phoneNumber: string; countOfInvites: number; lang: Lang; askMeals: boolean; askTransport: boolean },
  link: InviteLinkValues,
): Promise<string> => {
  const [row] = await tx
    .insert(guests)
    .values({ ...values, eventId, status: 'inProgress', inviteSalt: link.salt, inviteTokenHash: link.tokenHash })
    .returning({ id: guests.id });
  if (!row) throw new Error('guest insert returned no row');
  return row.id;
};

export const saveGuestAnswer = async (
  tx: Tx,
  guestId: string,
  answer: StoredAnswer,
  changes: { changedDecision: boolean; lang?: Lang },
): Promise<Date> => {
  const [row] = await tx
    .update(guests)
    .set({
      status: answer.status,
      attending: answer.attending,
      answerSplit: answer.split ?? null,
      answerMeals: answer.meals,
      answerTransport: answer.transport,
      answerTransportOpen: answer.transportOpen ?? false,
      answerMealsOpen: answer.mealsOpen ?? false,
      answerComments: answer.comments,
      answeredAt: sql`now()`,
      changedDecision: changes.changedDecision,
      ...(changes.lang ? { lang: changes.lang } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(guests.id, guestId))
    .returning({ answeredAt: guests.answeredAt });
  return row?.answeredAt ?? new Date();
};

export const insertAnswerHistory = async (
  tx: Tx,
  values: {
    eventId: string;
    guestId: string;
    previousStatus: GuestAnswerStatus | null;
    changed: boolean;
    source: AnswerSource;
    typedName: string | null;
  } & StoredAnswer,
): Promise<void> => {
  await tx.insert(guestAnswers).values({ ...values, split: values.split ?? null });
};

/** Adds counted page opens: one statement for a whole batch. */
export const addViews = async (db: Db, views: Map<string, number>): Promise<void> => {
  if (views.size === 0) return;
  const ids = [...views.keys()];
  const counts = ids.map((id) => views.get(id) ?? 0);
  await db.execute(sql`
    update ${guests} set viewed_count = viewed_count + v.n
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(counts)}::int[]) as v(id, n)
    where ${guests.id} = v.id`);
};
