import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, linkTokenFrom, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { openPayload, payloadKeyFrom } from '../../platform/payload-crypto.js';
import { SEND_PASSWORD_RESET_JOB } from './auth.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const register = (fullName: string, email = uniqueEmail('pre')) =>
  t.request('POST', '/auth/register', {
    body: { fullName, email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'en' },
  });

const requestReset = async (email: string) => {
  expect((await t.request('POST', '/auth/sendPasswordReset/en', { body: { email } })).statusCode).toBe(200);
  return linkTokenFrom(await t.waitForMail(email, (m) => m.text.includes('/reset-password/')), 'reset-password');
};

describe('names in e-mails sent before the address is proven', () => {
  it.each(['www.evil.com', 'http://x.y'])('never carry a registrant name like %s', async (name) => {
    const email = uniqueEmail('pre');
    expect((await register(name, email)).statusCode).toBe(201);
    const verify = await t.waitForMail(email);
    // The reset mail of a still unverified account goes to the same unproven address.
    expect((await t.request('POST', '/auth/sendPasswordReset/en', { body: { email } })).statusCode).toBe(200);
    const reset = await t.waitForMail(email, (m) => m.text.includes('/reset-password/'));
    for (const mail of [verify, reset]) {
      expect(mail.text).not.toContain(name);
      expect(mail.html).not.toContain(name);
      expect(mail.subject).not.toContain(name);
    }
  });

  it('the e-mail change link leaves the name out too; a verified account hears its name on a reset', async () => {
    const { email, token } = await signUpHost(t, { fullName: 'www.evil.com' });
    const target = uniqueEmail('victim');
    await t.request('PUT', '/user/profile', { token, body: { fullName: 'www.evil.com', email: target } });
    const link = await t.waitForMail(target);
    expect(link.text).not.toContain('www.evil.com');
    expect(link.html).not.toContain('www.evil.com');
    await t.request('POST', '/auth/sendPasswordReset/en', { body: { email } });
    expect((await t.waitForMail(email, (m) => m.text.includes('/reset-password/'))).text).toContain('Hello www.evil.com');
  });
});

describe('reset links', () => {
  it('checkResetToken says whether a link is live without using it', async () => {
    const { email } = await signUpHost(t);
    const token = await requestReset(email);
    for (let i = 0; i < 2; i++) {
      const check = await t.request('POST', '/auth/checkResetToken', { body: { token } });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ valid: true });
    }
    expect((await t.request('POST', '/auth/resetPassword', { body: { token, password: 'New-pass-7' } })).statusCode).toBe(200);
    const used = await t.request('POST', '/auth/checkResetToken', { body: { token } });
    expect(used.statusCode).toBe(400);
    expect(used.json().code).toBe('INVALID_TOKEN');
    expect((await t.request('POST', '/auth/checkResetToken', { body: { token: 'y'.repeat(43) } })).json().code).toBe('INVALID_TOKEN');
  });

  it('a password change discards a reset link still in the inbox', async () => {
    const { email, token } = await signUpHost(t);
    const resetToken = await requestReset(email);
    const change = await t.request('PUT', '/user/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'Changed-7', confirmPassword: 'Changed-7' },
    });
    expect(change.statusCode).toBe(200);
    expect((await t.request('POST', '/auth/checkResetToken', { body: { token: resetToken } })).statusCode).toBe(400);
    const reset = await t.request('POST', '/auth/resetPassword', { body: { token: resetToken, password: 'Attacker-7' } });
    expect(reset.json().code).toBe('INVALID_TOKEN');
    expect((await t.request('POST', '/auth/login', { body: { email, password: 'Changed-7' } })).statusCode).toBe(200);
  });
});

