import { API, okResponseSchema, rateLimitedResponseSchema, supportContactSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { sendContactMessage } from './support.service.js';

const tags = ['support'];

export const registerSupportRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);

  app.post(
    API.support.contact,
    { preHandler, schema: { tags, body: supportContactSchema, response: { 200: okResponseSchema, 429: rateLimitedResponseSchema } } },
    async (request) => {
      await sendContactMessage(ctx, authOf(request).user, request.body);
      return { ok: true as const };
    },
  );
};
