import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { pruneDeadRows } from './housekeeping.jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const count = async (query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)).rows[0] as { n: number }).n;

describe('housekeeping', () => {
  it('deletes dead sessions, used or expired links and old dev mail, and keeps what is alive', async () => {
    const { token, email } = await signUpHost(t);
    const userId = sql`(select id from users where email = ${email})`;
    // signUpHost left: a used verify link, a verify_email session and a full session, all alive.
    await t.ctx.db.execute(sql`update sessions set expires_at = now() - interval '2 days' where user_id = ${userId} and scope = 'verify_email'`);
    await t.ctx.db.execute(sql`update user_tokens set used_at = now() - interval '2 days' where user_id = ${userId}`);
    await t.ctx.db.execute(sql`update dev_mailbox set created_at = now() - interval '8 days' where "to" = ${email}`);
    await t.ctx.db.execute(
      sql`insert into dev_mailbox ("to", subject, html, text) values (${email}, 'fresh', '<p>x</p>', 'x')`,
    );

    const deleted = await pruneDeadRows(t.ctx);
    expect(deleted.sessions).toBeGreaterThanOrEqual(1);
    expect(deleted.userTokens).toBeGreaterThanOrEqual(1);
    expect(deleted.devMail).toBeGreaterThanOrEqual(1);

    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${userId}`)).toBe(1);
    expect((await t.request('GET', '/user/me', { token })).statusCode).toBe(200);
    expect(await count(sql`select count(*)::int as n from user_tokens where user_id = ${userId}`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from dev_mailbox where "to" = ${email}`)).toBe(1);
  });

  it('forgets a device that has not signed in for half a year', async () => {
    const { email } = await signUpHost(t);
    const userId = sql`(select id from users where email = ${email})`;
    await t.ctx.db.execute(sql`insert into known_devices (user_id, device_hash, last_sign_in_at) values
      (${userId}, 'recent', now() - interval '10 days'), (${userId}, 'stale', now() - interval '181 days')`);
    await pruneDeadRows(t.ctx);
    const { rows } = await t.ctx.db.execute(sql`select device_hash from known_devices where user_id = ${userId} order by device_hash`);
    expect(rows).toEqual([{ device_hash: 'recent' }]);
  });

  it('keeps a revoked session for a week, then deletes it', async () => {
    const { token, email } = await signUpHost(t);
    await t.request('POST', '/auth/logout', { token });
    const userId = sql`(select id from users where email = ${email})`;
    await pruneDeadRows(t.ctx);
    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is not null`)).toBe(1);
    await t.ctx.db.execute(sql`update sessions set revoked_at = now() - interval '8 days' where user_id = ${userId} and revoked_at is not null`);
    await pruneDeadRows(t.ctx);
    expect(await count(sql`select count(*)::int as n from sessions where user_id = ${userId} and revoked_at is not null`)).toBe(0);
  });
});
