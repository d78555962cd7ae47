// The app built from source in the benchmark's own process, listening on a free port, with a signed-in host and a
// JSON caller: for benchmarks that also write to the database directly (bench:guests, bench:checkin).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { API_HEADERS, signedInToken } from './bench-server.js';

export const startInProcessApp = async () => {
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgg-')),
    APP_URL: 'http://127.0.0.1',
    RATE_LIMITS: 'off',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  });
  const built = await buildApp(config, { logger: false });
  const place = { placeId: 'bench-hall', name: 'Bench Hall', address: 'Tel Aviv', lat: 32.08, lng: 34.78 };
  // The event needs a place the provider knows; the offline dataset or Google is not what is measured here.
  built.ctx.places = { name: 'bench', suggest: async () => [], details: async (id) => (id === place.placeId ? place : null) };
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const token = await signedInToken(url);
  const auth = { 'x-platform': 'web', authorization: `Bearer ${token}` };
  const api = async (method: string, route: string, body?: unknown) => {
    const res = await fetch(`${url}/api${route}`, {
      method,
      headers: body === undefined ? auth : { ...API_HEADERS, ...auth },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  return { built, url, auth, api, place };
};
