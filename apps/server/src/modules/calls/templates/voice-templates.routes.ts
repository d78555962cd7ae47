import { API, eventIdParamsSchema, voiceTemplateEditSchema, voiceTemplatesResponseSchema } from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app.js';
import { authOf, requireAuth } from '../../../platform/auth.js';
import { editVoiceTemplate, getVoiceTemplates } from './voice-templates.service.js';

const tags = ['calls'];
const ID = ':id';

/** `GET voiceTemplate/{id}`, `POST voiceTemplate/edit/{id}`. */
export const registerVoiceTemplateRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.voiceTemplate.get(ID),
    {
      preHandler,
      schema: {
        tags,
        description: "The host's call scripts (greeting, invitation, question, count, closing) and the default script in each event language.",
        params: eventIdParamsSchema,
        response: { 200: voiceTemplatesResponseSchema },
      },
    },
    (request) => getVoiceTemplates(ctx, userIdOf(request), request.params.id),
  );

  app.post(
    API.voiceTemplate.edit(ID),
    {
      preHandler,
      schema: {
        tags,
        description:
          "Saves the host's call script in an event language (premium package only: PREMIUM_REQUIRED). Only the placeholders " +
          '{guestName} {eventName} {date} {time} {place} {countOfInvites}. The default text removes the host script.',
        params: eventIdParamsSchema,
        body: voiceTemplateEditSchema,
        response: { 200: voiceTemplatesResponseSchema },
      },
    },
    (request) => editVoiceTemplate(ctx, userIdOf(request), request.params.id, request.body),
  );
};
