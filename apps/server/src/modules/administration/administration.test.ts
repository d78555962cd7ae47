import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, API } from '@magiim/shared';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { adminAuditLog } from '../../db/schema/operations.js';
import { events } from '../../db/schema/events.js';
import { users } from '../../db/schema/users.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { GIFT_DECISION_SUBJECTS } from '../gifts/gift-decision-emails.js';
import { signUpAdmin } from './admin-test-kit.js';
import { describeDevice } from './administration.service.js';

// The session cache on (as in production): blocking must end a session that a read just cached.
let t: TestApp;
let admin: { token: string; id: string; email: string };
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_MS: '5000' });
  useFakePlaces(t);
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.request('GET', API.user.me, { token });
const act = (body: object, token = admin.token) => t.request('POST', API.apps.users, { token, body });
const login = (email: string) => t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
const auditOf = (targetId: string) =>
  t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(adminAuditLog.createdAt);

const newHost = async (fullName = 'Noa Cohen') => {
  const { token, email } = await signUpHost(t, { fullName });
  return { token, email, id: (await me(token)).json().userData.id as string };
};

describe('blocking, unblocking and deregistering a user', () => {
  it('block ends every session at once (the cached one too), sign-in says USER_BLOCKED; unblock lets them back in', async () => {
    const host = await newHost();
    const second = (await login(host.email)).json().accessToken as string;
    // Both sessions read once: the cache now holds them for five seconds.
    expect((await me(host.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const detailBefore = (await t.request('GET', API.apps.user(host.id), { token: admin.token })).json();
    // Registration's verify-only session and the two sign-ins.
    const [{ n: sessionCount }] = (await t.ctx.db.execute(sql`select count(*)::int as n from sessions where user_id = ${host.id}`)).rows as [{ n: number }];
    expect(sessionCount).toBeGreaterThanOrEqual(2);
    expect(detailBefore.signIns.length).toBe(sessionCount);
    expect(detailBefore.signIns[0]).toEqual({ at: expect.any(String), device: expect.stringMatching(/^Web/), active: true });
    expect(JSON.stringify(detailBefore)).not.toMatch(/"ip"|127\.0\.0\.1|token/i);

    const blocked = await act({ id: host.id, action: 'block', reason: 'Spam invitations reported by guests' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().user).toMatchObject({ id: host.id, state: 'blocked', blockedAt: expect.any(String), reason: 'Spam invitations reported by guests' });
    expect(blocked.json().signIns).toEqual([]);

    // The very next request with either old token is refused, though the cache had them.
    expect((await me(host.token)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(401);
    const [{ n }] = (await t.ctx.db.execute(sql`select count(*)::int as n from sessions where user_id = ${host.id}`)).rows as [{ n: number }];
    expect(n).toBe(0);
    const refused = await login(host.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'USER_BLOCKED' });

    const unblocked = await act({ id: host.id, action: 'unblock', reason: 'Checked with the host by phone' });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().user).toMatchObject({ state: 'active', blockedAt: null });
    const back = await login(host.email);
    expect(back.statusCode).toBe(200);
    expect((await me(back.json().accessToken)).statusCode).toBe(200);

    const audit = await auditOf(host.id);
    expect(audit.map((a) => ({ adminId: a.adminId, action: a.action, targetType: a.targetType, reason: a.reason }))).toEqual([
      { adminId: admin.id, action: 'user.block', targetType: 'user', reason: 'Spam invitations reported by guests' },
      { adminId: admin.id, action: 'user.unblock', targetType: 'user', reason: 'Checked with the host by phone' },
    ]);
    expect(audit[0]!.details).toEqual({ sessions: sessionCount });
    expect(audit[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('deregister erases the account: its unpaid event goes, sign-in finds no account, the audit log keeps why', async () => {
    const host = await newHost('Yael Dror');
    const eventId = await createEvent(t, host.token);
    const res = await act({ id: host.id, action: 'deregister', reason: 'Asked by the user in writing' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    expect((await me(host.token)).statusCode).toBe(401);
    expect((await login(host.email)).json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(await t.ctx.db.select({ id: events.id }).from(events).where(eq(events.id, eventId))).toEqual([]);
    const [row] = await t.ctx.db.select({ erasedAt: users.erasedAt, email: users.email }).from(users).where(eq(users.id, host.id));
    expect(row!.erasedAt).not.toBeNull();
    expect(row!.email).not.toBe(host.email);

    const detail = (await t.request('GET', API.apps.user(host.id), { token: admin.token })).json();
    expect(detail.user).toMatchObject({ state: 'deregistered', reason: 'Asked by the user in writing' });
    const [audit] = await auditOf(host.id);
    expect(audit).toMatchObject({ adminId: admin.id, action: 'user.deregister', reason: 'Asked by the user in writing' });
    expect(audit!.details).toMatchObject({ accountsErased: 1, eventsDeleted: 1 });
    // Closed for good: another action on it is a conflict.
    expect((await act({ id: host.id, action: 'deregister', reason: 'Again please' })).statusCode).toBe(409);
    expect((await act({ id: host.id, action: 'block', reason: 'Again please' })).statusCode).toBe(409);
  });

  it('refuses to block or deregister oneself or another administrator (409), and an unknown user (404)', async () => {
    const other = await signUpAdmin(t, { fullName: 'Second Admin' });
    for (const action of ['block', 'deregister']) {
      const self = await act({ id: admin.id, action, reason: 'Testing the guard' });
      expect(self.statusCode).toBe(409);
      expect(self.json()).toMatchObject({ code: 'CONFLICT' });
      expect((await act({ id: other.id, action, reason: 'Testing the guard' })).statusCode).toBe(409);
    }
    expect((await me(other.token)).statusCode).toBe(200);
    expect(await auditOf(other.id)).toEqual([expect.objectContaining({ action: 'user.promote', adminId: null })]);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await act({ id: unknown, action: 'block', reason: 'Nobody here' })).json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.request('GET', API.apps.user(unknown), { token: admin.token })).statusCode).toBe(404);
  });

  it('requires a reason and a known action', async () => {
    const host = await newHost();
    for (const body of [
      { id: host.id, action: 'block' },
      { id: host.id, action: 'block', reason: '  ' },
      { id: host.id, action: 'block', reason: 'ok\u202Eevil' },
      { id: host.id, action: 'delete', reason: 'Some reason' },
      { id: 'not-a-uuid', action: 'block', reason: 'Some reason' },
    ]) {
      const res = await act(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    }
    expect((await me(host.token)).statusCode).toBe(200);
    expect(await auditOf(host.id)).toEqual([]);
  });
});

describe('searching and paging', () => {
  it('pages users newest first with hasMore, and searches name or e-mail with % and _ taken literally', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    await t.ctx.db.execute(sql`insert into users (full_name, email, created_at)
      select ${`Paging ${tag} `} || n, ${tag} || '.' || n || '@example.com', now() - make_interval(mins => n)
      from generate_series(1, ${ADMIN_PAGE_SIZE + 1}) n`);
    const first = (await t.request('GET', `${API.apps.users}?q=${tag}`, { token: admin.token })).json();
    expect(first).toMatchObject({ page: 1, pageSize: ADMIN_PAGE_SIZE, hasMore: true });
    expect(first.items).toHaveLength(ADMIN_PAGE_SIZE);
    expect(first.items[0].fullName).toBe(`Paging ${tag} 1`);
    expect(first.items[0]).toMatchObject({ state: 'active', isAdmin: false, emailVerified: false, events: 0 });
    const second = (await t.request('GET', `${API.apps.users}?q=${tag}&page=2`, { token: admin.token })).json();
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect(second.items.map((u: { fullName: string }) => u.fullName)).toEqual([`Paging ${tag} ${ADMIN_PAGE_SIZE + 1}`]);
    // By e-mail, case-insensitively.
    const byEmail = (await t.request('GET', `${API.apps.users}?q=${encodeURIComponent(`${tag.toUpperCase()}.7@EXAMPLE`)}`, { token: admin.token })).json();
    expect(byEmail.items.map((u: { email: string }) => u.email)).toEqual([`${tag}.7@example.com`]);

    await t.ctx.db.execute(sql`insert into users (full_name, email) values ('100%_sure', ${`${tag}.pct@example.com`}), ('Plain Name', ${`${tag}xy@example.com`})`);
    const percent = (await t.request('GET', `${API.apps.users}?q=${encodeURIComponent('%')}`, { token: admin.token })).json();
    expect(percent.items.map((u: { fullName: string }) => u.fullName)).toEqual(['100%_sure']);
    const underscore = (await t.request('GET', `${API.apps.users}?q=${encodeURIComponent(`${tag}_`)}`, { token: admin.token })).json();
    expect(underscore.items).toEqual([]);
    // The admin list shows the role; /user/me never does.
    const admins = (await t.request('GET', `${API.apps.users}?q=${encodeURIComponent(admin.email)}`, { token: admin.token })).json();
    expect(admins.items).toEqual([expect.objectContaining({ id: admin.id, isAdmin: true })]);
  });

  it('filters orders by status and finds events by name or owner e-mail', async () => {
    const host = await newHost('Tamar Ben');
    const eventId = await createEvent(t, host.token);
    const insertOrder = (status: string, refund: number | null) =>
      t.ctx.db.execute(sql`insert into orders (event_id, user_id, kind, package_id, invitee_count, subtotal, total, paid_amount, status, refund_amount)
        values (${eventId}, ${host.id}, 'purchase', 1, 100, 50000, 50000, ${status === 'created' ? 0 : 50000}, ${status}, ${refund})`);
    await insertOrder('paid', null);
    await insertOrder('refunded', 50000);
    await insertOrder('created', null);
    await insertOrder('failed', null);
    const statuses = async (filter: string) =>
      ((await t.request('GET', `${API.admin.orders}?status=${filter}&q=${encodeURIComponent(host.email)}`, { token: admin.token })).json().items as { status: string }[])
        .map((o) => o.status)
        .sort();
    expect(await statuses('all')).toEqual(['created', 'failed', 'paid', 'refunded']);
    expect(await statuses('paid')).toEqual(['paid']);
    expect(await statuses('refunded')).toEqual(['refunded']);
    expect(await statuses('failed')).toEqual(['failed']);
    expect(await statuses('open')).toEqual(['created']);
    const detail = (await t.request('GET', API.apps.user(host.id), { token: admin.token })).json();
    expect(detail.orders).toHaveLength(4);
    expect(detail.events).toEqual([expect.objectContaining({ id: eventId, role: 'owner', guests: 0, guestDataErasedAt: null })]);

    const byOwner = (await t.request('GET', `${API.admin.events}?q=${encodeURIComponent(host.email)}`, { token: admin.token })).json();
    expect(byOwner.items).toEqual([expect.objectContaining({ id: eventId, ownerEmail: host.email })]);
    const eventName = byOwner.items[0].name as string;
    expect(eventName.length).toBeGreaterThan(0);
    const byName = (await t.request('GET', `${API.admin.events}?q=${encodeURIComponent(eventName)}`, { token: admin.token })).json();
    expect(byName.items.map((e: { id: string }) => e.id)).toContain(eventId);
  });

  it('finds audit entries by action, with the administrator (or cli) who acted', async () => {
    const host = await newHost();
    await act({ id: host.id, action: 'block', reason: 'Audit search check' });
    const page = (await t.request('GET', `${API.admin.audit}?q=${encodeURIComponent('Audit search check')}`, { token: admin.token })).json();
    expect(page.items).toEqual([
      expect.objectContaining({ adminId: admin.id, adminEmail: admin.email, action: 'user.block', targetType: 'user', targetId: host.id }),
    ]);
    const cli = (await t.request('GET', `${API.admin.audit}?q=user.promote`, { token: admin.token })).json();
    expect(cli.items.length).toBeGreaterThan(0);
    expect(cli.items.every((a: { adminEmail: string; adminId: null }) => a.adminEmail === 'cli' && a.adminId === null)).toBe(true);
  });
});

describe('gift-link requests', () => {
  const register = (eventId: string, hostId: string) =>
    t.ctx.db.execute(sql`insert into gift_accounts (event_id, status, provider, provider_ref, registration_masked, registered_by, submitted_at)
      values (${eventId}, 'REGISTERED', 'managed', ${`ref-${eventId.slice(0, 8)}`}, ${JSON.stringify({ fullName: 'Noa Cohen' })}::jsonb, ${hostId}, now())`);

  it('lists the pending request, approves it with the link (the host is told), then refuses a second decision', async () => {
    const host = await newHost();
    const eventId = await createEvent(t, host.token);
    await register(eventId, host.id);
    const pending = (await t.request('GET', `${API.admin.giftRequests}?q=${encodeURIComponent(host.email)}`, { token: admin.token })).json();
    expect(pending.items).toEqual([expect.objectContaining({ eventId, status: 'REGISTERED', holderName: 'Noa Cohen', ownerEmail: host.email })]);

    const decide = (body: object) => t.request('POST', API.admin.giftDecision(eventId), { token: admin.token, body });
    const noLink = await decide({ action: 'approve', reason: 'Documents verified' });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json().issues).toEqual([expect.objectContaining({ path: 'link' })]);
    expect((await decide({ action: 'approve', reason: 'Documents verified', link: 'javascript:alert(1)' })).statusCode).toBe(400);

    const link = 'https://gifts.example.com/e/abc123';
    const approved = await decide({ action: 'approve', reason: 'Documents verified', link });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ eventId, status: 'APPROVED', decidedAt: expect.any(String) });
    await t.waitForMail(host.email, (m) => m.subject === GIFT_DECISION_SUBJECTS.he.approved);
    expect((await t.ctx.db.execute(sql`select link from gift_accounts where event_id = ${eventId}`)).rows).toEqual([{ link }]);
    const again = await decide({ action: 'reject', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(await auditOf(eventId)).toEqual([expect.objectContaining({ adminId: admin.id, action: 'gift.approve', targetType: 'event', reason: 'Documents verified' })]);
    const stillPending = (await t.request('GET', `${API.admin.giftRequests}?q=${encodeURIComponent(host.email)}`, { token: admin.token })).json();
    expect(stillPending.items).toEqual([]);
  });

  it('rejects with the reason the host reads; an event without a registration is 404', async () => {
    const host = await newHost();
    const eventId = await createEvent(t, host.token);
    const decide = (body: object) => t.request('POST', API.admin.giftDecision(eventId), { token: admin.token, body });
    expect((await decide({ action: 'reject', reason: 'No registration yet' })).statusCode).toBe(404);
    await register(eventId, host.id);
    const rejected = await decide({ action: 'reject', reason: 'The account holder\nis not the host' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', reason: 'The account holder is not the host' });
    const [audit] = await t.ctx.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.targetId, eventId), eq(adminAuditLog.action, 'gift.reject')));
    expect(audit?.reason).toBe('The account holder\nis not the host');
  });

  it('records a decision taken from the command line in the audit log as cli', async () => {
    const host = await newHost();
    const eventId = await createEvent(t, host.token);
    await register(eventId, host.id);
    const { runGiftAdminCli } = await import('../gifts/gifts-admin.js');
    const out: string[] = [];
    const code = await runGiftAdminCli(['reject', eventId, 'Bank', 'details', 'mismatch'], () => t.config, { out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code, out.join('\n')).toBe(0);
    expect(await auditOf(eventId)).toEqual([expect.objectContaining({ adminId: null, action: 'gift.reject', reason: 'Bank details mismatch' })]);
  });
});

describe('template reviews', () => {
  it('shows templates that need attention: refused, paused, or under review for more than a day', async () => {
    const host = await newHost();
    const eventId = await createEvent(t, host.token);
    const insert = (name: string, status: string, submittedHoursAgo: number) =>
      t.ctx.db.execute(sql`insert into whatsapp_templates (event_id, purpose, lang, source, text, name, status, reason, submitted_at)
        values (${eventId}, 'invitation', 'he', 'default', 'שלום', ${name}, ${status}, ${status === 'rejected' ? 'INVALID_FORMAT' : null},
          now() - make_interval(hours => ${submittedHoursAgo}))`);
    await insert('tpl_rejected', 'rejected', 1);
    await insert('tpl_paused', 'paused', 1);
    await insert('tpl_pending_long', 'pending', 30);
    await insert('tpl_pending_new', 'pending', 1);
    await insert('tpl_approved', 'approved', 50);
    const names = async (status: string) =>
      ((await t.request('GET', `${API.admin.templateReviews}?status=${status}&q=tpl_`, { token: admin.token })).json().items as { name: string }[])
        .map((i) => i.name)
        .sort();
    expect(await names('attention')).toEqual(['tpl_paused', 'tpl_pending_long', 'tpl_rejected']);
    expect(await names('all')).toEqual(['tpl_approved', 'tpl_paused', 'tpl_pending_long', 'tpl_pending_new', 'tpl_rejected']);
  });
});

describe('describeDevice', () => {
  it('reads the platform and a browser and system from the user agent', () => {
    expect(describeDevice('web', 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36')).toBe('Web · Chrome on Android');
    expect(describeDevice('web', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Web · Safari on iOS',
    );
    expect(describeDevice('android', null)).toBe('Android app');
    expect(describeDevice('web', 'curl/8.0')).toBe('Web');
  });
});
