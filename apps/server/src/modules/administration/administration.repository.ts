import { sql, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

/**
 * Issue 22: the administration's reads across accounts and events. Lists fetch one row more than a page to
 * tell whether another page follows (nothing counts a whole table). No query here selects a guest's invite
 * token, salt or phone number, a session token or an IP address.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** A timestamp as node-postgres returns it (Date), or a string from a JSON path: ISO either way. */
export const isoOf = (value: Date | string): string => (value instanceof Date ? value : new Date(value)).toISOString();
export const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : isoOf(value));

/** `ILIKE` pattern for "contains": the user's `%`, `_` and `\` match themselves. */
export const containsPattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PageArgs {
  page: number;
  pageSize?: number;
}

const pageOf = async <T>(
  db: Executor,
  query: SQL,
  { page, pageSize = ADMIN_PAGE_SIZE }: PageArgs,
): Promise<{ rows: T[]; page: number; pageSize: number; hasMore: boolean }> => {
  const { rows } = await db.execute(sql`${query} limit ${pageSize + 1} offset ${(page - 1) * pageSize}`);
  return { rows: rows.slice(0, pageSize) as T[], page, pageSize, hasMore: rows.length > pageSize };
};

/** The event's name in its default language (or the first it has). */
const EVENT_NAME = sql.raw(
  `coalesce(nullif(e.names->>e.default_lang, ''), e.names->>'he', e.names->>'en', e.names->>'ru', e.names->>'ar', '')`,
);
const EVENT_NAME_MATCHES = (pattern: string) => sql`exists (select 1 from jsonb_each_text(e.names) n where n.value ilike ${pattern})`;
const OWNER_JOIN = sql.raw(
  `left join lateral (select ou.id, ou.email from event_members om join users ou on ou.id = om.user_id
     where om.event_id = e.id and om.role = 'owner' order by om.created_at limit 1) o on true`,
);
const GUEST_COUNT = sql.raw(`(select count(*)::int from guests g where g.event_id = e.id)`);

// ── Users ─────────────────────────────────────────────────────────────────────
export interface UserSummaryRow {
  id: string;
  full_name: string;
  email: string;
  email_verified_at: Date | null;
  blocked_at: Date | null;
  erased_at: Date | null;
  role: string;
  created_at: Date;
  last_active_at: Date;
  events: number;
  has_password: boolean;
  lang: string;
}

const USER_COLUMNS = sql.raw(`u.id, u.full_name, u.email, u.email_verified_at, u.blocked_at, u.erased_at, u.role, u.created_at,
  u.last_active_at, u.password_hash is not null as has_password, u.lang,
  (select count(*)::int from event_members m where m.user_id = u.id and m.role = 'owner') as events`);

export const searchUsers = (db: Db, q: string | undefined, page: PageArgs) => {
  const pattern = q ? containsPattern(q) : null;
  return pageOf<UserSummaryRow>(
    db,
    sql`select ${USER_COLUMNS} from users u
      ${pattern ? sql`where (u.full_name ilike ${pattern} or u.email ilike ${pattern})` : sql``}
      order by u.created_at desc, u.id desc`,
    page,
  );
};

export const findUserSummary = async (db: Executor, userId: string): Promise<UserSummaryRow | undefined> =>
  (await db.execute(sql`select ${USER_COLUMNS} from users u where u.id = ${userId}`)).rows[0] as UserSummaryRow | undefined;

export interface UserEventRow {
  id: string;
  name: string;
  date: string;
  role: 'owner' | 'cohost';
  progress_status: number;
  order_package_id: number | null;
  guests: number;
  guest_data_erased_at: Date | null;
}

export const listUserEvents = async (db: Db, userId: string): Promise<UserEventRow[]> =>
  (
    await db.execute(sql`select e.id, ${EVENT_NAME} as name, e.date::text as date, m.role, e.progress_status, e.order_package_id,
        ${GUEST_COUNT} as guests, e.guest_data_erased_at
      from event_members m join events e on e.id = m.event_id
      where m.user_id = ${userId} order by e.date desc, e.id limit 200`)
  ).rows as unknown as UserEventRow[];

