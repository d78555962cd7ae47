import {
  API,
  eventIdParamsSchema,
  messageTemplateDeleteParamsSchema,
  messageTemplateEditSchema,
  messageTemplatesResponseSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app.js';
import { authOf, requireAuth } from '../../../platform/auth.js';
import * as templates from './templates.service.js';

const tags = ['messaging'];
const ID = ':id';

export const registerTemplateRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.messageTemplate.get(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "The host's texts (status and the provider's reason) and the default text for every purpose in each event language.",
        params: eventIdParamsSchema,
        response: { 200: messageTemplatesResponseSchema },
      },
    },
    (request) => templates.getTemplates(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.messageTemplate.edit(ID),
    {
      preHandler,
      schema: {
        tags,
        description:
          'Saves the host text for a purpose (round 2 or 3: that invitation round\'s own text) and language: only the purpose\'s placeholders ({table} in the direction message only), the ' +
          'invitation with {link}, the direction message with {navigationLink}. Before payment it waits (pendingPayment); after, it goes to review (pendingApproval).',
        params: eventIdParamsSchema,
        body: messageTemplateEditSchema,
        response: { 200: messageTemplatesResponseSchema },
      },
    },
    (request) => templates.editTemplate(ctx, userIdOf(request), request.params.id, request.body),
  );

  app.delete(
    API.messageTemplate.delete(ID, ':lang'),
    {
      preHandler,
      schema: {
        tags,
        description: "Removes the host's texts in that language: its guests get the defaults again.",
        params: messageTemplateDeleteParamsSchema,
        response: { 200: messageTemplatesResponseSchema },
      },
    },
    (request) => templates.deleteTemplates(ctx, userIdOf(request), request.params.id, request.params.lang),
  );
};
