import { API, DEVICE_ID_HEADER, okResponseSchema, pushTokenInputSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, platformOf, requireAuth } from '../../platform/auth.js';
import { registerPushToken } from './push-tokens.service.js';

export const registerPushRoutes = (app: AppInstance) => {
  const { ctx } = app;
  app.patch(
    API.pushToken,
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['notifications'],
        description:
          "Spec §7: the mobile app's push token for this device (the `x-device-id` header, else the session). Replaces the device's previous token, moves a token registered elsewhere here, and is removed when this session signs out. Stored sealed. `platform` may be left out (spec §7 sends only the token): the `x-platform` header says it.",
        body: pushTokenInputSchema,
        response: { 200: okResponseSchema },
      },
    },
    (request) => {
      const { user, sessionId } = authOf(request);
      const header = request.headers[DEVICE_ID_HEADER];
      return registerPushToken(ctx, {
        userId: user.id,
        sessionId,
        deviceId: typeof header === 'string' ? header : undefined,
        token: request.body.pushNotificationToken,
        // Spec §7 sends only the token: the platform is then the app's own header (ios, android or web).
        platform: request.body.platform ?? platformOf(request) ?? 'web',
      });
    },
  );
};
