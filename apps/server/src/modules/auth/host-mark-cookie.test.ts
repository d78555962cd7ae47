import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';

let http: TestApp;
let https: TestApp;
beforeAll(async () => {
  [http, https] = await Promise.all([createTestApp(), createTestApp({ APP_URL: 'https://magiim.test' })]);
});
afterAll(async () => {
  await Promise.all([http?.close(), https?.close()]);
});

const setCookieOf = (res: { headers: Record<string, unknown> }): string => {
  const header = res.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : [header];
  const mark = cookies.find((cookie): cookie is string => typeof cookie === 'string' && cookie.startsWith('magiim_host='));
  if (!mark) throw new Error(`no magiim_host cookie in ${JSON.stringify(header)}`);
  return mark;
};

describe('the host mark cookie (magiim_host)', () => {
  it('is set by the server at sign-in: HttpOnly, SameSite=Lax, not Secure on http', async () => {
    const { email } = await signUpHost(http);
    const login = await http.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    const userId = login.json().userData.id as string;
    expect(setCookieOf(login)).toBe(`magiim_host=${userId}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
  });

  it('is Secure when the site is served over https', async () => {
    const { email } = await signUpHost(https);
    const login = await https.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(setCookieOf(login)).toBe(`magiim_host=${login.json().userData.id}; Path=/; Max-Age=31536000; HttpOnly; Secure; SameSite=Lax`);
  });

  it('is cleared at sign-out, also when the session had already ended', async () => {
    const { token } = await signUpHost(https);
    const out = await https.request('POST', '/auth/logout', { token });
    expect(out.statusCode).toBe(200);
    expect(setCookieOf(out)).toBe('magiim_host=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax');
    const again = await https.request('POST', '/auth/logout', { token });
    expect(again.statusCode).toBe(401);
    expect(setCookieOf(again)).toBe('magiim_host=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax');
  });

  it('is cleared by a registration (a verify-only session is no host), for a new and a known address alike', async () => {
    const { email: known } = await signUpHost(http);
    const body = (email: string) => ({ fullName: 'Dana', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' });
    for (const email of [uniqueEmail(), known]) {
      const res = await http.request('POST', '/auth/register', { body: body(email) });
      expect(res.statusCode).toBe(201);
      expect(setCookieOf(res)).toBe('magiim_host=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    }
  });

  it('is not set by a refused sign-in', async () => {
    const { email } = await signUpHost(http);
    const refused = await http.request('POST', '/auth/login', { body: { email, password: 'Wrong-pass1' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});
