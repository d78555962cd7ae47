import {
  API,
  googleLoginSchema,
  langParamsSchema,
  loginResponseSchema,
  loginSchema,
  okResponseSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordSchema,
  sendPasswordResetSchema,
  verifyEmailResponseSchema,
  verifyEmailSchema,
} from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, clientInfoOf, requireAuth } from '../../platform/auth.js';
import * as auth from './auth.service.js';

const tags = ['auth'];

export const registerAuthRoutes = (app: AppInstance) => {
  const { ctx } = app;

  app.post(
    API.auth.register,
    { schema: { tags, body: registerSchema, response: { 201: registerResponseSchema } } },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body, clientInfoOf(request));
      return reply.code(201).send(result);
    },
  );

  app.post(API.auth.login, { schema: { tags, body: loginSchema, response: { 200: loginResponseSchema } } }, (request) =>
    auth.login(ctx, request.body, clientInfoOf(request)),
  );

  app.post(
    API.auth.google,
    { schema: { tags, body: googleLoginSchema, response: { 200: loginResponseSchema } } },
    (request) => auth.loginWithGoogle(ctx, request.body, clientInfoOf(request)),
  );

  app.post(
    API.auth.logout,
    { preHandler: requireAuth(ctx, ['full', 'verify_email']), schema: { tags, response: { 200: okResponseSchema } } },
    async (request) => {
      const { user, sessionId } = authOf(request);
      await auth.logout(ctx, user.id, sessionId);
      return { ok: true as const };
    },
  );

  app.post(
    API.auth.verifyEmail,
    { schema: { tags, body: verifyEmailSchema, response: { 200: verifyEmailResponseSchema } } },
    (request) => auth.verifyEmail(ctx, request.body.token),
  );

  app.get(
    API.auth.resendVerificationEmail(':lang'),
    {
      preHandler: requireAuth(ctx, ['full', 'verify_email']),
      schema: { tags, params: langParamsSchema, response: { 200: okResponseSchema } },
    },
    async (request) => {
      await auth.resendVerificationEmail(ctx, authOf(request).user.id, request.params.lang);
      return { ok: true as const };
    },
  );

  app.post(
    API.auth.sendPasswordReset(':lang'),
    { schema: { tags, params: langParamsSchema, body: sendPasswordResetSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await auth.sendPasswordReset(ctx, request.body.email, request.params.lang);
      return { ok: true as const };
    },
  );

  app.post(
    API.auth.resetPassword,
    { schema: { tags, body: resetPasswordSchema, response: { 200: okResponseSchema } } },
    async (request) => {
      await auth.resetPassword(ctx, request.body.token, request.body.password);
      return { ok: true as const };
    },
  );
};
