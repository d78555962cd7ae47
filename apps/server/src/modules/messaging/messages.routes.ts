import { z } from 'zod';
import {
  actionPreviewSchema,
  actionResendSchema,
  API,
  eventIdParamsSchema,
  guestMessageHistorySchema,
  guestParamsSchema,
  MESSAGE_ACTIONS,
  messageFunnelSchema,
  MSG,
} from '@magiim/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { getFunnel, getGuestHistory, previewAction, resendAction } from './messages.service.js';

const previewQuerySchema = z.object({ action: z.enum(MESSAGE_ACTIONS, { error: MSG.invalidValue }) });
const resendResponseSchema = z.object({ queued: z.number().int() });

/** The host's view of the messages: a guest's history, the funnel per action, a preview before starting, resend. */
export const registerMessagesRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const userIdOf = (request: FastifyRequest) => authOf(request).user.id;
  const tags = ['messages'];

  app.get(
    API.messages.guest(':id', ':guestID'),
    {
      preHandler,
      schema: { tags, description: "Every message of the guest, newest first, with the text as sent.", params: guestParamsSchema, response: { 200: guestMessageHistorySchema } },
    },
    (request) => getGuestHistory(ctx, userIdOf(request), request.params.id, request.params.guestID),
  );

  app.get(
    API.messages.funnel(':id'),
    {
      preHandler,
      schema: {
        tags,
        description: 'Per action: guests frozen, reached (sent, delivered, read), answered since and failed; messages by channel.',
        params: eventIdParamsSchema,
        response: { 200: messageFunnelSchema },
      },
    },
    (request) => getFunnel(ctx, userIdOf(request), request.params.id),
  );

  app.get(
    API.messages.preview(':id'),
    {
      preHandler,
      schema: {
        tags,
        description: 'What starting the action now would send: recipients, messages and SMS parts.',
        params: eventIdParamsSchema,
        querystring: previewQuerySchema,
        response: { 200: actionPreviewSchema },
      },
    },
    (request) => previewAction(ctx, userIdOf(request), request.params.id, request.query.action),
  );

  app.post(
    API.messages.resend(':id'),
    {
      preHandler,
      schema: {
        tags,
        description:
          'A new wave of the action to the guests who did not read it (`unread`) or whose every message failed (`failed`). ' +
          'Only inside the sending hours (400 OUTSIDE_SENDING_HOURS with nextAllowed).',
        params: eventIdParamsSchema,
        body: actionResendSchema,
        response: { 200: resendResponseSchema },
      },
    },
    (request) => resendAction(ctx, userIdOf(request), request.params.id, request.body),
  );
};
