import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { API, type GuestDto } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { personalTokenOf } from '../invitations/invite-test-kit.js';
import { signUpAdmin } from './admin-test-kit.js';

/**
 * Issue 22's access matrix: every administration endpoint refuses a request without a session (401) and a host
 * (403) and serves an administrator (200); an administrator is no member of anyone's event, so the host pages of
 * an event refuse them as they refuse any stranger; nothing an administrator reads carries a guest's link or phone.
 */
let t: TestApp;
let admin: { token: string; id: string };
let host: { token: string; eventId: string; id: string };
let stranger: { token: string; id: string };
let guest: GuestDto;

const idOf = async (token: string) => (await t.request('GET', API.user.me, { token })).json().userData.id as string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAdmin(t);
  const owner = await hostWithEvent(t);
  host = { ...owner, id: await idOf(owner.token) };
  const other = await signUpHost(t, { fullName: 'Rina Zur' });
  stranger = { token: other.token, id: await idOf(other.token) };
  guest = await addGuest(t, host.token, host.eventId, { fullName: 'Dana Levi', phoneNumber: '052-555-1234' });
  // A gift-link registration under review, and a failed message of the guest's (the lists have rows to show).
  await t.ctx.db.execute(sql`insert into gift_accounts (event_id, status, provider, provider_ref, registration_masked, registered_by, submitted_at)
    values (${host.eventId}, 'REGISTERED', 'managed', 'ref-matrix', ${JSON.stringify({ fullName: 'Noa Cohen', idNumber: '•••••6789' })}::jsonb,
      ${host.id}, now())`);
  await t.ctx.db.execute(sql`insert into outbox_messages (event_id, guest_id, action, type, channel, state, reason, text, attempts, failed_at)
    values (${host.eventId}, ${guest.id}, 'round1', 1, 1, 'failed', 'invalidNumber', ${`Hi Dana ${guest.inviteUrl}`}, 3, now())`);
});
afterAll(async () => {
  await t?.close();
});

interface Endpoint {
  method: 'GET' | 'POST';
  /** The OpenAPI path (`{id}` for parameters). */
  path: string;
  url: () => string;
  body?: () => object;
}

const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: API.apps.users, url: () => `${API.apps.users}?q=noa&page=1` },
  { method: 'GET', path: API.apps.user('{id}'), url: () => API.apps.user(host.id) },
  { method: 'POST', path: API.apps.users, url: () => API.apps.users, body: () => ({ id: stranger.id, action: 'unblock', reason: 'Access matrix check' }) },
  { method: 'GET', path: API.admin.events, url: () => API.admin.events },
  { method: 'GET', path: API.admin.orders, url: () => `${API.admin.orders}?status=paid` },
  { method: 'GET', path: API.admin.coupons, url: () => API.admin.coupons },
  { method: 'GET', path: API.admin.giftRequests, url: () => `${API.admin.giftRequests}?status=all` },
  {
    method: 'POST',
    path: API.admin.giftDecision('{eventId}'),
    url: () => API.admin.giftDecision(host.eventId),
    body: () => ({ action: 'reject', reason: 'The account holder differs from the host' }),
  },
  { method: 'GET', path: API.admin.templateReviews, url: () => `${API.admin.templateReviews}?status=all` },
  { method: 'GET', path: API.admin.messageFailures, url: () => API.admin.messageFailures },
  { method: 'GET', path: API.admin.audit, url: () => API.admin.audit },
];

describe('the administration access matrix', () => {
  it('lists every administration route the app has', () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/apps/') || path.startsWith('/admin/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.length).toBeGreaterThanOrEqual(ENDPOINTS.length);
    expect(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()).toEqual([...routes].sort());
  });

  it.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s: no session 401, a host 403, an administrator 200', async (_name, endpoint) => {
    const call = (token?: string) =>
      t.request(endpoint.method, endpoint.url(), { ...(token ? { token } : {}), ...(endpoint.body ? { body: endpoint.body() } : {}) });
    const anonymous = await call();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    for (const token of [host.token, stranger.token]) {
      const refused = await call(token);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    const served = await call(admin.token);
    expect(served.statusCode, served.body).toBe(200);
    // Never a guest's personal link, its token or a phone number.
    expect(served.body).not.toContain(personalTokenOf(guest));
    expect(served.body).not.toContain('5551234');
    expect(served.body).not.toContain('555-1234');
    expect(served.body).not.toMatch(/token|salt|inviteUrl|phone/i);
  });

  it('shows the lists with their rows (the failure as event and reason only)', async () => {
    const failures = (await t.request('GET', API.admin.messageFailures, { token: admin.token })).json();
    expect(failures.items).toEqual([expect.objectContaining({ eventId: host.eventId, reason: 'invalidNumber', channel: 1, attempts: 3 })]);
    expect(Object.keys(failures.items[0]).sort()).toEqual(['action', 'attempts', 'channel', 'eventId', 'eventName', 'failedAt', 'id', 'reason']);
    const events = (await t.request('GET', API.admin.events, { token: admin.token })).json();
    expect(events.items).toEqual([expect.objectContaining({ id: host.eventId, ownerId: host.id, guests: 1 })]);
  });

  it("refuses an administrator on a host's event as any stranger: guest list, a guest, links, preview links", async () => {
    const { eventId } = host;
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; body?: object }[] = [
      { method: 'GET', url: API.event.byId(eventId) },
      { method: 'GET', url: API.guests.list(eventId) },
      { method: 'GET', url: API.guests.one(eventId, guest.id) },
      { method: 'POST', url: API.guests.rotateLink(eventId, guest.id), body: {} },
      { method: 'GET', url: API.event.previewLinks(eventId) },
      { method: 'GET', url: API.event.publicLink(eventId) },
      { method: 'GET', url: API.guests.answers(eventId) },
    ];
    for (const call of calls) {
      const asStranger = await t.request(call.method, call.url, { token: stranger.token, ...(call.body ? { body: call.body } : {}) });
      const asAdmin = await t.request(call.method, call.url, { token: admin.token, ...(call.body ? { body: call.body } : {}) });
      expect(asStranger.statusCode, `${call.method} ${call.url}`).toBeGreaterThanOrEqual(400);
      expect(asAdmin.statusCode, `${call.method} ${call.url}`).toBe(asStranger.statusCode);
      expect(asAdmin.json().code).toBe(asStranger.json().code);
      expect(asAdmin.body).not.toContain(personalTokenOf(guest));
    }
    // The owner still reads them (the refusals above are about membership, not a broken route).
    expect((await t.request('GET', API.guests.list(eventId), { token: host.token })).statusCode).toBe(200);
    expect((await t.request('GET', API.event.previewLinks(eventId), { token: host.token })).statusCode).toBe(200);
  });
});
