import { RATE_LIMITS } from '@magiim/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, linkTokenFrom, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { RateLimitedError, secondsUntilFree, storedBucketOf } from './rate-limiter.js';

let t: TestApp;
beforeAll(async () => {
  // The bursts below send 150 requests at once to a pool of 10 connections: on a loaded machine some waited more
  // than the default 5 s and got 503 "busy" instead of the 401/429 under test. Here they wait for their turn.
  t = await createTestApp({ RATE_LIMITS: 'on', DB_POOL_WAIT_TIMEOUT_MS: '60000' });
});
afterAll(async () => {
  await t?.close();
});
// signUpHost registers from the default address; its own limit is tested on other addresses.
beforeEach(async () => {
  await t.ctx.rateLimiter.clear('register:ip:127.0.0.1');
});

const BURST = 60;
const DEVICE = 'device-of-the-owner-0123456789';

const login = (email: string, password: string, ip: string, deviceId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    headers: { 'x-platform': 'web', ...(deviceId ? { 'x-device-id': deviceId } : {}) },
    payload: { email, password },
  });

const burst = (n: number, fire: (i: number) => Promise<LightMyRequestResponse>) =>
  Promise.all(Array.from({ length: n }, (_, i) => fire(i)));

const statuses = (responses: LightMyRequestResponse[]) => {
  const counts: Record<number, number> = {};
  for (const r of responses) counts[r.statusCode] = (counts[r.statusCode] ?? 0) + 1;
  return counts;
};

/** Every refusal is a well-formed 429: Retry-After header and the same seconds in the body. */
const expectRateLimited = (responses: LightMyRequestResponse[]) => {
  for (const r of responses.filter((x) => x.statusCode === 429)) {
    const body = r.json();
    expect(body).toMatchObject({ code: 'RATE_LIMITED', message: expect.any(String) });
    expect(body.retryAfterSeconds).toBeGreaterThan(0);
    expect(r.headers['retry-after']).toBe(String(body.retryAfterSeconds));
  }
};

const stored = (bucket: string) => storedBucketOf(bucket, t.ctx.config.secrets.tokenPepper);

/**
 * The account's back-off, read from the hits the burst left (each stamped when it was let through, under the
 * bucket's lock): the first `after` pass at once, and each later one only once the wait since the one before
 * ran out. A slow machine may let a burst last past the first wait, so how many pass depends on time, not the rule.
 */
const expectBackoffKept = async (bucket: string, responses: LightMyRequestResponse[], failed: number) => {
  const { after, baseSeconds } = RATE_LIMITS.failedLoginsPerAccount.backoff;
  const { rows } = await t.ctx.db.execute<{ at: number }>(
    sql`select extract(epoch from created_at)::float8 as at from rate_limit_hits where bucket = ${stored(bucket)} order by created_at`,
  );
  const passed = rows.length;
  expect(passed).toBeGreaterThanOrEqual(after);
  expect(statuses(responses)).toEqual({ [failed]: passed, 429: responses.length - passed });
  for (let i = after; i < passed; i++) {
    expect(Number(rows[i]?.at) - Number(rows[i - 1]?.at)).toBeGreaterThanOrEqual(baseSeconds * 2 ** (i - after) - 0.001);
  }
};
const seedHits = (bucket: string, n: number) =>
  t.ctx.db.execute(sql`insert into rate_limit_hits (bucket, created_at) select ${stored(bucket)}, now() - interval '1 minute' from generate_series(1, ${n})`);

