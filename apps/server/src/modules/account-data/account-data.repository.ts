import { sql } from 'drizzle-orm';
import type { EventLocation, EventNames, Lang } from '@magiim/shared';
import type { Db } from '../../platform/db.js';

/** A timestamp column as ISO 8601 in UTC (the driver hands raw queries' timestamps over as text). */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** What the account's own part of the export holds: the profile, never a hash, token or session. */
export type AccountRecord = {
  id: string;
  fullName: string;
  email: string;
  lang: string;
  hasPassword: boolean;
  signsInWithGoogle: boolean;
  emailVerifiedAt: string | null;
  createdAt: string;
  lastActiveAt: string;
  erasedAt: string | null;
};

export const findAccount = async (db: Db, userId: string): Promise<AccountRecord | undefined> => {
  const { rows } = await db.execute<AccountRecord>(sql`select id, full_name as "fullName", email, lang,
      password_hash is not null as "hasPassword", google_sub is not null as "signsInWithGoogle",
      ${iso('email_verified_at')} as "emailVerifiedAt", ${iso('created_at')} as "createdAt", ${iso('last_active_at')} as "lastActiveAt", ${iso('erased_at')} as "erasedAt"
    from users where id = ${userId}`);
  return rows[0];
};

export type MemberEvent = {
  id: string;
  role: 'owner' | 'cohost';
  names: EventNames;
  defaultLang: Lang;
  langs: Lang[];
  date: string;
  time: string;
  location: EventLocation;
  rsvpStartDate: string;
  progressStatus: number;
  inviteeLimit: number | null;
  createdAt: string;
  guestDataErasedAt: string | null;
};

/** The events the user owns or co-hosts, by date. */
export const listMemberEvents = async (db: Db, userId: string): Promise<MemberEvent[]> => {
  const { rows } = await db.execute<MemberEvent>(sql`select e.id, m.role, e.names, e.default_lang as "defaultLang", e.langs,
      e.date::text as date, e.time, e.location, e.rsvp_start_date::text as "rsvpStartDate", e.progress_status as "progressStatus",
      e.invitee_limit as "inviteeLimit", ${iso('e.created_at')} as "createdAt", ${iso('e.guest_data_erased_at')} as "guestDataErasedAt"
    from event_members m join events e on e.id = m.event_id
    where m.user_id = ${userId}
    order by e.date, e.created_at, e.id`);
  return rows;
};

export type OrderRecord = {
  eventId: string;
  orderNumber: number;
  kind: string;
  packageId: number;
  inviteeCount: number;
  subtotal: number;
  couponDiscount: number;
  total: number;
  paidAmount: number;
  refundAmount: number | null;
  status: string;
  paymentMethod: string | null;
  cardLast4: string | null;
  receiptUrl: string | null;
  createdAt: string;
  paidAt: string | null;
  cancelledAt: string | null;
};

/** The orders the user placed (a co-host sees none of the owner's payments). Amounts in agorot. */
export const listUserOrders = async (db: Db, userId: string): Promise<OrderRecord[]> => {
  const { rows } = await db.execute<OrderRecord>(sql`select event_id as "eventId", order_number as "orderNumber", kind,
      package_id as "packageId", invitee_count as "inviteeCount", subtotal, coupon_discount as "couponDiscount", total,
      paid_amount as "paidAmount", refund_amount as "refundAmount", status, payment_method as "paymentMethod",
      card_last4 as "cardLast4", receipt_url as "receiptUrl", ${iso('created_at')} as "createdAt", ${iso('paid_at')} as "paidAt", ${iso('cancelled_at')} as "cancelledAt"
    from orders where user_id = ${userId}
    order by created_at, order_number`);
  return rows.map((row) => ({ ...row, orderNumber: Number(row.orderNumber) }));
};

/**
 * The events the user owns that are paid (a paid order, or the process started) and not over:
 * dated `today` (the business calendar's) or later. These keep the account.
 */
export const listActivePaidOwnedEvents = async (
  db: Db,
  userId: string,
  today: string,
): Promise<{ id: string; names: EventNames; defaultLang: Lang; date: string }[]> => {
  const { rows } = await db.execute<{ id: string; names: EventNames; defaultLang: Lang; date: string }>(sql`select e.id, e.names,
      e.default_lang as "defaultLang", e.date::text as date
    from event_members m join events e on e.id = m.event_id
    where m.user_id = ${userId} and m.role = 'owner' and e.date >= ${today}::date
      and (e.progress_status > 0 or exists (select 1 from orders o where o.event_id = e.id and o.status = 'paid'))
    order by e.date, e.id`);
  return rows;
};
