import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';

/**
 * Stored files (event images) at /media/<key>, outside /api: image tags and link-preview robots send no
 * headers. Keys change with every upload, so an answer may be cached for a year.
 */
export const registerMediaRoutes = async (app: FastifyInstance) => {
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const file = await app.ctx.storage.get(request.params['*']);
    if (!file) throw new AppError('NOT_FOUND', 'no such file');
    return reply
      .type(file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(file.data);
  });
};
