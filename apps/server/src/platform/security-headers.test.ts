import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../test/test-app.js';
import { contentSecurityPolicy } from './security-headers.js';

/** A stand-in for the built SPA, so the HTML answers exist without a web build. */
const fakeWebDist = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'magiim-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
  return dir;
};

const directives = (policy: string) => Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));

describe('content security policy', () => {
  it('allows no inline script and nothing from Google while Google sign-in is off', () => {
    const policy = directives(contentSecurityPolicy({ googleClientId: undefined }));
    expect(policy['script-src']).toBe("'self'");
    expect(policy['frame-src']).toBe("'self'");
    expect(policy['connect-src']).toBe("'self'");
    expect(policy).toMatchObject({ 'frame-ancestors': "'none'", 'object-src': "'none'", 'base-uri': "'self'", 'form-action': "'self'" });
  });

  it("allows Google's host when Google sign-in is on", () => {
    const policy = directives(contentSecurityPolicy({ googleClientId: 'client.apps.googleusercontent.com' }));
    expect(policy['script-src']).toBe("'self' https://accounts.google.com");
    expect(policy['frame-src']).toBe("'self' https://accounts.google.com");
    expect(policy['connect-src']).toBe("'self' https://accounts.google.com");
  });
});

describe('security headers', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    const web = fakeWebDist();
    [t, https] = await Promise.all([
      createTestApp({ WEB_DIST_DIR: web }),
      createTestApp({ WEB_DIST_DIR: web, APP_URL: 'https://app.magiim.test', GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), https?.close()]);
  });

  it('sends the SPA with its policy, and no HSTS over http', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/reset-password/abc' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy({ googleClientId: undefined }));
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['cache-control']).not.toBe('no-store');
  });

  it('sends no policy with a 304, so a revalidated page keeps its own and still runs its scripts', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/login' });
    const validator = first.headers.etag ? { 'if-none-match': String(first.headers.etag) } : { 'if-modified-since': String(first.headers['last-modified']) };
    const again = await t.app.inject({ method: 'GET', url: '/login', headers: validator });
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
  });

  it('sends HSTS and the Google-enabled policy when APP_URL is https', async () => {
    const page = await https.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000');
    expect(page.headers['content-security-policy']).toContain('script-src \'self\' https://accounts.google.com');
  });

  it('marks every API answer with personal data or a token no-store, and leaves health and config cacheable', async () => {
    const { token } = await signUpHost(t);
    const login = await t.request('POST', '/auth/login', { body: { email: 'nobody@example.com', password: 'Wrong-2026' } });
    const me = await t.request('GET', '/user/me', { token });
    for (const res of [login, me]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    }
    expect((await t.request('GET', '/nope')).headers['cache-control']).toBe('no-store');
    for (const url of ['/health', '/config']) expect((await t.request('GET', url)).headers['cache-control']).toBeUndefined();
  });

  it('sends a file the strictest policy and the document headers (a file opened on its own is a document)', async () => {
    const file = await t.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(file.headers['referrer-policy']).toBe('no-referrer');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
  });
});
