import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { startLocalGoogle } from '../../../test/local-google.js';

const CLIENT_ID = 'magiim-test.apps.googleusercontent.com';
let t: TestApp;
let google: Awaited<ReturnType<typeof startLocalGoogle>>;

beforeAll(async () => {
  google = await startLocalGoogle(CLIENT_ID);
  t = await createTestApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

const signInWith = (credential: string) => t.request('POST', '/auth/google', { body: { credential, lang: 'en' } });

describe('Google sign-in', () => {
  it('tells the web app the client id, so it shows the button', async () => {
    const config = (await t.request('GET', '/config')).json();
    expect(config.googleClientId).toBe(CLIENT_ID);
  });

  it('creates a verified account on first sign-in and finds it again by sub', async () => {
    const email = uniqueEmail('google');
    const first = await signInWith(await google.sign({ sub: 'g-1001', email, name: 'Yael Google' }));
    expect(first.statusCode).toBe(200);
    expect(first.json().userData).toMatchObject({ email, fullName: 'Yael Google', emailVerified: true, hasPassword: false, lang: 'en' });
    // The browser is marked as this host's by the server (HttpOnly: the web app cannot write it).
    expect(first.headers['set-cookie']).toBe(`magiim_host=${first.json().userData.id}; Path=/; Max-Age=31536000; HttpOnly; SameSite=Lax`);
    // Google may report a changed address later; the account is keyed on sub.
    const again = await signInWith(await google.sign({ sub: 'g-1001', email: uniqueEmail('renamed') }));
    expect(again.json().userData.id).toBe(first.json().userData.id);
    // A Google-only account has no password to sign in with or to change.
    expect((await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).statusCode).toBe(401);
    const change = await t.request('PUT', '/user/password', {
      token: first.json().accessToken,
      body: { currentPassword: 'Anything-1', newPassword: 'Fresh-Pass7', confirmPassword: 'Fresh-Pass7' },
    });
    expect(change.json().code).toBe('PASSWORD_NOT_SET');
  });

  it('links an existing password account with the same e-mail', async () => {
    const { email } = await signUpHost(t);
    const res = await signInWith(await google.sign({ sub: 'g-2002', email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().userData).toMatchObject({ email, hasPassword: true });
    expect((await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).statusCode).toBe(200);
  });

  it('takes over an account whose e-mail was never verified: no password, Google name, every session out', async () => {
    // Someone registered the victim's address first, set a password and a name, and holds a session.
    const email = uniqueEmail('squatted');
    const reg = await t.request('POST', '/auth/register', {
      body: { fullName: 'Squatter', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'en' },
    });
    const squatterToken = reg.json().accessToken as string;
    expect((await t.request('GET', '/auth/resendVerificationEmail/en', { token: squatterToken })).statusCode).toBe(200);

    const res = await signInWith(await google.sign({ sub: 'g-4004', email, name: 'Real Owner' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().userData).toMatchObject({ email, fullName: 'Real Owner', hasPassword: false, emailVerified: true });
    expect((await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await t.request('GET', '/auth/resendVerificationEmail/en', { token: squatterToken })).statusCode).toBe(401);
  });

  it('keeps the password and name of a verified account it links', async () => {
    const { email, token } = await signUpHost(t, { fullName: 'Noa Verified' });
    const res = await signInWith(await google.sign({ sub: 'g-5005', email, name: 'Other Name' }));
    expect(res.json().userData).toMatchObject({ fullName: 'Noa Verified', hasPassword: true });
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(200);
  });

  it("cuts Google's name to the registration limits and drops control characters", async () => {
    const long = await signInWith(await google.sign({ sub: 'g-6006', email: uniqueEmail('g'), name: `Yael\u202E\u0007 ${'x'.repeat(100)}` }));
    const name = long.json().userData.fullName as string;
    expect(name.length).toBeLessThanOrEqual(60);
    expect(name).toMatch(/^Yael x+$/);
    const email = uniqueEmail('short');
    const short = await signInWith(await google.sign({ sub: 'g-7007', email, name: '\u0000' }));
    expect(short.json().userData.fullName).toBe(email.split('@')[0]);
  });

  it.each([
    ['a key Google did not publish', { key: 'stranger' as const }, {}],
    ['another audience', { audience: 'someone-else.apps.googleusercontent.com' }, {}],
    ['another issuer', { issuer: 'https://evil.example.com' }, {}],
    ['an expired token', { expiresIn: '-1m' }, {}],
    ['an unverified e-mail', {}, { email_verified: false }],
    ['no expiry', { expiresIn: null }, {}],
    ['an issue time in the future', { issuedAt: Math.floor(Date.now() / 1000) + 600 }, {}],
    ['a malformed e-mail', {}, { email: 'not an address' }],
    ['an e-mail that is not a string', {}, { email: ['a@example.com'] }],
  ])('refuses a token signed with %s', async (_what, options, claims) => {
    const credential = await google.sign({ sub: 'g-3003', email: uniqueEmail('bad'), ...claims }, options);
    const res = await signInWith(credential);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('GOOGLE_AUTH_FAILED');
  });
});

describe('Google sign-in switched off', () => {
  it('answers 404 and hides the button when GOOGLE_CLIENT_ID is not set', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.request('GET', '/config')).json().googleClientId).toBeNull();
      const res = await plain.request('POST', '/auth/google', { body: { credential: 'x'.repeat(40) } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('GOOGLE_NOT_CONFIGURED');
    } finally {
      await plain.close();
    }
  });
});
