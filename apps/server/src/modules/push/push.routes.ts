import { API, DEVICE_ID_HEADER, okResponseSchema, pushTokenInputSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
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
          "Spec §7: the mobile app's push token for this device (the `x-device-id` header, else the session). Replaces the device's previous token, moves a token registered elsewhere here, and is removed when this session signs out. Stored sealed.",
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
        platform: request.body.platform,
      });
    },
  );
};
