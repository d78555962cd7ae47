import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkTokenFrom, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('profile', () => {
  it('renames at once and changes the e-mail only after the new address is verified', async () => {
    const { email, token } = await signUpHost(t);
    const newEmail = uniqueEmail('moved');
    const res = await t.request('PUT', '/user/profile', { token, body: { fullName: 'Noa Cohen-Levi', email: newEmail } });
    expect(res.statusCode).toBe(200);
    expect(res.json().userData).toMatchObject({ fullName: 'Noa Cohen-Levi', email, pendingEmail: newEmail });

    const mail = await t.waitForMail(newEmail);
    expect(mail.subject).toContain('החדשה');
    // The current address hears of it, in case someone else is moving the account.
    const notice = await t.waitForMail(email, (m) => m.subject.includes('בקשה לשינוי'));
    expect(notice.text).toContain(newEmail);
    const verified = await t.request('POST', '/auth/verifyEmail', { body: { token: linkTokenFrom(mail, 'verify-email') } });
    expect(verified.json()).toEqual({ email: newEmail, kind: 'emailChange' });

    const me = (await t.request('GET', '/user/me', { token })).json().userData;
    expect(me).toMatchObject({ email: newEmail, pendingEmail: null, emailVerified: true });
    expect((await t.request('POST', '/auth/login', { body: { email: newEmail, password: PASSWORD } })).statusCode).toBe(200);
    expect((await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).statusCode).toBe(401);
  });

  it("answers a taken address like a free one, sends it no link, and tells that address's owner", async () => {
    const first = await signUpHost(t);
    const second = await signUpHost(t, { fullName: 'www.evil.com' });
    const free = uniqueEmail('free');
    const toFree = await t.request('PUT', '/user/profile', { token: second.token, body: { fullName: 'www.evil.com', email: free } });
    const toTaken = await t.request('PUT', '/user/profile', {
      token: second.token,
      body: { fullName: 'www.evil.com', email: first.email },
    });
    expect(toTaken.statusCode).toBe(toFree.statusCode);
    expect(toTaken.statusCode).toBe(200);
    expect(toTaken.json().userData).toMatchObject({ email: second.email, pendingEmail: first.email });

    const warning = await t.waitForMail(first.email, (m) => m.subject.includes('ניסיון להשתמש'));
    expect(warning.text).not.toContain('www.evil.com');
    expect(warning.text).not.toContain(second.email);
    expect(warning.text).not.toMatch(/verify-email\//);
    // The link sent to the free address earlier stopped working: the request moved on.
    const freeMail = await t.waitForMail(free);
    const stale = await t.request('POST', '/auth/verifyEmail', { body: { token: linkTokenFrom(freeMail, 'verify-email') } });
    expect(stale.json().code).toBe('INVALID_TOKEN');
    expect((await t.request('GET', '/user/me', { token: second.token })).json().userData.email).toBe(second.email);
  });

  it('validates the profile with the shared rules', async () => {
    const { token, email } = await signUpHost(t);
    const res = await t.request('PUT', '/user/profile', { token, body: { fullName: 'x'.repeat(61), email } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual({ path: 'fullName', message: 'validation.maxChars?num=60' });
  });
});

describe('change password', () => {
  it('needs the current password, then signs out the other sessions only', async () => {
    const { email, token } = await signUpHost(t);
    const other = (await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).json().accessToken;

    const wrong = await t.request('PUT', '/user/password', {
      token,
      body: { currentPassword: 'Not-mine-1', newPassword: 'Fresh-Pass7', confirmPassword: 'Fresh-Pass7' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_CURRENT_PASSWORD');

    const mismatch = await t.request('PUT', '/user/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'Fresh-Pass7', confirmPassword: 'Fresh-Pass8' },
    });
    expect(mismatch.json().issues).toContainEqual({ path: 'confirmPassword', message: 'validation.passwordsMismatch' });

    const ok = await t.request('PUT', '/user/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'Fresh-Pass7', confirmPassword: 'Fresh-Pass7' },
    });
    expect(ok.statusCode).toBe(200);
    const notice = await t.waitForMail(email, (m) => m.subject === 'הסיסמה שלך במגיעים שונתה');
    expect(notice.text).toContain('http://magiim.test/forgot-password');
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(200);
    expect((await t.request('GET', '/user/me', { token: other })).statusCode).toBe(401);
    expect((await t.request('POST', '/auth/login', { body: { email, password: 'Fresh-Pass7' } })).statusCode).toBe(200);
  });

  it('refuses one host acting on another host with its own token', async () => {
    const first = await signUpHost(t);
    const second = await signUpHost(t);
    // The profile endpoints act on the caller only: there is no way to name another user.
    const res = await t.request('PUT', '/user/profile', {
      token: second.token,
      body: { fullName: 'Hijack', email: second.email },
    });
    expect(res.json().userData.email).toBe(second.email);
    const firstMe = (await t.request('GET', '/user/me', { token: first.token })).json().userData;
    expect(firstMe.fullName).toBe('Noa Cohen');
  });
});

describe('interface language', () => {
  it('remembers the language the host picked, and e-mails follow it', async () => {
    const { token } = await signUpHost(t, { lang: 'he' });
    const res = await t.request('PUT', '/user/lang', { token, body: { lang: 'ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().userData.lang).toBe('ru');
    const newEmail = uniqueEmail('ru');
    await t.request('PUT', '/user/profile', { token, body: { fullName: 'Noa Cohen', email: newEmail } });
    expect((await t.waitForMail(newEmail)).subject).toContain('Подтвердите');
    expect((await t.request('PUT', '/user/lang', { token, body: { lang: 'fr' } })).statusCode).toBe(400);
  });
});
