import type { FastifyInstance } from 'fastify';
import { getPreviewCard } from './preview-card.service.js';

/**
 * The link-preview card of an event without an uploaded image, outside /api: link-preview robots send no headers.
 * An address changes whenever the card would, so an answer may be cached for a year.
 */
export const registerPreviewCardRoutes = async (app: FastifyInstance) => {
  app.get<{ Params: { event: string; file: string } }>('/card/:event/:file', { schema: { hide: true } }, async (request, reply) => {
    const jpeg = await getPreviewCard(app.ctx, request.params.event, request.params.file);
    return reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(jpeg);
  });
};
