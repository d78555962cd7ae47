import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on' });
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, ip: string) => t.request('POST', '/auth/login', { body: { email, password }, ip });

describe('rate limits', () => {
  it('locks an account after 10 failed logins in 15 minutes, even from other IPs and with the right password', async () => {
    const { email } = await signUpHost(t);
    for (let i = 0; i < 10; i++) {
      expect((await login(email, 'Wrong-pass1', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const locked = await login(email, PASSWORD, '10.1.1.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('RATE_LIMITED');
  });

  it('limits one IP to 10 failed logins across accounts; another IP is unaffected', async () => {
    const { email } = await signUpHost(t);
    for (let i = 0; i < 10; i++) {
      expect((await login(uniqueEmail('guess'), 'Wrong-pass1', '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await login(email, PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });

  it('allows 3 password-reset requests per hour per e-mail', async () => {
    const email = uniqueEmail('reset');
    for (let i = 0; i < 3; i++) {
      expect((await t.request('POST', '/auth/sendPasswordReset/he', { body: { email }, ip: `10.3.0.${i}` })).statusCode).toBe(200);
    }
    expect((await t.request('POST', '/auth/sendPasswordReset/he', { body: { email } })).statusCode).toBe(429);
    expect((await t.request('POST', '/auth/sendPasswordReset/he', { body: { email: uniqueEmail('reset') } })).statusCode).toBe(200);
  });

  it('allows 10 registrations per hour per IP', async () => {
    const body = (email: string) => ({
      fullName: 'Rate Limited',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      isAdult: true,
      lang: 'en',
    });
    for (let i = 0; i < 10; i++) {
      expect((await t.request('POST', '/auth/register', { body: body(uniqueEmail('r')), ip: '10.4.0.1' })).statusCode).toBe(201);
    }
    const limited = await t.request('POST', '/auth/register', { body: body(uniqueEmail('r')), ip: '10.4.0.1' });
    expect(limited.statusCode).toBe(429);
    expect((await t.request('POST', '/auth/register', { body: body(uniqueEmail('r')), ip: '10.4.0.2' })).statusCode).toBe(201);
  });
});

describe('client IP behind a proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy stands in front', async () => {
    const proxied = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '1' });
    try {
      const from = (forwardedFor: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-platform': 'web', 'x-forwarded-for': forwardedFor },
          payload: { email: uniqueEmail('p'), password: 'Wrong-pass1' },
        });
      for (let i = 0; i < 10; i++) expect((await from('203.0.113.7')).statusCode).toBe(401);
      expect((await from('203.0.113.7')).statusCode).toBe(429);
      expect((await from('203.0.113.8')).statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is ignored: everyone behind it would share one IP bucket.
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.9.0.1',
        headers: { 'x-platform': 'web', 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: uniqueEmail('q'), password: 'Wrong-pass1' },
      });
    }
    expect((await login(uniqueEmail('q'), 'Wrong-pass1', '10.9.0.1')).statusCode).toBe(429);
  });
});
