import { API, eventIdParamsSchema, eventStatsSchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { authOf, requireAuth } from '../../platform/auth.js';
import { getEventStats } from './stats.service.js';

export const registerStatsRoutes = (app: AppInstance) => {
  const { ctx } = app;
  app.get(
    API.stats(':id'),
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['stats'],
        description: "The event's dashboard figures: answers, people, groups, meals, transport, recent and changed answers.",
        params: eventIdParamsSchema,
        response: { 200: eventStatsSchema },
      },
    },
    (request) => getEventStats(ctx, authOf(request).user.id, request.params.id),
  );
};
