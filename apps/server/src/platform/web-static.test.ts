import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const APP_JS = `export const greeting = ${JSON.stringify('שלום '.repeat(400))};\n`;
const INDEX = `<!doctype html><html lang="he" dir="rtl"><body><div id="root">${'<p>splash</p>'.repeat(100)}</div></body></html>`;
const LOGIN = `<!doctype html><html lang="he" dir="rtl"><body><div id="root">${'<p>sign in</p>'.repeat(100)}</div></body></html>`;

/**
 * A stand-in for the built SPA with the precompressed siblings the build writes. Each sibling carries a
 * marker, so a test can tell the file from disk from one compressed on the fly.
 */
const fakeWebDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'magiim-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (name: string, body: string, precompressed: boolean) => {
    writeFileSync(path.join(dir, name), body);
    if (!precompressed) return;
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(`${body}/*br-from-disk*/`));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(`${body}/*gz-from-disk*/`));
  };
  write('index.html', INDEX, true);
  write('login.html', LOGIN, true);
  write('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(300)}</svg>`, true);
  write('assets/app-3f9a1c.js', APP_JS, true);
  write('assets/font-77aa.woff2', 'wOF2'.padEnd(4096, '\u0001'), false);
  return dir;
};

describe('web static files: compression and caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: fakeWebDist() });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('serves hashed assets precompressed (brotli preferred) and immutable for a year', async () => {
    const br = await get('/assets/app-3f9a1c.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${APP_JS}/*br-from-disk*/`);

    const gz = await get('/assets/app-3f9a1c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(`${APP_JS}/*gz-from-disk*/`);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/app-3f9a1c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('never compresses files that are compressed already (fonts)', async () => {
    const font = await get('/assets/font-77aa.woff2', 'br, gzip');
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-encoding']).toBeUndefined();
    expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes index.html, the SPA fallback and unhashed files revalidate every time', async () => {
    for (const url of ['/index.html', '/login', '/login/en', '/reset-password/abc', '/favicon.svg']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
    }
    const fallback = await get('/reset-password/abc', 'br');
    expect(brotliDecompressSync(fallback.rawPayload).toString()).toBe(`${INDEX}/*br-from-disk*/`);
    expect(fallback.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers /login and /login/<lang> with the light sign-in page, everything else with the SPA', async () => {
    for (const url of ['/login', '/login?next=%2FuserSettings', '/login/', '/login/en', '/login/xx?platform=ios']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(`${LOGIN}/*br-from-disk*/`);
    }
    const plain = await get('/login/en');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(LOGIN);
    for (const url of ['/loginx', '/login/en/extra', '/register/en', '/manage-events']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(`${INDEX}/*br-from-disk*/`);
    }
    expect((await t.app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it('answers a missing hashed asset 404, not with the SPA page', async () => {
    const res = await get('/assets/app-old.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('compresses large text API answers with brotli or gzip and leaves small ones alone', async () => {
    const docsBr = await get('/api/docs', 'gzip, br');
    expect(docsBr.statusCode).toBe(200);
    expect(docsBr.headers['content-encoding']).toBe('br');
    const docsJson = JSON.parse(brotliDecompressSync(docsBr.rawPayload).toString()) as { openapi: string };
    expect(docsJson.openapi).toBe('3.0.3');
    expect(docsBr.rawPayload.length).toBeLessThan(JSON.stringify(docsJson).length / 4);

    const docsGz = await get('/api/docs', 'gzip');
    expect(docsGz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docsGz.rawPayload).toString())).toEqual(docsJson);

    const identity = await get('/api/docs');
    expect(identity.headers['content-encoding']).toBeUndefined();

    const health = await get('/api/health', 'br, gzip');
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('inflates a gzip request body on a route that takes a body; a GET never looks at content-encoding', async () => {
    const body = gzipSync(JSON.stringify({ email: 'nobody@example.com', password: 'Wrong-password-1' }));
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: body,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-platform': 'web' },
    });
    // Read as JSON (a wrong password), not refused as a malformed body.
    expect(login.statusCode).toBe(401);
    const config = await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'content-encoding': 'x-unknown', 'x-platform': 'web' } });
    expect(config.statusCode).toBe(200);
  });
});
