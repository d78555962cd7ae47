import { API, loginResponseSchema, ottInputSchema, ottRedeemInputSchema, ottResponseSchema, rateLimitedResponseSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, clientInfoOf, requireAuth } from '../../platform/auth.js';
import { setHostMark } from './host-mark-cookie.js';
import { createSignInLink, redeemSignInLink } from './one-time-sign-in.service.js';

const tags = ['auth'];

/** One-time sign-in links: the app's web view hands a signed-in user to the system browser (issue 17, spec `/ott`). */
export const registerOneTimeSignInRoutes = (app: AppInstance): void => {
  const { ctx } = app;

  app.post(
    API.ott.create,
    {
      preHandler: requireAuth(ctx),
      schema: { tags, body: ottInputSchema, response: { 200: ottResponseSchema, 429: rateLimitedResponseSchema } },
    },
    (request) => createSignInLink(ctx, authOf(request).user.id, request.body.next),
  );

  app.post(
    API.ott.redeem,
    { schema: { tags, body: ottRedeemInputSchema, response: { 200: loginResponseSchema, 429: rateLimitedResponseSchema } } },
    async (request, reply) => {
      const session = await redeemSignInLink(ctx, request.body.token, clientInfoOf(request));
      setHostMark(reply, ctx.config, session.userData.id);
      return session;
    },
  );
};
