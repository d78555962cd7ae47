import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@magiim.test' });
});
afterAll(async () => {
  await t?.close();
});

describe('system endpoints', () => {
  it('reports health without a platform header', async () => {
    const res = await t.request('GET', '/health', { platform: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('tells the web app what it needs before sign-in', async () => {
    expect((await t.request('GET', '/config')).json()).toEqual({ googleClientId: null, supportEmail: 'help@magiim.test', devMailbox: true, googleContacts: 'sandbox', supportWhatsappNumber: null });
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.request('GET', '/docs', { platform: null });
    expect(res.json().info.title).toBe('Magiim API');
  });

  it('answers unknown API paths with a JSON 404, never the web app', async () => {
    const res = await t.request('GET', '/no/such/endpoint');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('sends JSON with the API set of security headers: never sniffed, framed or run', async () => {
    const res = await t.request('GET', '/health');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // Policies for documents only (a page's links and features) are not sent with JSON.
    expect(res.headers['referrer-policy']).toBeUndefined();
    expect(res.headers['permissions-policy']).toBeUndefined();
  });
});
