import type {
  AdminAuditEntry,
  AdminCoupon,
  AdminEvent,
  AdminGiftDecisionBody,
  AdminGiftRequest,
  AdminOrder,
  AdminUserActionBody,
  AdminUserDetail,
  AdminUserSummary,
} from '@magiim/shared';
import { MSG } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { evictUserSessions } from '../../platform/sessions/session-cache.js';
import { decideGift } from '../gifts/gifts-admin.js';
import { sendGiftDecisionEmail } from '../gifts/gift-decision-emails.js';
import { eraseAccount } from '../retention/erase-account.js';
import { writeAudit } from '../admin/audit-log.js';
import * as repo from './administration.repository.js';

const { isoOf, isoOrNull } = repo;

interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
const mapPage = <R, T>(result: { rows: R[]; page: number; pageSize: number; hasMore: boolean }, map: (row: R) => T): Paged<T> => ({
  items: result.rows.map(map),
  page: result.page,
  pageSize: result.pageSize,
  hasMore: result.hasMore,
});

// ── Users ─────────────────────────────────────────────────────────────────────
const toUserSummary = (row: repo.UserSummaryRow): AdminUserSummary => ({
  id: row.id,
  fullName: row.full_name,
  email: row.email,
  emailVerified: row.email_verified_at !== null,
  state: row.erased_at ? 'deregistered' : row.blocked_at ? 'blocked' : 'active',
  isAdmin: row.role === 'admin',
  createdAt: isoOf(row.created_at),
  lastActiveAt: isoOf(row.last_active_at),
  events: row.events,
});

const toOrder = (row: repo.OrderRow): AdminOrder => ({
  id: row.id,
  orderNumber: Number(row.order_number),
  eventId: row.event_id,
  eventName: row.event_name,
  userId: row.user_id,
  userEmail: row.user_email,
  kind: row.kind,
  packageId: row.package_id,
  inviteeCount: row.invitee_count,
  total: row.total,
  paidAmount: row.paid_amount,
  refundAmount: row.refund_amount,
  status: row.status,
  cancelReason: row.cancel_reason,
  createdAt: isoOf(row.created_at),
  paidAt: isoOrNull(row.paid_at),
  cancelledAt: isoOrNull(row.cancelled_at),
});

/** "Web · Chrome on Android": the platform and a short reading of the user agent (never the IP). */
export const describeDevice = (platform: string, userAgent: string | null): string => {
  const where = platform === 'web' ? 'Web' : platform === 'android' ? 'Android app' : platform === 'ios' ? 'iOS app' : platform;
  if (!userAgent) return where;
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /SamsungBrowser\//.test(userAgent)
      ? 'Samsung Internet'
      : /(Chrome|CriOS)\//.test(userAgent)
        ? 'Chrome'
        : /(Firefox|FxiOS)\//.test(userAgent)
          ? 'Firefox'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /(iPhone|iPad|iPod)/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  const detail = [browser, os].filter(Boolean).join(' on ');
  return detail ? `${where} · ${detail}` : where;
};

export const listUsers = async (ctx: AppContext, q: string | undefined, page: number): Promise<Paged<AdminUserSummary>> =>
  mapPage(await repo.searchUsers(ctx.db, q, { page }), toUserSummary);

export const getUserDetail = async (ctx: AppContext, userId: string): Promise<AdminUserDetail> => {
  const row = await repo.findUserSummary(ctx.db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'no such user');
  const [events, orders, signIns, reason] = await Promise.all([
    repo.listUserEvents(ctx.db, userId),
    repo.listUserOrders(ctx.db, userId),
    repo.listSignIns(ctx.db, userId),
    repo.lastUserActionReason(ctx.db, userId),
  ]);
  return {
    user: {
      ...toUserSummary(row),
      hasPassword: row.has_password,
      lang: row.lang,
      blockedAt: isoOrNull(row.blocked_at),
      reason,
    },
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      date: e.date,
      role: e.role,
      progressStatus: e.progress_status,
      packageId: e.order_package_id,
      guests: e.guests,
      guestDataErasedAt: isoOrNull(e.guest_data_erased_at),
    })),
    orders: orders.map(toOrder),
    signIns: signIns.map((s) => ({ at: isoOf(s.created_at), device: describeDevice(s.platform, s.user_agent), active: s.active })),
  };
};

