import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { setUserBlocked } from '../users/users.repository.js';

/** Read requests reuse a recent session lookup; nothing that ends a session or changes its user may be hidden by it. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '5000' });
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.request('GET', '/user/me', { token });

describe('the session cache', () => {
  it('answers reads without the database once a session was looked up', async () => {
    const { token, email } = await signUpHost(t);
    expect((await me(token)).statusCode).toBe(200);
    // Behind the cache's back (as another process would): the next read still passes within the window.
    await t.ctx.db.execute(sql`update sessions set revoked_at = now() where user_id = (select id from users where email = ${email})`);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('drops the session at once on sign-out', async () => {
    const { token } = await signUpHost(t);
    expect((await me(token)).statusCode).toBe(200);
    expect((await t.request('POST', '/auth/logout', { token })).statusCode).toBeLessThan(300);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('drops the other sessions at once when the password changes', async () => {
    const { token, email } = await signUpHost(t);
    const other = (await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } })).json().accessToken as string;
    expect((await me(other)).statusCode).toBe(200);
    const changed = await t.request('PUT', '/user/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'Huppah-2027', confirmPassword: 'Huppah-2027' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('shows a profile change on the next read', async () => {
    const { token, email } = await signUpHost(t);
    expect((await me(token)).json().userData.fullName).toBe('Noa Cohen');
    expect((await t.request('PUT', '/user/profile', { token, body: { fullName: 'Noa Levi', email } })).statusCode).toBe(200);
    expect((await me(token)).json().userData.fullName).toBe('Noa Levi');
  });

  it('refuses a blocked user at once', async () => {
    const { token } = await signUpHost(t);
    const userId = (await me(token)).json().userData.id as string;
    await setUserBlocked(t.ctx.db, userId, true);
    expect((await me(token)).statusCode).toBe(401);
  });
});
