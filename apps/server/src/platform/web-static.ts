import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { API_BASE } from '@magiim/shared';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../app.js';
import type { Config } from './env.js';
import { AppError } from './errors.js';

const webDistDir = (config: Config): string =>
  config.webDistDir ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Vite puts a content hash in every file name under /assets: a changed file gets a new name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Compresses text answers on the fly (brotli first, then gzip). Must be registered before the routes it
 * covers (it hooks each route as it is added). Small bodies and types that are compressed already (images,
 * fonts, archives) are left alone: mime-db decides what is compressible.
 */
export const registerCompression = async (app: AppInstance): Promise<void> => {
  // The plugin also inflates gzip or brotli request bodies, through a preParsing hook on every route. A GET or
  // HEAD has no body: those routes are spared the hook (this onRoute runs before the plugin's).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) route.config = { ...route.config, decompress: false };
  });
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Quality 4 is near gzip's speed with a smaller result; the static files are precompressed at 11.
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
};

/**
 * Serves the built SPA; unknown non-API GETs get index.html so the client router decides. The sign-in page is
 * its own light page (login.html: React and plain HTML, no MUI or router), answered at /login and /login/<lang>.
 */
export const registerWebApp = async (app: AppInstance, config: Config): Promise<void> => {
  const dist = webDistDir(config);
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  const hasLoginPage = hasWeb && existsSync(path.join(dist, 'login.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text file (apps/web/scripts/precompress.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const inAssets = path.relative(dist, filePath).split(path.sep)[0] === 'assets';
        res.setHeader('cache-control', inAssets ? IMMUTABLE : 'no-cache');
        // The same URL answers brotli, gzip or plain: shared caches must key on the encoding.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  if (hasLoginPage) {
    const loginPage = async (_request: unknown, reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('login.html');
    app.get('/login', loginPage);
    app.get('/login/:lang', loginPage);
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API_BASE}/`) || request.url === API_BASE || !hasWeb || request.method !== 'GET') {
      return reply.code(404).send(new AppError('NOT_FOUND', 'not found').toBody());
    }
    // Client-side routes: the SPA decides (unknown paths go to /error-404 there). A missing hashed asset
    // (an old page asking for a file of the previous deploy) is a real 404, not the SPA.
    if (request.url.startsWith('/assets/')) {
      return reply.code(404).header('cache-control', 'no-cache').send(new AppError('NOT_FOUND', 'not found').toBody());
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
};