describe('the limiter', () => {
  it('passes exactly max of a parallel burst on one bucket, and a refund frees the slot', async () => {
    const limit = { max: 7, windowMinutes: 5 };
    const results = await Promise.allSettled(
      Array.from({ length: BURST }, () => t.ctx.rateLimiter.consume([{ bucket: 'unit:burst', limit }])),
    );
    const passed = results.filter((r) => r.status === 'fulfilled');
    expect(passed).toHaveLength(7);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused.every((r) => r.reason instanceof RateLimitedError)).toBe(true);
    await (passed[0] as PromiseFulfilledResult<{ refund(): Promise<void> }>).value.refund();
    await expect(t.ctx.rateLimiter.consume([{ bucket: 'unit:burst', limit }])).resolves.toBeDefined();
    await expect(t.ctx.rateLimiter.check([{ bucket: 'unit:burst', limit }])).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("holds one of the process's connections for a burst on one bucket, not one for each caller waiting on its lock", async () => {
    const { pool } = t.ctx.database;
    const connect = pool.connect.bind(pool);
    let inUse = 0;
    let most = 0;
    pool.connect = (async () => {
      const client = await connect();
      most = Math.max(most, ++inUse);
      const release = client.release.bind(client);
      client.release = (...args: Parameters<typeof release>) => {
        inUse -= 1;
        client.release = release;
        return release(...args);
      };
      return client;
    }) as typeof pool.connect;
    try {
      const limit = { max: 5, windowMinutes: 5 };
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) => t.ctx.rateLimiter.consumeDistinct({ bucket: 'unit:queued', member: `m${i}`, limit })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    } finally {
      pool.connect = connect;
    }
    // One for the burst; room for one of the app's own jobs meanwhile. Each caller took one before: all ten.
    expect(most).toBeLessThanOrEqual(2);
  });

  it('tells the wait until the count drops below max, even when more than max were recorded', async () => {
    const limit = { max: 2, windowMinutes: 10 };
    const over = stored('unit:over');
    await t.ctx.db.execute(sql`insert into rate_limit_hits (bucket, created_at) values
      (${over}, now() - interval '9 minutes'), (${over}, now() - interval '5 minutes'), (${over}, now() - interval '1 minute')`);
    const refused = await t.ctx.rateLimiter.check([{ bucket: 'unit:over', limit }]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    // The 9-minute-old hit leaves in 1 minute, but two remain: the count drops to 1 when the 5-minute-old one leaves.
    expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(295);
    expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(301);
  });

  it('keeps no e-mail address or IP in clear: buckets are stored as keyed hashes', async () => {
    const email = uniqueEmail('hidden');
    const ip = '10.77.1.9';
    expect((await login(email, 'Wrong-password-1', ip)).statusCode).toBe(401);
    expect((await t.request('POST', '/auth/sendPasswordReset/he', { body: { email }, ip })).statusCode).toBe(200);
    const local = email.split('@')[0] ?? email;
    const { rows } = await t.ctx.db.execute(
      sql`select bucket from rate_limit_hits where bucket like ${`%${local}%`} or bucket like ${`%${ip}%`}`,
    );
    expect(rows).toEqual([]);
    const counted = await t.ctx.db.execute(
      sql`select count(*)::int as n from rate_limit_hits where bucket in (${stored(`reset:${email}`)}, ${stored(`login:ip:${ip}`)})`,
    );
    expect(counted.rows[0]).toEqual({ n: 2 });
  });

  it('counts the seconds until a slot frees, and backs off before locking', () => {
    const limit = { max: 10, windowMinutes: 15, backoff: { after: 5, baseSeconds: 2 } };
    expect(secondsUntilFree(limit, { count: 4, oldestAgeSeconds: 60, newestAgeSeconds: 0 })).toBe(0);
    expect(secondsUntilFree(limit, { count: 5, oldestAgeSeconds: 60, newestAgeSeconds: 0.5 })).toBe(2);
    expect(secondsUntilFree(limit, { count: 5, oldestAgeSeconds: 60, newestAgeSeconds: 3 })).toBe(0);
    expect(secondsUntilFree(limit, { count: 8, oldestAgeSeconds: 60, newestAgeSeconds: 1 })).toBe(15);
    expect(secondsUntilFree(limit, { count: 10, oldestAgeSeconds: 300, newestAgeSeconds: 1 })).toBe(600);
  });
});

describe('sign-in limits', () => {
  it('a parallel burst of wrong passwords at one account gets 5 tries, then waits; the owner device still gets in', async () => {
    const { email } = await signUpHost(t);
    expect((await login(email, PASSWORD, '10.10.0.1', DEVICE)).statusCode).toBe(200);

    const attack = await burst(BURST, (i) => login(email, 'Wrong-pass1', `10.11.${i}.1`));
    await expectBackoffKept(`login:account:${email}`, attack, 401);
    expectRateLimited(attack);

    // Locked: the right password from an unknown device is refused, from the owner's device it passes.
    await seedHits(`login:account:${email}`, RATE_LIMITS.failedLoginsPerAccount.max);
    const stranger = await login(email, PASSWORD, '10.12.0.1', 'some-other-device-0000000');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json().retryAfterSeconds).toBeGreaterThan(60);
    expect((await login(email, PASSWORD, '10.12.0.2')).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '10.10.0.1', DEVICE)).statusCode).toBe(200);
    // An unknown device with a guessed id only learns the password is wrong, like everyone else.
    expect((await login(email, 'Wrong-pass1', '10.10.0.1', DEVICE)).statusCode).toBe(401);
  });

  it('remembers only device ids of 16–100 characters', async () => {
    const { email } = await signUpHost(t);
    const short = 'too-short';
    const long = 'x'.repeat(101);
    for (const id of [short, long]) expect((await login(email, PASSWORD, '10.14.0.1', id)).statusCode).toBe(200);
    await seedHits(`login:account:${email}`, RATE_LIMITS.failedLoginsPerAccount.max);
    for (const id of [short, long]) expect((await login(email, PASSWORD, '10.14.0.1', id)).statusCode).toBe(429);
  });

  it('the owner can still reset the password while the account is locked, and then signs in anywhere', async () => {
    const { email } = await signUpHost(t);
    await seedHits(`login:account:${email}`, RATE_LIMITS.failedLoginsPerAccount.max);
    expect((await login(email, PASSWORD, '10.13.0.1')).statusCode).toBe(429);
    expect((await t.request('POST', '/auth/sendPasswordReset/en', { body: { email }, ip: '10.13.0.1' })).statusCode).toBe(200);
    const mail = await t.waitForMail(email, (m) => m.text.includes('/reset-password/'));
    const reset = await t.request('POST', '/auth/resetPassword', {
      body: { token: linkTokenFrom(mail, 'reset-password'), password: 'New-pass-7' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(email, 'New-pass-7', '10.13.0.2')).statusCode).toBe(200);
  });

  it('one IP (a carrier address) gets 100 failures across accounts, not one more, and others are unaffected', async () => {
    const { email } = await signUpHost(t);
    const ip = '10.20.0.1';
    const failures = await burst(150, () => login(uniqueEmail('guess'), 'Wrong-pass1', ip));
    expect(statuses(failures)).toEqual({ 401: RATE_LIMITS.failedLoginsPerIp.max, 429: 50 });
    expectRateLimited(failures);
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(email, PASSWORD, '10.20.0.2')).statusCode).toBe(200);
  }, 60_000);

  it('many people behind one address: 20 typos do not stop the next correct sign-in there', async () => {
    const { email } = await signUpHost(t);
    const ip = '10.21.0.1';
    await burst(20, () => login(uniqueEmail('typo'), 'Wrong-pass1', ip));
    expect((await login(email, PASSWORD, ip)).statusCode).toBe(200);
  });

  it('successful sign-ins do not count (an attempt holds a slot only while it is checked)', async () => {
    const { email } = await signUpHost(t);
    for (let i = 0; i < 4; i++) {
      expect(statuses(await burst(4, () => login(email, PASSWORD, '10.22.0.1')))).toEqual({ 200: 4 });
    }
    expect(statuses(await burst(4, () => login(email, 'Wrong-pass1', '10.22.0.1')))).toEqual({ 401: 4 });
  });

  it('a wrong current password on the password change counts against the account', async () => {
    const { token, email } = await signUpHost(t);
    const tries = await burst(BURST, () =>
      t.request('PUT', '/user/password', {
        token,
        body: { currentPassword: 'Wrong-pass1', newPassword: 'New-pass-7', confirmPassword: 'New-pass-7' },
      }),
    );
    await expectBackoffKept(`login:account:${email}`, tries, 400);
    expectRateLimited(tries);
  });
});

