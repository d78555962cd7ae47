import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { HOST_ABILITY, OTT_TTL_SECONDS } from '@magiim/shared';
import { createTestApp, PASSWORD, signUpHost, uniqueEmail, type TestApp } from '../../../test/test-app.js';
import { findUserByEmail, setUserBlocked } from '../users/users.repository.js';
import { SIGN_IN_LINK_LIMITS } from './one-time-sign-in.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const askLink = async (token: string, next = '/pricing/8d3f7a4e-1c2b-4e5f-9a0b-1c2d3e4f5a6b', platform = 'ios') => {
  const res = await t.request('POST', '/auth/ott', { token, platform, body: { next } });
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL((res.json() as { url: string }).url);
  return { url, token: url.searchParams.get('token')!, next: url.searchParams.get('next') };
};

const redeem = (token: string, platform = 'web') => t.request('POST', '/auth/ott/redeem', { platform, body: { token } });

describe('POST auth/ott', () => {
  it('answers a link to /ott on the app URL with a fresh token and the next path', async () => {
    const host = await signUpHost(t);
    const link = await askLink(host.token, '/pricing/8d3f7a4e-1c2b-4e5f-9a0b-1c2d3e4f5a6b?step=payment');
    expect(`${link.url.origin}${link.url.pathname}`).toBe('http://magiim.test/ott');
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.next).toBe('/pricing/8d3f7a4e-1c2b-4e5f-9a0b-1c2d3e4f5a6b?step=payment');
    const { rows } = await t.ctx.db.execute(
      sql`select purpose, extract(epoch from expires_at - created_at)::int as ttl from user_tokens
          where user_id = (select id from users where email = ${host.email}) and purpose = 'sign_in_link'`,
    );
    expect(rows).toEqual([{ purpose: 'sign_in_link', ttl: OTT_TTL_SECONDS }]);
  });

  it('refuses a next that leaves the site', async () => {
    const host = await signUpHost(t);
    for (const next of ['https://evil.example/pricing', '//evil.example', '/\\evil.example', 'javascript:alert(1)', 'pricing/x', '/a\u202eb', '']) {
      const res = await t.request('POST', '/auth/ott', { token: host.token, body: { next } });
      expect(res.statusCode, next).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('needs a signed-in, verified user', async () => {
    expect((await t.request('POST', '/auth/ott', { body: { next: '/' } })).statusCode).toBe(401);
    expect((await t.request('POST', '/auth/ott', { token: 'x'.repeat(43), body: { next: '/' } })).statusCode).toBe(401);
    const email = uniqueEmail();
    const registered = await t.request('POST', '/auth/register', {
      body: { fullName: 'Dana Levi', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' },
    });
    const verifyOnly = (registered.json() as { accessToken: string }).accessToken;
    const res = await t.request('POST', '/auth/ott', { token: verifyOnly, body: { next: '/' } });
    expect(res.statusCode).toBe(401);
    const { rows } = await t.ctx.db.execute(sql`select count(*)::int as n from user_tokens where email = ${email} and purpose = 'sign_in_link'`);
    expect(rows[0]).toEqual({ n: 0 });
  });
});

describe('POST auth/ott/redeem', () => {
  it('signs the same user in once, as a new web session, and never again', async () => {
    const host = await signUpHost(t);
    const link = await askLink(host.token);
    const res = await redeem(link.token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.userData.email).toBe(host.email);
    expect(body.userAbility).toEqual(HOST_ABILITY);
    expect(body.accessToken).not.toBe(host.token);
    expect(res.headers['set-cookie']).toContain('HttpOnly');
    const me = await t.request('GET', '/user/me', { token: body.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().userData.email).toBe(host.email);
    const { rows } = await t.ctx.db.execute(
      sql`select platform, scope from sessions where user_id = (select id from users where email = ${host.email}) order by created_at desc limit 1`,
    );
    expect(rows[0]).toEqual({ platform: 'web', scope: 'full' });

    const again = await redeem(link.token);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
    // The session that asked for the link is untouched.
    expect((await t.request('GET', '/user/me', { token: host.token })).statusCode).toBe(200);
  });

  it('refuses an unknown token and a link older than two minutes', async () => {
    expect((await redeem('A'.repeat(43))).json().code).toBe('INVALID_TOKEN');
    const host = await signUpHost(t);
    const link = await askLink(host.token);
    await t.ctx.db.execute(
      sql`update user_tokens set created_at = now() - interval '121 seconds', expires_at = now() - interval '1 second'
          where purpose = 'sign_in_link' and user_id = (select id from users where email = ${host.email})`,
    );
    const res = await redeem(link.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_TOKEN');
  });

  it('lets exactly one of parallel redemptions win', async () => {
    const host = await signUpHost(t);
    const link = await askLink(host.token);
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(link.token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
    const { rows } = await t.ctx.db.execute(
      sql`select count(*)::int as n from sessions where scope = 'full' and user_id = (select id from users where email = ${host.email})`,
    );
    expect(rows[0]).toEqual({ n: 2 }); // the app's session and the one the link made
  });

  it('refuses a user blocked after the link was made', async () => {
    const host = await signUpHost(t);
    const link = await askLink(host.token);
    const user = await findUserByEmail(t.ctx.db, host.email);
    await setUserBlocked(t.ctx.db, user!.id, true);
    const res = await redeem(link.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('USER_BLOCKED');
  });

  it('keeps the token nowhere in clear (every table, jobs included)', async () => {
    const host = await signUpHost(t);
    const link = await askLink(host.token);
    const { rows: tables } = await t.ctx.db.execute(
      sql`select table_schema as s, table_name as n from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { s, n } of tables as { s: string; n: string }[]) {
      const { rows } = await t.ctx.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(s)}.${sql.identifier(n)} as r where r::text like ${`%${link.token}%`}`,
      );
      expect(rows[0], `${s}.${n}`).toEqual({ n: 0 });
    }
  });
});

describe('rate limits', () => {
  it('limits links per user and failed redemptions per address', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const host = await signUpHost(limited);
      const ask = () => limited.request('POST', '/auth/ott', { token: host.token, body: { next: '/' } });
      for (let i = 0; i < SIGN_IN_LINK_LIMITS.createsPerUser.max; i++) expect((await ask()).statusCode).toBe(200);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');

      const ip = '203.0.113.9';
      for (let i = 0; i < SIGN_IN_LINK_LIMITS.failedRedeemsPerIp.max; i++) {
        expect((await limited.request('POST', '/auth/ott/redeem', { ip, body: { token: `wrong-${i}` } })).statusCode).toBe(400);
      }
      expect((await limited.request('POST', '/auth/ott/redeem', { ip, body: { token: 'wrong-last' } })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