/**
 * block: the account is refused at sign-in (USER_BLOCKED) and every session of it ends at once (the rows go, and
 * this process's session cache forgets them); unblock lets the user sign in again; deregister erases the account
 * (retention's eraseAccount). Nobody blocks or deregisters themselves or another administrator (CONFLICT).
 * Each action is written to the audit log with its reason.
 */
export const actOnUser = async (
  ctx: AppContext,
  adminId: string,
  body: AdminUserActionBody,
): Promise<AdminUserDetail | { ok: true }> => {
  const { id, action, reason } = body;
  if (action !== 'unblock' && id === adminId) throw new AppError('CONFLICT', 'an administrator cannot block or deregister themselves');
  if (action === 'deregister') {
    const target = await repo.findUserSummary(ctx.db, id);
    if (!target) throw new AppError('NOT_FOUND', 'no such user');
    if (target.role === 'admin') throw new AppError('CONFLICT', 'an administrator cannot be deregistered; demote them first');
    if (target.erased_at) throw new AppError('CONFLICT', 'the account is already closed');
    const counts = await eraseAccount(ctx, id, 'deregistered');
    await writeAudit(ctx.db, { adminId, action: 'user.deregister', targetType: 'user', targetId: id, reason, details: counts });
    return { ok: true };
  }
  evictUserSessions(id);
  await ctx.db.transaction(async (tx) => {
    const target = await repo.lockUserForAction(tx, id);
    if (!target) throw new AppError('NOT_FOUND', 'no such user');
    if (target.erased_at) throw new AppError('CONFLICT', 'the account is closed');
    if (action === 'block') {
      if (target.role === 'admin') throw new AppError('CONFLICT', 'an administrator cannot be blocked; demote them first');
      await repo.setBlocked(tx, id, true);
      const sessions = await repo.deleteUserSessions(tx, id);
      await writeAudit(tx, { adminId, action: 'user.block', targetType: 'user', targetId: id, reason, details: { sessions } });
    } else {
      await repo.setBlocked(tx, id, false);
      await writeAudit(tx, { adminId, action: 'user.unblock', targetType: 'user', targetId: id, reason });
    }
  });
  evictUserSessions(id);
  return getUserDetail(ctx, id);
};

// ── Events, orders, coupons ───────────────────────────────────────────────────
export const listEvents = async (ctx: AppContext, q: string | undefined, page: number): Promise<Paged<AdminEvent>> =>
  mapPage(await repo.searchEvents(ctx.db, q, { page }), (e) => ({
    id: e.id,
    name: e.name,
    date: e.date,
    ownerId: e.owner_id,
    ownerEmail: e.owner_email,
    progressStatus: e.progress_status,
    packageId: e.order_package_id,
    guests: e.guests,
    createdAt: isoOf(e.created_at),
    guestDataErasedAt: isoOrNull(e.guest_data_erased_at),
  }));

export const listOrders = async (ctx: AppContext, status: repo.OrderFilter, q: string | undefined, page: number): Promise<Paged<AdminOrder>> =>
  mapPage(await repo.searchOrders(ctx.db, status, q, { page }), toOrder);

export const listCoupons = async (ctx: AppContext, q: string | undefined, page: number): Promise<Paged<AdminCoupon>> =>
  mapPage(await repo.searchCoupons(ctx.db, q, { page }), (c) => ({
    id: c.id,
    code: c.code,
    percent: c.percent,
    amount: c.amount,
    maxUses: c.max_uses,
    uses: c.uses,
    startsOn: c.starts_on,
    expiresOn: c.expires_on,
    packageId: c.package_id,
    createdAt: isoOf(c.created_at),
  }));

