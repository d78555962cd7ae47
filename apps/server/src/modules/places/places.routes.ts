import { API, placeSuggestionsSchema, placeSuggestQuerySchema } from '@magiim/shared';
import type { AppInstance } from '../../app.js';
import { requireAuth } from '../../platform/auth.js';

export const registerPlacesRoutes = (app: AppInstance) => {
  const { ctx } = app;
  app.get(
    API.places.suggest,
    {
      preHandler: requireAuth(ctx),
      schema: {
        tags: ['places'],
        description: 'Suggestions for the event location field; the chosen placeId is what an event stores.',
        querystring: placeSuggestQuerySchema,
        response: { 200: placeSuggestionsSchema },
      },
    },
    async (request) => ctx.places.suggest(request.query.q, request.query.lang),
  );
};
