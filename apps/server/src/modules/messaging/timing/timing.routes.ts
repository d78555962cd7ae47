import {
  actionPauseSchema,
  actionStartSchema,
  actionTimingPatchSchema,
  actionTimingsResponseSchema,
  API,
  eventIdParamsSchema,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../../app.js';
import { authOf, requireAuth } from '../../../platform/auth.js';
import * as timing from './timing.service.js';

const tags = ['messaging'];
const params = eventIdParamsSchema;
const PATH_ID = ':id';
// OUTSIDE_SENDING_HOURS's nextAllowed passes through the shared 4xx schema, which keeps an error's extra fields.

export const registerTimingRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;

  app.get(
    API.actionTiming.get(PATH_ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'When each action goes (YYYY-MM-DDTHH:mm, Asia/Jerusalem), the defaults made on first read; whether sending is paused.',
        params,
        response: { 200: actionTimingsResponseSchema },
      },
    },
    (request) => timing.getActionTimings(ctx, userIdOf(request), request.params.id),
  );

  app.patch(
    API.actionTiming.patch(PATH_ID),
    {
      preHandler,
      schema: {
        tags,
        description:
          'Moves or switches actions. A moved time must be in the future, inside the sending hours (else OUTSIDE_SENDING_HOURS with nextAllowed), ' +
          'rounds in order and before the event day, the direction message before the event, the thank-you within 7 days after it. ' +
          'A started action answers ACTION_ALREADY_STARTED.',
        params,
        body: actionTimingPatchSchema,
        response: { 200: actionTimingsResponseSchema },
      },
    },
    (request) => timing.patchActionTimings(ctx, userIdOf(request), request.params.id, request.body),
  );

  app.post(
    API.actionTiming.start(PATH_ID),
    {
      preHandler,
      schema: {
        tags,
        description: 'Starts an action now, only inside the sending hours (else OUTSIDE_SENDING_HOURS with nextAllowed); an unpaid or paused event is refused.',
        params,
        body: actionStartSchema,
        response: { 200: actionTimingsResponseSchema },
      },
    },
    (request) => timing.startActionNow(ctx, userIdOf(request), request.params.id, request.body.action),
  );

  app.post(
    API.actionTiming.pause(PATH_ID),
    {
      preHandler,
      schema: { tags, description: "Pauses or resumes all of the event's sending.", params, body: actionPauseSchema, response: { 200: actionTimingsResponseSchema } },
    },
    (request) => timing.pauseSending(ctx, userIdOf(request), request.params.id, request.body.paused),
  );
};
