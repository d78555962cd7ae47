import { z } from 'zod';
import { MSG } from '../messages.js';
import { singleLineText, multiLineText } from './text.js';

/**
 * Issue 22: the administration (spec §1: it may block or deregister any user; §7 `apps/user/users`).
 * Lists are paged (`page` from 1, `pageSize` rows, `hasMore`): nothing counts a whole table.
 */
export const ADMIN_PAGE_SIZE = 25;
const page = z.coerce.number().int().min(1).max(10_000).default(1);
const search = singleLineText({ min: 0, max: 200 }).optional();
const iso = z.string();

export const adminPagedQuerySchema = z.object({ q: search, page });
export type AdminPagedQuery = z.infer<typeof adminPagedQuerySchema>;
const paged = <T extends z.ZodTypeAny>(item: T) => z.object({ items: z.array(item), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() });

// ── Users (spec §7: GET apps/user/users?q=&page=, GET apps/user/users/{id}, POST apps/user/users) ──
export const ADMIN_USER_ACTIONS = ['block', 'unblock', 'deregister'] as const;
export type AdminUserAction = (typeof ADMIN_USER_ACTIONS)[number];
export const ADMIN_USER_STATES = ['active', 'blocked', 'deregistered'] as const;
export type AdminUserState = (typeof ADMIN_USER_STATES)[number];

export const adminUserSummarySchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  state: z.enum(ADMIN_USER_STATES),
  isAdmin: z.boolean(),
  createdAt: iso,
  lastActiveAt: iso,
  /** Events the user owns. */
  events: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUsersPageSchema = paged(adminUserSummarySchema);
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminUserEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  role: z.enum(['owner', 'cohost']),
  progressStatus: z.number().int(),
  packageId: z.number().int().nullable(),
  guests: z.number().int(),
  /** Retention erased its guest data (six months after the date). */
  guestDataErasedAt: iso.nullable(),
});
export const adminOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  eventId: z.string(),
  eventName: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  kind: z.string(),
  packageId: z.number().int(),
  inviteeCount: z.number().int(),
  /** Agorot. */
  total: z.number().int(),
  paidAmount: z.number().int(),
  refundAmount: z.number().int().nullable(),
  status: z.string(),
  cancelReason: z.string().nullable(),
  createdAt: iso,
  paidAt: iso.nullable(),
  cancelledAt: iso.nullable(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export const adminSignInSchema = z.object({
  at: iso,
  /** The device as its session recorded it (platform, a short user-agent summary); no IP address. */
  device: z.string(),
  active: z.boolean(),
});
export const adminUserDetailSchema = z.object({
  user: adminUserSummarySchema.extend({
    hasPassword: z.boolean(),
    lang: z.string(),
    blockedAt: iso.nullable(),
    /** The last block or deregister action's reason (from the audit log). */
    reason: z.string().nullable(),
  }),
  events: z.array(adminUserEventSchema),
  orders: z.array(adminOrderSchema),
  signIns: z.array(adminSignInSchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminUserActionSchema = z.object({
  id: z.uuid(),
  action: z.enum(ADMIN_USER_ACTIONS),
  reason: multiLineText({ min: 3, max: 500 }),
});
export type AdminUserActionBody = z.infer<typeof adminUserActionSchema>;

// ── Events, orders, coupons, gift links, templates, failures, audit (ours, under /admin) ──
export const adminEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  ownerId: z.string().nullable(),
  ownerEmail: z.string().nullable(),
  progressStatus: z.number().int(),
  packageId: z.number().int().nullable(),
  guests: z.number().int(),
  createdAt: iso,
  guestDataErasedAt: iso.nullable(),
});
export type AdminEvent = z.infer<typeof adminEventSchema>;
export const adminEventsPageSchema = paged(adminEventSchema);

/** `attention`: orders whose money matched nothing (needsAttention), for support. */
export const ADMIN_ORDER_FILTERS = ['all', 'paid', 'refunded', 'failed', 'open', 'attention'] as const;
export const adminOrdersQuerySchema = adminPagedQuerySchema.extend({ status: z.enum(ADMIN_ORDER_FILTERS).default('all') });
export const adminOrdersPageSchema = paged(adminOrderSchema);

export const adminCouponSchema = z.object({
  id: z.string(),
  code: z.string(),
  percent: z.number().int().nullable(),
  /** Agorot off. */
  amount: z.number().int().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  startsOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  packageId: z.number().int().nullable(),
  createdAt: iso,
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponsPageSchema = paged(adminCouponSchema);

export const ADMIN_GIFT_DECISIONS = ['approve', 'reject'] as const;
export const adminGiftRequestSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  ownerEmail: z.string().nullable(),
  status: z.string(),
  /** The account holder's name as registered (no bank details). */
  holderName: z.string(),
  reference: z.string().nullable(),
  requestedAt: iso,
  decidedAt: iso.nullable(),
  reason: z.string().nullable(),
});
export type AdminGiftRequest = z.infer<typeof adminGiftRequestSchema>;
export const adminGiftRequestsQuerySchema = adminPagedQuerySchema.extend({ status: z.enum(['pending', 'all']).default('pending') });
export const adminGiftRequestsPageSchema = paged(adminGiftRequestSchema);
/**
 * Approving needs the gift link the card provider gave (http or https; guests open it); rejecting needs none. The
 * reason is recorded in the audit log; for a rejection it is also the host's explanation (one line, up to 300).
 */
export const adminGiftDecisionSchema = z
  .object({
    action: z.enum(ADMIN_GIFT_DECISIONS),
    reason: multiLineText({ min: 3, max: 500 }),
    link: z.url({ protocol: /^https?$/, error: MSG.invalidValue }).max(500, MSG.maxChars(500)).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'approve' && !value.link) ctx.addIssue({ code: 'custom', message: MSG.required, path: ['link'] });
    if (value.action === 'reject' && value.link) ctx.addIssue({ code: 'custom', message: MSG.invalidValue, path: ['link'] });
  });
export type AdminGiftDecisionBody = z.infer<typeof adminGiftDecisionSchema>;

export const adminTemplateReviewSchema = z.object({
  eventId: z.string(),
  eventName: z.string(),
  name: z.string(),
  lang: z.string(),
  status: z.string(),
  /** Meta's rejection reason code, when rejected. */
  reason: z.string().nullable(),
  updatedAt: iso,
});
export const adminTemplateReviewsQuerySchema = adminPagedQuerySchema.extend({ status: z.enum(['attention', 'all']).default('attention') });
export const adminTemplateReviewsPageSchema = paged(adminTemplateReviewSchema);

export const adminMessageFailureSchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  action: z.string(),
  /** 1 SMS, 2 call, 3 WhatsApp. */
  channel: z.number().int(),
  reason: z.string().nullable(),
  attempts: z.number().int(),
  failedAt: iso.nullable(),
});
export const adminMessageFailuresQuerySchema = adminPagedQuerySchema.extend({ channel: z.coerce.number().int().optional() });
export const adminMessageFailuresPageSchema = paged(adminMessageFailureSchema);

export const adminAuditEntrySchema = z.object({
  id: z.string(),
  at: iso,
  adminId: z.string().nullable(),
  /** The admin's e-mail, or `cli` for a command-line action. */
  adminEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = paged(adminAuditEntrySchema);
