import {
  API,
  cohostAcceptInputSchema,
  cohostAcceptResponseSchema,
  cohostInvitationInfoSchema,
  cohostInvitationQuerySchema,
  cohostInvitationSchema,
  cohostInviteInputSchema,
  cohostListSchema,
  cohostParamsSchema,
  eventIdParamsSchema,
  okResponseSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import * as cohosts from './cohosts.service.js';

const tags = ['cohosts'];
const ID = ':id';
const USER_ID = ':userId';

export const registerCohostRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.cohosts.list(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "The event's members (owner first) and, for the owner, the open invitations. Any member may read.",
        params: eventIdParamsSchema,
        response: { 200: cohostListSchema },
      },
    },
    (request) => cohosts.listCohosts(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.cohosts.list(ID),
    {
      preHandler,
      schema: {
        tags,
        description:
          'Owner only: e-mails a single-use link (7 days) to the address. A member\'s address → CONFLICT; an address already invited gets a new link and the old one stops working.',
        params: eventIdParamsSchema,
        body: cohostInviteInputSchema,
        response: { 200: cohostInvitationSchema },
      },
    },
    (request) => cohosts.inviteCohost(ctx, userIdOf(request), request.params.id, request.body.email),
  );

  app.delete(
    API.cohosts.one(ID, USER_ID),
    {
      preHandler,
      schema: {
        tags,
        description: "Owner only: removes a co-host (by user id, refused at their next request) or revokes an open invitation (by the invitation's id). The owner cannot be removed.",
        params: cohostParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await cohosts.removeCohost(ctx, userIdOf(request), request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );

  app.get(
    API.cohosts.invitation,
    {
      schema: {
        tags,
        description: "Public: the event and the inviter an invitation link is for (INVITE_LINK_INVALID when used, revoked, expired or unknown).",
        querystring: cohostInvitationQuerySchema,
        response: { 200: cohostInvitationInfoSchema },
      },
    },
    (request) => cohosts.getInvitation(ctx, request.query.token),
  );

  app.post(
    API.cohosts.accept,
    {
      preHandler,
      schema: {
        tags,
        description: 'The signed-in account becomes a co-host of the link\'s event, once (INVITE_LINK_INVALID otherwise; CONFLICT for a member).',
        body: cohostAcceptInputSchema,
        response: { 200: cohostAcceptResponseSchema },
      },
    },
    (request) => cohosts.acceptInvitation(ctx, userIdOf(request), request.body.token),
  );
};