describe('password-reset request timing', () => {
  it('the request path looks nothing up: it queues the address and language sealed, the job makes the link', async () => {
    const quiet = await createTestApp({}, { worker: false });
    try {
      const email = uniqueEmail('known');
      const unknown = uniqueEmail('nobody');
      const reg = await quiet.request('POST', '/auth/register', {
        body: { fullName: 'Noa Cohen', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' },
      });
      expect(reg.statusCode).toBe(201);
      const tokensBefore = await quiet.ctx.db.execute(sql`select count(*)::int as n from user_tokens where purpose = 'reset_password'`);
      for (const address of [email, unknown]) {
        expect((await quiet.request('POST', '/auth/sendPasswordReset/ru', { body: { email: address } })).statusCode).toBe(200);
      }
      const tokensAfter = await quiet.ctx.db.execute(sql`select count(*)::int as n from user_tokens where purpose = 'reset_password'`);
      expect(tokensAfter.rows[0]).toEqual(tokensBefore.rows[0]);
      const jobs = await quiet.ctx.db.execute<{ data: unknown }>(
        sql`select data from pgboss.job where name = ${SEND_PASSWORD_RESET_JOB} order by created_on`,
      );
      // Sealed: the queue table never shows the address (or any part of it).
      expect(jobs.rows).toHaveLength(2);
      for (const row of jobs.rows) {
        expect(Object.keys(row.data as object).sort()).toEqual(['id', 'sealed']);
        expect(JSON.stringify(row.data)).not.toMatch(/@|example|known|nobody/);
      }
      const opened = jobs.rows.map((r) => {
        const { id, sealed } = r.data as { id: string; sealed: string };
        return openPayload(payloadKeyFrom(quiet.ctx.config.secrets.payloadKey), sealed, `password-reset:${id}`);
      });
      expect(opened).toEqual([
        { email, lang: 'ru' },
        { email: unknown, lang: 'ru' },
      ]);

      const job = quiet.jobDefinitions.find((d) => d.name === SEND_PASSWORD_RESET_JOB)!;
      for (const row of jobs.rows) await job.handle(row.data as object);
      const created = await quiet.ctx.db.execute(sql`select count(*)::int as n from user_tokens where purpose = 'reset_password'`);
      expect((created.rows[0] as { n: number }).n).toBe((tokensBefore.rows[0] as { n: number }).n + 1);
      // A job queued before requests were sealed still sends its link.
      await job.handle({ email, lang: 'ru' });
      const again = await quiet.ctx.db.execute(sql`select count(*)::int as n from user_tokens where purpose = 'reset_password'`);
      expect((again.rows[0] as { n: number }).n).toBe((tokensBefore.rows[0] as { n: number }).n + 2);
    } finally {
      await quiet.close();
    }
  });

  it('does the same work for an existing and an unknown address: no statement of its own, the same one job', async () => {
    // No worker: a job or schedule of its own (an e-mail, a reconciliation) would use the same pool while the
    // requests below are watched.
    const quiet = await createTestApp({}, { worker: false });
    const email = uniqueEmail('known');
    const reg = await quiet.request('POST', '/auth/register', {
      body: { fullName: 'Noa Cohen', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' },
    });
    expect(reg.statusCode).toBe(201);
    const { pool } = quiet.ctx.database;
    const workOf = async (address: string) => {
      const statements: unknown[] = [];
      const jobs: string[] = [];
      const { query } = pool;
      const { send } = quiet.ctx.jobs;
      pool.query = ((...args: unknown[]) => {
        statements.push(args[0]);
        return (query as (...a: unknown[]) => unknown).apply(pool, args);
      }) as typeof query;
      quiet.ctx.jobs.send = async (job) => {
        jobs.push(job.name);
      };
      try {
        expect((await quiet.request('POST', '/auth/sendPasswordReset/en', { body: { email: address } })).statusCode).toBe(200);
      } finally {
        pool.query = query;
        quiet.ctx.jobs.send = send;
      }
      return { statements, jobs };
    };
    // Timing both answers compared a few milliseconds on a busy machine (and failed there once): the request neither
    // looks the account up nor does anything else that depends on it; the job does, after the answer.
    try {
      expect(await workOf(email)).toEqual({ statements: [], jobs: [SEND_PASSWORD_RESET_JOB] });
      expect(await workOf(uniqueEmail('nobody'))).toEqual({ statements: [], jobs: [SEND_PASSWORD_RESET_JOB] });
    } finally {
      await quiet.close();
    }
  });
});
