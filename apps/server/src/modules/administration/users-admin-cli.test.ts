import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADMIN_ABILITY, API, HOST_ABILITY } from '@magiim/shared';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { adminAuditLog } from '../../db/schema/operations.js';
import { users } from '../../db/schema/users.js';
import { userCli } from './admin-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = async (email: string) => {
  const res = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json() as { accessToken: string; userData: Record<string, unknown>; userAbility: unknown };
};

describe('npm run admin -- user …', () => {
  it('promotes a host: the next sign-in carries the admin ability, userData never the role; demote takes it back', async () => {
    const { email, token: hostToken } = await signUpHost(t);
    expect((await login(email)).userAbility).toEqual(HOST_ABILITY);

    const promoted = await userCli(t, 'promote', email.toUpperCase());
    expect(promoted.code, promoted.err).toBe(0);
    expect(promoted.out).toContain(`${email} is now an administrator`);
    const [row] = await t.ctx.db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, email));
    expect(row!.role).toBe('admin');
    const [audit] = await t.ctx.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, row!.id), eq(adminAuditLog.action, 'user.promote')));
    expect(audit).toMatchObject({ adminId: null, targetType: 'user' });

    const session = await login(email);
    expect(session.userAbility).toEqual(ADMIN_ABILITY);
    expect(session.userData).not.toHaveProperty('role');
    const me = await t.request('GET', API.user.me, { token: session.accessToken });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).not.toMatch(/admin/i);
    // The session opened before the promotion sees the role on its next request too.
    expect((await t.request('GET', API.apps.users, { token: hostToken })).statusCode).toBe(200);

    expect((await userCli(t, 'promote', email)).out).toContain('already an administrator');
    expect((await userCli(t, 'list-admins')).out).toContain(email);

    const demoted = await userCli(t, 'demote', email);
    expect(demoted.code, demoted.err).toBe(0);
    expect((await login(email)).userAbility).toEqual(HOST_ABILITY);
    expect((await t.request('GET', API.apps.users, { token: session.accessToken })).statusCode).toBe(403);
    expect((await userCli(t, 'list-admins')).out).not.toContain(email);
    const actions = await t.ctx.db.select({ action: adminAuditLog.action }).from(adminAuditLog).where(eq(adminAuditLog.targetId, row!.id));
    expect(actions.map((a) => a.action).sort()).toEqual(['user.demote', 'user.promote']);
  });

  it("the app's one-time sign-in link (web view → browser) carries the admin ability too", async () => {
    const { email } = await signUpHost(t);
    expect((await userCli(t, 'promote', email)).code).toBe(0);
    const session = await login(email);
    const ask = await t.request('POST', '/auth/ott', { token: session.accessToken, platform: 'ios', body: { next: '/admin' } });
    expect(ask.statusCode, ask.body).toBe(200);
    const ott = new URL((ask.json() as { url: string }).url).searchParams.get('token')!;
    const redeemed = await t.request('POST', '/auth/ott/redeem', { body: { token: ott } });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().userAbility).toEqual(ADMIN_ABILITY);
  });

  it('refuses an unknown address or a bad command line, changing nothing', async () => {
    const unknown = await userCli(t, 'promote', 'nobody.here@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No account uses nobody.here@example.com');
    expect((await userCli(t, 'promote', 'not-an-address')).code).toBe(1);
    expect((await userCli(t, 'promote')).code).toBe(2);
    expect((await userCli(t, 'crown', 'a@b.co')).code).toBe(2);
    expect((await userCli(t)).err).toContain('Usage');
  });
});
