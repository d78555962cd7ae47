import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@magiim/shared';
import type { AppInstance } from '../app.js';
import type { Config } from './env.js';
import { AppError } from './errors.js';

const webDistDir = (config: Config): string =>
  config.webDistDir ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Serves the built SPA; unknown non-API GETs get index.html so the client router decides. */
export const registerWebApp = async (app: AppInstance, config: Config): Promise<void> => {
  const dist = webDistDir(config);
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) || request.url === API_BASE || !hasWeb || request.method !== 'GET') {
      return reply.code(404).send(new AppError('NOT_FOUND', 'not found').toBody());
    }
    // Client-side routes: the SPA decides (unknown paths go to /error-404 there).
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

};
