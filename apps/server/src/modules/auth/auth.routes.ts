import {
  API,
  checkResetTokenResponseSchema,
  checkResetTokenSchema,
  DEVICE_ID_HEADER,
  rateLimitedResponseSchema,
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
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { authOf, clientInfoOf, requireAuth } from '../../platform/auth.js';
import * as auth from './auth.service.js';
import { setHostMark } from './host-mark-cookie.js';

const tags = ['auth'];
const tooMany = rateLimitedResponseSchema;
const deviceHeaders = z.looseObject({
  [DEVICE_ID_HEADER]: z
    .string()
    .optional()
    .describe('Opaque random id the client keeps (16–100 characters); a device that signed in before gets in while the account is locked'),
});

export const registerAuthRoutes = (app: AppInstance) => {
  const { ctx } = app;

  app.post(
    API.auth.register,
    { schema: { tags, body: registerSchema, response: { 201: registerResponseSchema, 429: tooMany } } },
    async (request, reply) => {
      const result = await auth.register(ctx, request.body, clientInfoOf(request));
      // A verify-only session is no host's: the browser is unmarked, the same for a known and a new address.
      setHostMark(reply, ctx.config, null);
      return reply.code(201).send(result);
    },
  );

  app.post(
    API.auth.login,
    { schema: { tags, headers: deviceHeaders, body: loginSchema, response: { 200: loginResponseSchema, 429: tooMany } } },
    async (request, reply) => {
      const session = await auth.login(ctx, { ...request.body, deviceId: request.headers[DEVICE_ID_HEADER] }, clientInfoOf(request));
      setHostMark(reply, ctx.config, session.userData.id);
      return session;
    },
  );

  app.post(
    API.auth.google,
    { schema: { tags, body: googleLoginSchema, response: { 200: loginResponseSchema, 429: tooMany } } },
    async (request, reply) => {
      const session = await auth.loginWithGoogle(ctx, request.body, clientInfoOf(request));
      setHostMark(reply, ctx.config, session.userData.id);
      return session;
    },
  );

  app.post(
    API.auth.logout,
    {
      // Unmarked even when the session had already ended (the 401 keeps the header).
      onRequest: (_request, reply, done) => {
        setHostMark(reply, ctx.config, null);
        done();
      },
      preHandler: requireAuth(ctx, ['full', 'verify_email']),
      schema: { tags, response: { 200: okResponseSchema } },
    },
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
      schema: { tags, params: langParamsSchema, response: { 200: okResponseSchema, 429: tooMany } },
    },
    async (request) => {
      const { user, scope } = authOf(request);
      await auth.resendVerificationEmail(ctx, user.id, request.params.lang, scope);
      return { ok: true as const };
    },
  );

  app.post(
    API.auth.sendPasswordReset(':lang'),
    { schema: { tags, params: langParamsSchema, body: sendPasswordResetSchema, response: { 200: okResponseSchema, 429: tooMany } } },
    async (request) => {
      await auth.sendPasswordReset(ctx, request.body.email, request.params.lang);
      return { ok: true as const };
    },
  );

  app.post(
    API.auth.checkResetToken,
    { schema: { tags, body: checkResetTokenSchema, response: { 200: checkResetTokenResponseSchema, 429: tooMany } } },
    (request) => auth.checkResetToken(ctx, request.body.token, clientInfoOf(request)),
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
