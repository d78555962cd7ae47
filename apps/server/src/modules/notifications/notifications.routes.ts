import { API, notificationsResponseSchema, okResponseSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { listNotifications, markNotificationsRead } from './notifications.service.js';

export const registerNotificationRoutes = (app: AppInstance) => {
  const { ctx } = app;
  const preHandler = requireAuth(ctx);
  const tags = ['notifications'];
  app.get(
    API.notifications.list,
    {
      preHandler,
      schema: {
        tags,
        description: "The bell: the newest notifications of the caller's events (answers grouped per event and kind) and the unread count.",
        response: { 200: notificationsResponseSchema },
      },
    },
    (request) => listNotifications(ctx, authOf(request).user.id),
  );
  app.put(
    API.notifications.read,
    { preHandler, schema: { tags, description: "Marks every notification of the caller's events read.", response: { 200: okResponseSchema } } },
    (request) => markNotificationsRead(ctx, authOf(request).user.id),
  );
};