export interface OrderRow {
  id: string;
  order_number: string | number;
  event_id: string;
  event_name: string;
  user_id: string;
  user_email: string;
  kind: string;
  package_id: number;
  invitee_count: number;
  total: number;
  paid_amount: number;
  refund_amount: number | null;
  status: string;
  cancel_reason: string | null;
  created_at: Date;
  paid_at: Date | null;
  cancelled_at: Date | null;
}

const ORDER_SELECT = sql`select o.id, o.order_number, o.event_id, ${EVENT_NAME} as event_name, o.user_id, u.email as user_email, o.kind,
    o.package_id, o.invitee_count, o.total, o.paid_amount, o.refund_amount, o.status, o.cancel_reason, o.created_at, o.paid_at,
    o.cancelled_at
  from orders o join events e on e.id = o.event_id join users u on u.id = o.user_id`;

export const listUserOrders = async (db: Db, userId: string): Promise<OrderRow[]> =>
  (await db.execute(sql`${ORDER_SELECT} where o.user_id = ${userId} order by o.created_at desc, o.id limit 200`)).rows as unknown as OrderRow[];

export type OrderFilter = 'all' | 'paid' | 'refunded' | 'failed' | 'open' | 'attention';
const ORDER_FILTERS: Record<OrderFilter, SQL | null> = {
  all: null,
  paid: sql`o.status = 'paid'`,
  refunded: sql`o.refund_amount is not null`,
  failed: sql`o.status = 'failed'`,
  open: sql`o.status in ('created', 'pending')`,
  attention: sql`o.status = 'needsAttention'`,
};

/** q: the buyer's e-mail, the event's name, or the order number. */
export const searchOrders = (db: Db, filter: OrderFilter, q: string | undefined, page: PageArgs) => {
  const conditions: SQL[] = [];
  const status = ORDER_FILTERS[filter];
  if (status) conditions.push(status);
  if (q) {
    const pattern = containsPattern(q);
    const number = /^\d{1,15}$/.test(q.trim()) ? Number(q.trim()) : null;
    conditions.push(
      sql`(u.email ilike ${pattern} or ${EVENT_NAME_MATCHES(pattern)}${number !== null ? sql` or o.order_number = ${number}` : sql``})`,
    );
  }
  return pageOf<OrderRow>(
    db,
    sql`${ORDER_SELECT} ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``} order by o.created_at desc, o.id desc`,
    page,
  );
};

export interface SignInRow {
  created_at: Date;
  platform: string;
  user_agent: string | null;
  active: boolean;
}

/** The user's sessions, newest first: when, from what, still live or not (never the token hash or the IP). */
export const listSignIns = async (db: Db, userId: string): Promise<SignInRow[]> =>
  (
    await db.execute(sql`select s.created_at, s.platform, s.user_agent, (s.revoked_at is null and s.expires_at > now()) as active
      from sessions s where s.user_id = ${userId} order by s.created_at desc limit 50`)
  ).rows as unknown as SignInRow[];

/** The reason given with the last block or deregistration of the user. */
export const lastUserActionReason = async (db: Db, userId: string): Promise<string | null> => {
  const { rows } = await db.execute(sql`select reason from admin_audit_log
    where target_type = 'user' and target_id = ${userId} and action in ('user.block', 'user.deregister')
    order by created_at desc limit 1`);
  return (rows[0]?.reason as string | null | undefined) ?? null;
};

/** Locks the user's row for an action (the caller's transaction). */
export const lockUserForAction = async (tx: Tx, userId: string) =>
  (await tx.execute(sql`select id, role, blocked_at, erased_at from users where id = ${userId} for update`)).rows[0] as
    | { id: string; role: string; blocked_at: Date | null; erased_at: Date | null }
    | undefined;

