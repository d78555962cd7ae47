import {
  API,
  eventIdParamsSchema,
  okResponseSchema,
  publicAnswerParamsSchema,
  publicAnswersQuerySchema,
  publicAnswersResponseSchema,
  publicLinkSettingsSchema,
  publicLinkStateSchema,
} from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import * as publicLink from './public-link.service.js';

/** The host's side of the public link: who may answer on it, and the answers it kept for the host. */
export const registerPublicLinkRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const ID = ':id';

  app.get(
    API.event.publicLink(ID),
    {
      preHandler,
      schema: {
        tags: ['events'],
        description: 'Who may answer on the public link (off, listed guests only, or new guests too), the new-guest budget and what it used, and what waits for the host.',
        params: eventIdParamsSchema,
        response: { 200: publicLinkStateSchema },
      },
    },
    (request) => publicLink.getPublicLink(ctx, authOf(request).user.id, request.params.id),
  );

  app.put(
    API.event.publicLink(ID),
    {
      preHandler,
      schema: {
        tags: ['events'],
        description: 'Sets who may answer on the public link, whether new guests wait for approval, and how many new guests it may add.',
        params: eventIdParamsSchema,
        body: publicLinkSettingsSchema,
        response: { 200: publicLinkStateSchema },
      },
    },
    (request) => publicLink.setPublicLink(ctx, authOf(request).user.id, request.params.id, request.body),
  );

  app.get(
    API.guests.publicAnswers(ID),
    {
      preHandler,
      schema: {
        tags: ['guests'],
        description: 'Public-link answers kept for the host, oldest first: listed guests\' answers beside their own (kind=answers) and new phones waiting for approval (kind=guests).',
        params: eventIdParamsSchema,
        querystring: publicAnswersQuerySchema,
        response: { 200: publicAnswersResponseSchema },
      },
    },
    (request) => publicLink.listPublicAnswers(ctx, authOf(request).user.id, request.params.id, request.query),
  );

  app.post(
    API.guests.applyPublicAnswer(ID, ':answerId'),
    {
      preHandler,
      schema: {
        tags: ['guests'],
        description: 'Applies a kept answer to its guest (RESPONDERS_ABOVE_INVITEES above the invitation), or approves a new phone as a guest with its answer (INVITEE_LIMIT_REACHED, PHONE_EXISTS).',
        params: publicAnswerParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await publicLink.applyPublicAnswer(ctx, authOf(request).user.id, request.params.id, request.params.answerId);
      return { ok: true as const };
    },
  );

  app.post(
    API.guests.dismissPublicAnswer(ID, ':answerId'),
    {
      preHandler,
      schema: {
        tags: ['guests'],
        description: "Dismisses a kept answer (the guest's own answer stays) or turns a new phone away.",
        params: publicAnswerParamsSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await publicLink.dismissPublicAnswer(ctx, authOf(request).user.id, request.params.id, request.params.answerId);
      return { ok: true as const };
    },
  );
};
