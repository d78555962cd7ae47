import { API, eventIdParamsSchema, giftAccountSchema, giftRegistrationSchema } from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import * as gifts from './gifts.service.js';

const tags = ['gifts'];
const ID = ':id';

export const registerGiftRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.gifts.get(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "The event's gift-link account: NOT_REGISTERED, REGISTERED (under review), APPROVED (with the link) or REJECTED (with the reason). The registration is shown masked.",
        params: eventIdParamsSchema,
        response: { 200: giftAccountSchema },
      },
    },
    (request) => gifts.getGiftAccount(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.gifts.register(ID),
    {
      preHandler,
      schema: {
        tags,
        description:
          'Registers the owner for the card provider\'s gift link (ID number and bank account are stored sealed). Allowed when not registered or rejected; CONFLICT while under review or approved. Owner only (FORBIDDEN for co-hosts).',
        params: eventIdParamsSchema,
        body: giftRegistrationSchema,
        response: { 200: giftAccountSchema },
      },
    },
    (request) => gifts.registerGiftAccount(ctx, userIdOf(request), request.params.id, request.body),
  );
};