export const setBlocked = async (tx: Tx, userId: string, blocked: boolean): Promise<void> => {
  await tx.execute(
    blocked
      ? sql`update users set blocked_at = coalesce(blocked_at, now()), updated_at = now() where id = ${userId}`
      : sql`update users set blocked_at = null, updated_at = now() where id = ${userId}`,
  );
};

/** Every session of the user goes (their push tokens with them); answers how many. */
export const deleteUserSessions = async (tx: Tx, userId: string): Promise<number> =>
  (await tx.execute(sql`delete from sessions where user_id = ${userId}`)).rowCount ?? 0;

// ── Events ────────────────────────────────────────────────────────────────────
export interface EventRow {
  id: string;
  name: string;
  date: string;
  owner_id: string | null;
  owner_email: string | null;
  progress_status: number;
  order_package_id: number | null;
  guests: number;
  created_at: Date;
  guest_data_erased_at: Date | null;
}

/** q: a name of the event (any language) or the owner's e-mail. Newest first. */
export const searchEvents = (db: Db, q: string | undefined, page: PageArgs) => {
  const pattern = q ? containsPattern(q) : null;
  return pageOf<EventRow>(
    db,
    sql`select e.id, ${EVENT_NAME} as name, e.date::text as date, o.id as owner_id, o.email as owner_email, e.progress_status,
        e.order_package_id, ${GUEST_COUNT} as guests, e.created_at, e.guest_data_erased_at
      from events e ${OWNER_JOIN}
      ${pattern ? sql`where (${EVENT_NAME_MATCHES(pattern)} or o.email ilike ${pattern})` : sql``}
      order by e.created_at desc, e.id desc`,
    page,
  );
};

// ── Coupons ───────────────────────────────────────────────────────────────────
export interface CouponRow {
  id: string;
  code: string;
  percent: number | null;
  amount: number | null;
  max_uses: number | null;
  uses: number;
  starts_on: string | null;
  expires_on: string | null;
  package_id: number | null;
  created_at: Date;
}

export const searchCoupons = (db: Db, q: string | undefined, page: PageArgs) => {
  const pattern = q ? containsPattern(q) : null;
  return pageOf<CouponRow>(
    db,
    sql`select c.id, c.code, c.percent, c.amount, c.max_uses, c.uses, c.starts_on::text as starts_on, c.expires_on::text as expires_on,
        c.package_id, c.created_at
      from coupons c ${pattern ? sql`where c.code ilike ${pattern}` : sql``}
      order by c.created_at desc, c.id desc`,
    page,
  );
};

// ── Gift-link requests ────────────────────────────────────────────────────────
export interface GiftRequestRow {
  event_id: string;
  event_name: string;
  owner_email: string | null;
  status: string;
  holder_name: string | null;
  reference: string | null;
  requested_at: Date;
  decided_at: Date | null;
  reason: string | null;
}

const GIFT_SELECT = sql`select ga.event_id, ${EVENT_NAME} as event_name, o.email as owner_email, ga.status,
    ga.registration_masked->>'fullName' as holder_name, ga.provider_ref as reference,
    coalesce(ga.submitted_at, ga.created_at) as requested_at, ga.decided_at, ga.reason
  from gift_accounts ga join events e on e.id = ga.event_id ${OWNER_JOIN}`;

/** pending: under review, oldest first (a queue); all: every registration, newest first. */
export const searchGiftRequests = (db: Db, status: 'pending' | 'all', q: string | undefined, page: PageArgs) => {
  const conditions: SQL[] = [status === 'pending' ? sql`ga.status = 'REGISTERED'` : sql`ga.status <> 'NOT_REGISTERED'`];
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(sql`(${EVENT_NAME_MATCHES(pattern)} or o.email ilike ${pattern})`);
  }
  const order = status === 'pending' ? sql`requested_at asc, ga.event_id` : sql`requested_at desc, ga.event_id`;
  return pageOf<GiftRequestRow>(db, sql`${GIFT_SELECT} where ${sql.join(conditions, sql` and `)} order by ${order}`, page);
};

