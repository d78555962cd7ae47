import { z } from 'zod';
import {
  API,
  ADMIN_PAGE_SIZE,
  adminAuditPageSchema,
  adminCouponsPageSchema,
  adminEventsPageSchema,
  adminGiftDecisionSchema,
  adminGiftRequestSchema,
  adminGiftRequestsPageSchema,
  adminGiftRequestsQuerySchema,
  adminMessageFailuresPageSchema,
  adminMessageFailuresQuerySchema,
  adminOrdersPageSchema,
  adminOrdersQuerySchema,
  adminPagedQuerySchema,
  adminTemplateReviewsPageSchema,
  adminTemplateReviewsQuerySchema,
  adminUserActionSchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  MSG,
} from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { adminIdOf, requireAdmin } from './require-admin.js';
import * as admin from './administration.service.js';

const tags = ['administration'];
const ACCESS = 'Administrators only: no session 401, a host 403 FORBIDDEN.';
const PAGED = `Paged: \`page\` from 1, ${ADMIN_PAGE_SIZE} rows a page, \`hasMore\` when another page follows.`;
const userIdParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }) });
const eventIdParamsSchema = z.object({ eventId: z.uuid({ error: MSG.invalidValue }) });

/** Issue 22: the administration's API (spec §7 `apps/user/users`, ours under `/admin`). Admins only. */
export const registerAdministrationRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAdmin(ctx);

  // ── Users (spec §7) ──
  app.get(
    API.apps.users,
    {
      preHandler,
      schema: {
        tags,
        description: `Accounts, newest first; \`q\` searches the name or e-mail. ${PAGED} ${ACCESS}`,
        querystring: adminPagedQuerySchema,
        response: { 200: adminUsersPageSchema },
      },
    },
    (request) => admin.listUsers(ctx, request.query.q, request.query.page),
  );

  app.get(
    API.apps.user(':id'),
    {
      preHandler,
      schema: {
        tags,
        description: `One account: its events, orders and sign-ins (when, from what device, still active; no IP). 404 for an unknown id. ${ACCESS}`,
        params: userIdParamsSchema,
        response: { 200: adminUserDetailSchema },
      },
    },
    (request) => admin.getUserDetail(ctx, request.params.id),
  );

  app.post(
    API.apps.users,
    {
      preHandler,
      schema: {
        tags,
        description:
          '`block` (sign-in then answers USER_BLOCKED; every session of the account ends at once), `unblock`, or `deregister` ' +
          '(the account is erased as when its owner deletes it). A reason is required and goes to the audit log. Blocking or ' +
          `deregistering oneself or another administrator: 409 CONFLICT. Answers the account's detail, or \`{ok: true}\` after deregister. ${ACCESS}`,
        body: adminUserActionSchema,
        response: { 200: z.union([adminUserDetailSchema, z.object({ ok: z.literal(true) })]) },
      },
    },
    (request) => admin.actOnUser(ctx, adminIdOf(request), request.body),
  );

  // ── The console's other lists ──
  app.get(
    API.admin.events,
    {
      preHandler,
      schema: {
        tags,
        description: `Events, newest first; \`q\` searches the event's names and the owner's e-mail. ${PAGED} ${ACCESS}`,
        querystring: adminPagedQuerySchema,
        response: { 200: adminEventsPageSchema },
      },
    },
    (request) => admin.listEvents(ctx, request.query.q, request.query.page),
  );

  app.get(
    API.admin.orders,
    {
      preHandler,
      schema: {
        tags,
        description:
          'Orders, newest first. `status`: paid, refunded (a refund was made), failed, open (created or pending), attention (money that matched no order: needsAttention), all. `q`: the ' +
          `buyer's e-mail, the event's name or the order number. ${PAGED} ${ACCESS}`,
        querystring: adminOrdersQuerySchema,
        response: { 200: adminOrdersPageSchema },
      },
    },
    (request) => admin.listOrders(ctx, request.query.status, request.query.q, request.query.page),
  );

  app.get(
    API.admin.coupons,
    {
      preHandler,
      schema: {
        tags,
        description: `Coupons, newest first; \`q\` searches the code. ${PAGED} ${ACCESS}`,
        querystring: adminPagedQuerySchema,
        response: { 200: adminCouponsPageSchema },
      },
    },
    (request) => admin.listCoupons(ctx, request.query.q, request.query.page),
  );

  app.get(
    API.admin.giftRequests,
    {
      preHandler,
      schema: {
        tags,
        description:
          'Gift-link registrations: `pending` (under review, oldest first) or `all` (newest first); the holder\'s name only, no bank ' +
          `details. \`q\`: the event's name or the owner's e-mail. ${PAGED} ${ACCESS}`,
        querystring: adminGiftRequestsQuerySchema,
        response: { 200: adminGiftRequestsPageSchema },
      },
    },
    (request) => admin.listGiftRequests(ctx, request.query.status, request.query.q, request.query.page),
  );

  app.post(
    API.admin.giftDecision(':eventId'),
    {
      preHandler,
      schema: {
        tags,
        description:
          'Decides a registration under review: `approve` with the gift `link` the provider gave, or `reject` (the reason, on one ' +
          'line of up to 300, is what the host reads). The host gets an e-mail; the audit log keeps the reason. 404 when the event has ' +
          `no registration, 409 CONFLICT when it is not under review. ${ACCESS}`,
        params: eventIdParamsSchema,
        body: adminGiftDecisionSchema,
        response: { 200: adminGiftRequestSchema },
      },
    },
    (request) => admin.decideGiftRequest(ctx, adminIdOf(request), request.params.eventId, request.body),
  );

  app.get(
    API.admin.templateReviews,
    {
      preHandler,
      schema: {
        tags,
        description:
          "The events' WhatsApp templates at Meta, newest change first: `attention` (rejected, paused, disabled, or still under review " +
          `after a day) or \`all\`. \`q\`: the event's name or the template's. ${PAGED} ${ACCESS}`,
        querystring: adminTemplateReviewsQuerySchema,
        response: { 200: adminTemplateReviewsPageSchema },
      },
    },
    (request) => admin.listTemplateReviews(ctx, request.query.status, request.query.q, request.query.page),
  );

  app.get(
    API.admin.messageFailures,
    {
      preHandler,
      schema: {
        tags,
        description:
          'Messages that failed, across events, newest first: the event, the action, the channel and the reason (no guest, phone or ' +
          `text). \`channel\`: 1 SMS, 2 call, 3 WhatsApp. \`q\`: the event's name. ${PAGED} ${ACCESS}`,
        querystring: adminMessageFailuresQuerySchema,
        response: { 200: adminMessageFailuresPageSchema },
      },
    },
    (request) => admin.listMessageFailures(ctx, request.query.channel, request.query.q, request.query.page),
  );

  app.get(
    API.admin.audit,
    {
      preHandler,
      schema: {
        tags,
        description:
          'The audit log, newest first: who (`cli` for the command line), what, on what, when and why. `q`: an action, a target id or ' +
          `words of the reason. ${PAGED} ${ACCESS}`,
        querystring: adminPagedQuerySchema,
        response: { 200: adminAuditPageSchema },
      },
    },
    (request) => admin.listAudit(ctx, request.query.q, request.query.page),
  );
};