describe('other limited endpoints under a parallel burst', () => {
  const registration = (email: string) => ({
    fullName: 'Rate Limited',
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    isAdult: true,
    lang: 'en',
  });

  it('registrations: 10 per IP', async () => {
    const results = await burst(BURST, () =>
      t.request('POST', '/auth/register', { body: registration(uniqueEmail('r')), ip: '10.30.0.1' }),
    );
    expect(statuses(results)).toEqual({ 201: RATE_LIMITS.registrationsPerIp.max, 429: BURST - 10 });
    expectRateLimited(results);
    expect((await t.request('POST', '/auth/register', { body: registration(uniqueEmail('r')), ip: '10.30.0.2' })).statusCode).toBe(201);
  }, 60_000);

  it('password resets: 3 per e-mail, from any IP', async () => {
    const email = uniqueEmail('reset');
    const results = await burst(BURST, (i) =>
      t.request('POST', '/auth/sendPasswordReset/he', { body: { email }, ip: `10.31.${i}.1` }),
    );
    expect(statuses(results)).toEqual({ 200: RATE_LIMITS.passwordResetsPerEmail.max, 429: BURST - 3 });
    expectRateLimited(results);
    expect((await t.request('POST', '/auth/sendPasswordReset/he', { body: { email: uniqueEmail('reset') } })).statusCode).toBe(200);
  });

  it('verification resends: 5 per user', async () => {
    const res = await t.request('POST', '/auth/register', { body: registration(uniqueEmail('resend')), ip: '10.32.0.1' });
    const { accessToken } = res.json();
    const results = await burst(BURST, () => t.request('GET', '/auth/resendVerificationEmail/en', { token: accessToken }));
    expect(statuses(results)).toEqual({ 200: RATE_LIMITS.verificationResendsPerUser.max, 429: BURST - 5 });
    expectRateLimited(results);
  });

  it('e-mail changes: 5 per user', async () => {
    const { token } = await signUpHost(t);
    const results = await burst(BURST, () =>
      t.request('PUT', '/user/profile', { token, body: { fullName: 'Noa Cohen', email: uniqueEmail('moved') } }),
    );
    expect(statuses(results)).toEqual({ 200: RATE_LIMITS.emailChangesPerUser.max, 429: BURST - 5 });
    expectRateLimited(results);
    // Renaming alone is not an e-mail change and stays free.
    const other = await signUpHost(t);
    const renames = await burst(10, (i) =>
      t.request('PUT', '/user/profile', { token: other.token, body: { fullName: `Name ${i}`, email: other.email } }),
    );
    expect(statuses(renames)).toEqual({ 200: 10 });
  });

  it('reset-link checks: 30 per IP against guessing', async () => {
    const results = await burst(BURST, (i) =>
      t.request('POST', '/auth/checkResetToken', { body: { token: `guess-${i}`.padEnd(43, 'x') }, ip: '10.33.0.1' }),
    );
    expect(statuses(results)).toEqual({ 400: RATE_LIMITS.resetTokenChecksPerIp.max, 429: BURST - 30 });
    expectRateLimited(results);
  });
});

describe('client IP behind a proxy', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy stands in front', async () => {
    const proxied = await createTestApp({ RATE_LIMITS: 'on', TRUST_PROXY: '1' });
    const from = (app: TestApp, forwardedFor: string) =>
      app.app.inject({
        method: 'POST',
        url: '/api/auth/checkResetToken',
        remoteAddress: '127.0.0.1',
        headers: { 'x-platform': 'web', 'x-forwarded-for': forwardedFor },
        payload: { token: 'x'.repeat(43) },
      });
    try {
      const max = RATE_LIMITS.resetTokenChecksPerIp.max;
      for (let i = 0; i < max; i++) expect((await from(proxied, '203.0.113.7')).statusCode).toBe(400);
      expect((await from(proxied, '203.0.113.7')).statusCode).toBe(429);
      expect((await from(proxied, '203.0.113.8')).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
    // Without TRUST_PROXY the header is ignored: everyone behind it shares the proxy's bucket.
    const max = RATE_LIMITS.resetTokenChecksPerIp.max;
    for (let i = 0; i < max; i++) await from(t, `198.51.100.${i}`);
    expect((await from(t, '198.51.100.200')).statusCode).toBe(429);
  });
});