export const findGiftRequest = async (db: Db, eventId: string): Promise<GiftRequestRow | undefined> =>
  (await db.execute(sql`${GIFT_SELECT} where ga.event_id = ${eventId}`)).rows[0] as GiftRequestRow | undefined;

// ── WhatsApp templates ────────────────────────────────────────────────────────
export interface TemplateReviewRow {
  event_id: string;
  event_name: string;
  name: string;
  lang: string;
  status: string;
  reason: string | null;
  updated_at: Date;
}

/** What needs a look: refused, paused or disabled by Meta, or still under review after a day. */
export const TEMPLATE_REVIEW_STALE_HOURS = 24;

export const searchTemplateReviews = (db: Db, status: 'attention' | 'all', q: string | undefined, page: PageArgs) => {
  const conditions: SQL[] = [];
  if (status === 'attention') {
    conditions.push(sql`(t.status in ('rejected', 'paused', 'disabled') or (t.status in ('submitting', 'pending')
      and coalesce(t.submitted_at, t.created_at) < now() - make_interval(hours => ${TEMPLATE_REVIEW_STALE_HOURS})))`);
  }
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(sql`(${EVENT_NAME_MATCHES(pattern)} or t.name ilike ${pattern})`);
  }
  return pageOf<TemplateReviewRow>(
    db,
    sql`select t.event_id, ${EVENT_NAME} as event_name, t.name, t.lang, t.status, t.reason, t.updated_at
      from whatsapp_templates t join events e on e.id = t.event_id
      ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by t.updated_at desc, t.id desc`,
    page,
  );
};

// ── Message failures ──────────────────────────────────────────────────────────
export interface MessageFailureRow {
  id: string;
  event_id: string;
  event_name: string;
  action: string;
  channel: number;
  reason: string | null;
  attempts: number;
  failed_at: Date | null;
}

/** Failed outbox rows across events, newest first: the event and the reason only (no guest, no phone, no text). */
export const searchMessageFailures = (db: Db, channel: number | undefined, q: string | undefined, page: PageArgs) => {
  const conditions: SQL[] = [sql`m.state = 'failed'`];
  // A channel outside smallint's range matches nothing (PostgreSQL would refuse the comparison).
  if (channel !== undefined) conditions.push(Number.isSafeInteger(channel) && Math.abs(channel) <= 32_767 ? sql`m.channel = ${channel}` : sql`false`);
  if (q) conditions.push(EVENT_NAME_MATCHES(containsPattern(q)));
  return pageOf<MessageFailureRow>(
    db,
    sql`select m.id, m.event_id, ${EVENT_NAME} as event_name, m.action, m.channel, m.reason, m.attempts, m.failed_at
      from outbox_messages m join events e on e.id = m.event_id
      where ${sql.join(conditions, sql` and `)}
      order by m.failed_at desc nulls last, m.id desc`,
    page,
  );
};

// ── Audit log ─────────────────────────────────────────────────────────────────
export interface AuditRow {
  id: string;
  created_at: Date;
  admin_id: string | null;
  admin_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  reason: string | null;
}

/** q: an action (`user.block`), a target id, or words of the reason. Newest first. */
export const searchAudit = (db: Db, q: string | undefined, page: PageArgs) => {
  const pattern = q ? containsPattern(q) : null;
  return pageOf<AuditRow>(
    db,
    sql`select a.id, a.created_at, a.admin_id, u.email as admin_email, a.action, a.target_type, a.target_id, a.reason
      from admin_audit_log a left join users u on u.id = a.admin_id
      ${pattern ? sql`where (a.action ilike ${pattern} or a.target_id ilike ${pattern} or a.reason ilike ${pattern})` : sql``}
      order by a.created_at desc, a.id desc`,
    page,
  );
};
