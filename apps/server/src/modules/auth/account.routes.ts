import {
  API,
  changePasswordSchema,
  okResponseSchema,
  profileResponseSchema,
  rateLimitedResponseSchema,
  updateGuideTourSchema,
  updateLangSchema,
  updateProfileSchema,
} from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { toUserData } from '../users/public.js';
import { changePassword, setGuideTour, updateLang, updateProfile } from './account.service.js';

const tags = ['user'];

export const registerUserRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);

  app.get(API.user.me, { preHandler, schema: { tags, response: { 200: profileResponseSchema } } }, async (request) => ({
    userData: toUserData(authOf(request).user),
  }));

  app.put(
    API.user.profile,
    { preHandler, schema: { tags, body: updateProfileSchema, response: { 200: profileResponseSchema, 429: rateLimitedResponseSchema } } },
    async (request) => ({ userData: await updateProfile(ctx, authOf(request).user, request.body) }),
  );

  app.put(
    API.user.password,
    { preHandler, schema: { tags, body: changePasswordSchema, response: { 200: okResponseSchema, 429: rateLimitedResponseSchema } } },
    async (request) => {
      const { user, sessionId } = authOf(request);
      await changePassword(ctx, user, sessionId, request.body);
      return { ok: true as const };
    },
  );

  app.put(
    API.user.lang,
    { preHandler, schema: { tags, body: updateLangSchema, response: { 200: profileResponseSchema } } },
    async (request) => ({ userData: await updateLang(ctx, authOf(request).user, request.body.lang) }),
  );

  app.put(
    API.user.guideTour,
    { preHandler, schema: { tags, body: updateGuideTourSchema, response: { 200: profileResponseSchema } } },
    async (request) => ({ userData: await setGuideTour(ctx, authOf(request).user, request.body.on) }),
  );
};