// ── Gift-link requests ────────────────────────────────────────────────────────
const toGiftRequest = (g: repo.GiftRequestRow): AdminGiftRequest => ({
  eventId: g.event_id,
  eventName: g.event_name,
  ownerEmail: g.owner_email,
  status: g.status,
  holderName: g.holder_name ?? '',
  reference: g.reference,
  requestedAt: isoOf(g.requested_at),
  decidedAt: isoOrNull(g.decided_at),
  reason: g.reason,
});

export const listGiftRequests = async (ctx: AppContext, status: 'pending' | 'all', q: string | undefined, page: number): Promise<Paged<AdminGiftRequest>> =>
  mapPage(await repo.searchGiftRequests(ctx.db, status, q, { page }), toGiftRequest);

/** One line for the host's e-mail and page (the gift code keeps reasons to one line of up to 300). */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/**
 * The administration's decision on a registration under review, as `npm run admin -- gift approve|reject` takes
 * it (gifts-admin.ts `decideGift`): the host gets the decision by e-mail; the audit log gets who and why.
 */
export const decideGiftRequest = async (ctx: AppContext, adminId: string, eventId: string, body: AdminGiftDecisionBody): Promise<AdminGiftRequest> => {
  const decision =
    body.action === 'approve' ? { status: 'APPROVED' as const, link: body.link ?? '' } : { status: 'REJECTED' as const, reason: oneLine(body.reason) };
  if (decision.status === 'REJECTED' && decision.reason.length > 300) {
    throw new AppError('VALIDATION', MSG.maxChars(300), [{ path: 'reason', message: MSG.maxChars(300) }]);
  }
  const current = await repo.findGiftRequest(ctx.db, eventId);
  if (!current) throw new AppError('NOT_FOUND', 'the event has no gift registration');
  const result = await decideGift(ctx.db, eventId, decision);
  if (!result.ok) throw new AppError('CONFLICT', 'the gift registration is not under review (decided already?)');
  await writeAudit(ctx.db, {
    adminId,
    action: body.action === 'approve' ? 'gift.approve' : 'gift.reject',
    targetType: 'event',
    targetId: eventId,
    reason: body.reason,
  });
  if (result.row.decidedAt) await sendGiftDecisionEmail(ctx, eventId, result.row.decidedAt.toISOString());
  const updated = await repo.findGiftRequest(ctx.db, eventId);
  return toGiftRequest(updated ?? current);
};

// ── Templates, failures, audit ────────────────────────────────────────────────
export const listTemplateReviews = async (ctx: AppContext, status: 'attention' | 'all', q: string | undefined, page: number) =>
  mapPage(await repo.searchTemplateReviews(ctx.db, status, q, { page }), (t) => ({
    eventId: t.event_id,
    eventName: t.event_name,
    name: t.name,
    lang: t.lang,
    status: t.status,
    reason: t.reason,
    updatedAt: isoOf(t.updated_at),
  }));

export const listMessageFailures = async (ctx: AppContext, channel: number | undefined, q: string | undefined, page: number) =>
  mapPage(await repo.searchMessageFailures(ctx.db, channel, q, { page }), (m) => ({
    id: m.id,
    eventId: m.event_id,
    eventName: m.event_name,
    action: m.action,
    channel: m.channel,
    reason: m.reason,
    attempts: m.attempts,
    failedAt: isoOrNull(m.failed_at),
  }));

export const listAudit = async (ctx: AppContext, q: string | undefined, page: number): Promise<Paged<AdminAuditEntry>> =>
  mapPage(await repo.searchAudit(ctx.db, q, { page }), (a) => ({
    id: a.id,
    at: isoOf(a.created_at),
    adminId: a.admin_id,
    adminEmail: a.admin_id === null ? 'cli' : (a.admin_email ?? ''),
    action: a.action,
    targetType: a.target_type,
    targetId: a.target_id,
    reason: a.reason,
  }));
