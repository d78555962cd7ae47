import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HOST_ABILITY } from '@magiim/shared';
import { createTestApp, linkTokenFrom, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { setUserBlocked, findUserByEmail } from '../users/users.repository.js';
import { passwordWork } from '../../platform/passwords.js';

/** How many argon2 hashes and verifications `work` ran. */
const argon2Work = async (work: () => Promise<unknown>): Promise<{ hashes: number; verifications: number }> => {
  const before = { ...passwordWork };
  await work();
  return { hashes: passwordWork.hashes - before.hashes, verifications: passwordWork.verifications - before.verifications };
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const registration = (email: string, overrides: Record<string, unknown> = {}) => ({
  fullName: 'Avi Mizrahi',
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  acceptTerms: true,
  isAdult: true,
  lang: 'he',
  ...overrides,
});

describe('register', () => {
  it('creates an unverified account and e-mails a verification link in the chosen language', async () => {
    const email = uniqueEmail();
    const res = await t.request('POST', '/auth/register', { body: registration(email.toUpperCase()) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email });
    const mail = await t.waitForMail(email);
    expect(mail.subject).toContain('אימות');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="he"');
    expect(mail.text).toMatch(/http:\/\/magiim\.test\/verify-email\/[A-Za-z0-9_-]{40,}/);
  });

  it('writes the e-mail in English, left to right, for lang en', async () => {
    const email = uniqueEmail();
    await t.request('POST', '/auth/register', { body: registration(email, { lang: 'en' }) });
    const mail = await t.waitForMail(email);
    expect(mail.subject).toBe('Verify your e-mail address for Magiim');
    expect(mail.html).toContain('dir="ltr"');
  });

  it('answers a known address exactly as a new one (no account oracle) and tells the owner instead', async () => {
    const { email: known, token: ownerToken } = await signUpHost(t, { lang: 'en' });
    const fresh = uniqueEmail();
    const anonymous = (res: { statusCode: number; headers: Record<string, unknown>; body: string }) => ({
      status: res.statusCode,
      type: res.headers['content-type'],
      body: res.body.replace(/"accessToken":"[A-Za-z0-9_-]{43}"/, '"accessToken":"<token>"').replace(/"email":"[^"]+"/, '"email":"<email>"'),
    });
    const forNew = await t.request('POST', '/auth/register', { body: registration(fresh) });
    const forKnown = await t.request('POST', '/auth/register', { body: registration(known.toUpperCase(), { fullName: 'Someone Else' }) });
    expect(anonymous(forKnown)).toEqual(anonymous(forNew));
    expect(forKnown.statusCode).toBe(201);
    expect(forKnown.json()).toEqual({ email: known, accessToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    // What the answer's session may do is the same too: /user/me asks for verification, a resend says sent.
    for (const res of [forNew, forKnown]) {
      const token = res.json().accessToken as string;
      expect((await t.request('GET', '/user/me', { token })).json()).toMatchObject({ code: 'verify_email' });
      const resend = await t.request('GET', '/auth/resendVerificationEmail/en', { token });
      expect({ status: resend.statusCode, body: resend.json() }).toEqual({ status: 200, body: { ok: true } });
    }

    // The owner hears about it in the account's language, with a way in; the account did not change.
    const notice = await t.waitForMail(known, (m) => m.subject === 'Someone tried to register with your e-mail address on Magiim');
    expect(notice.text).toContain('http://magiim.test/login/en');
    expect(notice.text).not.toContain('Someone Else');
    expect((await t.request('GET', '/user/me', { token: ownerToken })).json().userData).toMatchObject({ fullName: 'Noa Cohen', email: known });
    expect((await t.request('POST', '/auth/login', { body: { email: known, password: PASSWORD } })).statusCode).toBe(200);
    // The verify-only session sent the verified owner no verification link (the one there is from signing up).
    const mailbox = (await t.request('GET', `/dev/mailbox?to=${encodeURIComponent(known)}`)).json().messages as { subject: string }[];
    expect(mailbox.filter((m) => m.subject.includes('Verify'))).toHaveLength(1);
  });

  it('does the same password hashing for a known and a new address (so both take about the same time)', async () => {
    const { email: known } = await signUpHost(t);
    const register = (email: string) => async () => {
      const res = await t.request('POST', '/auth/register', { body: registration(email), ip: '203.0.113.77' });
      expect(res.statusCode).toBe(201);
    };
    // A path that skipped the hash for a known address would answer in a fraction of the time.
    expect(await argon2Work(register(known))).toEqual({ hashes: 1, verifications: 0 });
    expect(await argon2Work(register(uniqueEmail()))).toEqual({ hashes: 1, verifications: 0 });
  });

  it.each([
    ['password', { password: 'abcdefg1', confirmPassword: 'abcdefg1' }, 'validation.weakPassword'],
    ['password', { password: 'ABCDEFG1', confirmPassword: 'ABCDEFG1' }, 'validation.weakPassword'],
    ['password', { password: 'Abcdefgh', confirmPassword: 'Abcdefgh' }, 'validation.weakPassword'],
    ['password', { password: 'Aa1', confirmPassword: 'Aa1' }, 'validation.minChars?num=4'],
    ['password', { password: 'Aa1'.repeat(7), confirmPassword: 'Aa1'.repeat(7) }, 'validation.maxChars?num=20'],
    ['password', { password: 'Password1', confirmPassword: 'Password1' }, 'validation.commonPassword'],
    ['confirmPassword', { confirmPassword: 'Other-pass1' }, 'validation.passwordsMismatch'],
    ['email', { email: 'not-an-email' }, 'validation.invalidEmail'],
    ['acceptTerms', { acceptTerms: false }, 'validation.acceptTerms'],
    ['isAdult', { isAdult: false }, 'validation.mustBeAdult'],
    ['fullName', { fullName: '' }, 'validation.required'],
  ])('rejects a bad %s with a translatable message', async (path, overrides, message) => {
    const res = await t.request('POST', '/auth/register', { body: registration(uniqueEmail(), overrides) });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION');
    expect(body.issues).toContainEqual({ path, message });
  });

  it('accepts a strong password with a special character instead of a digit', async () => {
    const res = await t.request('POST', '/auth/register', {
      body: registration(uniqueEmail(), { password: 'Kalanit!', confirmPassword: 'Kalanit!' }),
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('e-mail verification and sign-in', () => {
  it('signs in only after the e-mail is verified, and a link works once', async () => {
    const email = uniqueEmail();
    const registered = await t.request('POST', '/auth/register', { body: registration(email) });
    const limitedToken = registered.json().accessToken as string;

    const early = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toMatchObject({ message: 'verify_email', code: 'verify_email' });

    // The limited session may ask for the link again, and nothing else.
    expect((await t.request('GET', '/user/me', { token: limitedToken })).json().message).toBe('verify_email');
    const resend = await t.request('GET', '/auth/resendVerificationEmail/ru', { token: limitedToken });
    expect(resend.statusCode).toBe(200);
    const russian = await t.waitForMail(email, (m) => m.subject.includes('Подтвердите'));
    const first = await t.waitForMail(email, (m) => m.subject.includes('אימות'));

    // The earlier link stopped working when the new one was sent.
    const stale = await t.request('POST', '/auth/verifyEmail', { body: { token: linkTokenFrom(first, 'verify-email') } });
    expect(stale.json().code).toBe('INVALID_TOKEN');

    const token = linkTokenFrom(russian, 'verify-email');
    const verified = await t.request('POST', '/auth/verifyEmail', { body: { token } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ email, kind: 'registration' });
    // Opened again (a second click, a mail scanner): the account is verified, so the answer says so.
    const reused = await t.request('POST', '/auth/verifyEmail', { body: { token } });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('ALREADY_VERIFIED');
    // A link that never existed is still just invalid.
    const unknown = await t.request('POST', '/auth/verifyEmail', { body: { token: 'x'.repeat(43) } });
    expect(unknown.json().code).toBe('INVALID_TOKEN');

    const login = await t.request('POST', '/auth/login', { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.userData).toMatchObject({ fullName: 'Avi Mizrahi', email, emailVerified: true, lang: 'he', hasPassword: true });
    expect(body.userAbility).toEqual(HOST_ABILITY);
    expect((await t.request('GET', '/user/me', { token: body.accessToken })).json().userData.email).toBe(email);
    expect((await t.request('GET', '/auth/resendVerificationEmail/he', { token: body.accessToken })).json().code).toBe(
      'ALREADY_VERIFIED',
    );
  });

  it('answers a wrong password and an unknown e-mail the same way, with the same password check', async () => {
    const { email } = await signUpHost(t);
    const login = async (body: object) => {
      let res: Awaited<ReturnType<TestApp['request']>> | undefined;
      const work = await argon2Work(async () => {
        res = await t.request('POST', '/auth/login', { body });
      });
      return { res: res!, work };
    };
    await login({ email: 'warmup@example.com', password: 'x' });
    const wrong = await login({ email, password: 'Wrong-pass1' });
    const unknown = await login({ email: uniqueEmail('nobody'), password: 'Wrong-pass1' });
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(wrong.res.json()).toEqual(unknown.res.json());
    expect(wrong.res.json().code).toBe('INVALID_CREDENTIALS');
    // Both run one argon2 verification (the unknown account against a dummy hash made once): an unknown account
    // must not answer in a fraction of the time.
    expect(wrong.work).toEqual({ hashes: 0, verifications: 1 });
    expect(unknown.work).toEqual({ hashes: 0, verifications: 1 });
  });

  it('refuses a blocked user clearly and ends their sessions', async () => {
    const { email, token } = await signUpHost(t);
    const user = await findUserByEmail(t.ctx.db, email);
    await setUserBlocked(t.ctx.db, user!.id, true);
    const login = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('USER_BLOCKED');
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(401);
  });

  it('keeps tokens only as hashes', async () => {
    const { token } = await signUpHost(t);
    const rows = await t.ctx.db.execute(sql`select token_hash from sessions where token_hash = ${token}`);
    expect(rows.rows).toHaveLength(0);
    const tokens = await t.ctx.db.execute(sql`select count(*)::int as n from user_tokens where token_hash ~ '^[A-Za-z0-9_-]{43}$'`);
    expect((tokens.rows[0] as { n: number }).n).toBeGreaterThan(0); // hashes, base64url of 32 bytes
  });
});

describe('sessions', () => {
  it('logout revokes the token on the server', async () => {
    const { token } = await signUpHost(t);
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(200);
    expect((await t.request('POST', '/auth/logout', { token })).statusCode).toBe(200);
    const after = await t.request('GET', '/user/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHORIZED');
  });

  it('stays alive while used and ends after 30 idle days', async () => {
    const { token, email } = await signUpHost(t);
    const setExpiry = (interval: string) =>
      t.ctx.db.execute(
        sql`update sessions set expires_at = now() + ${interval}::interval, last_used_at = now() - interval '2 minutes'
            where user_id = (select id from users where email = ${email})`,
      );
    await setExpiry('1 hour');
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(200);
    const { rows } = await t.ctx.db.execute(
      sql`select extract(epoch from expires_at - now())::int as left from sessions where user_id = (select id from users where email = ${email}) and revoked_at is null order by expires_at desc limit 1`,
    );
    expect((rows[0] as { left: number }).left).toBeGreaterThan(29 * 86_400);
    await setExpiry('-1 second');
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(401);
  });

  it('writes one touch per session however many requests arrive at once after the interval', async () => {
    const { token, email } = await signUpHost(t);
    await t.ctx.db.execute(sql`create table if not exists session_writes (session_id uuid, at timestamptz default now())`);
    await t.ctx.db.execute(sql`create or replace function log_session_write() returns trigger language plpgsql as $$
      begin insert into session_writes (session_id) values (new.id); return new; end $$`);
    await t.ctx.db.execute(sql`create or replace trigger sessions_log_write after update on sessions for each row execute function log_session_write()`);
    await t.ctx.db.execute(
      sql`update sessions set last_used_at = now() - interval '5 minutes' where user_id = (select id from users where email = ${email})`,
    );
    await t.ctx.db.execute(sql`delete from session_writes`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('GET', '/user/me', { token })));
    expect(answers.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    const { rows } = await t.ctx.db.execute(sql`select count(*)::int as n from session_writes`);
    expect((rows[0] as { n: number }).n).toBe(1);
    await t.ctx.db.execute(sql`drop trigger sessions_log_write on sessions`);
  });

  it('refuses calls without a bearer token or with a forged one', async () => {
    expect((await t.request('GET', '/user/me')).statusCode).toBe(401);
    expect((await t.request('GET', '/user/me', { token: 'x'.repeat(43) })).statusCode).toBe(401);
  });

  it('requires the platform header on API calls, but not on the health probe', async () => {
    const res = await t.request('POST', '/auth/login', { body: { email: 'a@b.co', password: 'x' }, platform: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('PLATFORM_REQUIRED');
    const windows = await t.request('POST', '/auth/login', { body: { email: 'a@b.co', password: 'x' }, platform: 'windows' });
    expect(windows.json().code).toBe('PLATFORM_REQUIRED');
    const health = await t.request('GET', '/health', { platform: null });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
    const ios = await t.request('POST', '/auth/login', { body: { email: 'a@b.co', password: 'Xx-12345' }, platform: 'ios' });
    expect(ios.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('gives the same answer whether or not the account exists', async () => {
    const { email } = await signUpHost(t);
    const known = await t.request('POST', '/auth/sendPasswordReset/en', { body: { email } });
    const unknown = await t.request('POST', '/auth/sendPasswordReset/en', { body: { email: uniqueEmail('ghost') } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
  });

  it('resets once with the e-mailed link, revokes every session and keeps the old password out', async () => {
    const { email, token: session } = await signUpHost(t);
    await t.request('POST', '/auth/sendPasswordReset/ar', { body: { email } });
    const mail = await t.waitForMail(email, (m) => m.text.includes('/reset-password/'));
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    const token = linkTokenFrom(mail, 'reset-password');

    const weak = await t.request('POST', '/auth/resetPassword', { body: { token, password: 'weak' } });
    expect(weak.statusCode).toBe(400);
    const done = await t.request('POST', '/auth/resetPassword', { body: { token, password: 'New-Secret9' } });
    expect(done.statusCode).toBe(200);
    const reused = await t.request('POST', '/auth/resetPassword', { body: { token, password: 'Other-Secret9' } });
    expect(reused.json().code).toBe('INVALID_TOKEN');

    expect((await t.request('GET', '/user/me', { token: session })).statusCode).toBe(401);
    expect((await t.waitForMail(email, (m) => m.subject === 'הסיסמה שלך במגיעים שונתה')).html).toContain('dir="rtl"');
    expect((await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).statusCode).toBe(401);
    expect((await t.request('POST', '/auth/login', { body: { email, password: 'New-Secret9' } })).statusCode).toBe(200);
  });

  it('refuses a link older than one hour', async () => {
    const { email } = await signUpHost(t);
    await t.request('POST', '/auth/sendPasswordReset/he', { body: { email } });
    const token = linkTokenFrom(await t.waitForMail(email, (m) => m.text.includes('/reset-password/')), 'reset-password');
    await t.ctx.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password' and email = ${email}`,
    );
    const res = await t.request('POST', '/auth/resetPassword', { body: { token, password: 'New-Secret9' } });
    expect(res.json().code).toBe('INVALID_TOKEN');
  });
});

describe('register with a page to come back to (issue 28: a co-host invitation)', () => {
  const registerWith = async (next: string) => {
    const email = uniqueEmail('next');
    const res = await t.request('POST', '/auth/register', {
      body: { fullName: 'Michal Avraham', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'en', next },
    });
    expect(res.statusCode).toBe(201);
    return (await t.waitForMail(email)).text;
  };

  it('carries a path of this site in the verification link', async () => {
    const text = await registerWith('/cohost-invite/abc_DEF-123?join=1');
    expect(text).toMatch(/\/verify-email\/[A-Za-z0-9_-]+\?next=%2Fcohost-invite%2Fabc_DEF-123%3Fjoin%3D1/);
  });

  it('drops any other address', async () => {
    for (const next of ['https://evil.example/x', '//evil.example/x']) {
      const text = await registerWith(next);
      expect(text).not.toContain('next=');
      expect(text).toMatch(/\/verify-email\/[A-Za-z0-9_-]+/);
    }
  });
});
