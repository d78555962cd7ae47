import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_HEADER, PLATFORM_HEADER } from '@magiim/shared';
import { createTestApp, PASSWORD, signUpHost, type TestApp } from '../../../test/test-app.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { answer, personalTokenOf } from '../invitations/invite-test-kit.js';
import { isSandboxPushProvider, SANDBOX_DEAD_TOKEN_PREFIX, type SandboxPushProvider } from '../../providers/push/sandbox-push-provider.js';
import { openPushToken, pushTokenHashOf } from './push-tokens.service.js';
import { pushNotification } from './push-sending.js';
import { createPushJobs, PUSH_NOTIFICATION_JOB, PUSH_SCAN_JOB, pushNotificationJob, queueDuePushes } from './push.jobs.js';
import { PUSH_BODIES } from './push-texts.js';

let t: TestApp;
let sandbox: SandboxPushProvider;
beforeAll(async () => {
  t = await createTestApp();
  if (!isSandboxPushProvider(t.ctx.push)) throw new Error('the test app should push through the sandbox');
  sandbox = t.ctx.push;
});
afterAll(async () => {
  await t?.close();
});

let tokenCounter = 0;
const fcmLikeToken = (prefix = 'fcm') => `${prefix}-${Date.now().toString(36)}-${++tokenCounter}:APA91b${'x'.repeat(40)}`;
const deviceCounter = { n: 0 };
const newDeviceId = () => `device-${Date.now()}-${++deviceCounter.n}-abcdefgh`;

const patchToken = (token: string, body: object, opts: { deviceId?: string; platform?: string } = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/push-notifications/token',
    headers: {
      [PLATFORM_HEADER]: opts.platform ?? 'android',
      authorization: `Bearer ${token}`,
      ...(opts.deviceId ? { [DEVICE_ID_HEADER]: opts.deviceId } : {}),
    },
    payload: body,
  });

type TokenRow = { id: string; userId: string; sessionId: string | null; deviceKey: string; platform: string; tokenSealed: string; tokenHash: string };
const tokenRows = async (userId?: string): Promise<TokenRow[]> =>
  (
    await t.ctx.db.execute<TokenRow>(sql`
      select id, user_id as "userId", session_id as "sessionId", device_key as "deviceKey", platform, token_sealed as "tokenSealed", token_hash as "tokenHash"
      from push_tokens where ${userId ? sql`user_id = ${userId}::uuid` : sql`true`} order by created_at`)
  ).rows;
const userIdOf = async (email: string): Promise<string> =>
  (await t.ctx.db.execute<{ id: string }>(sql`select id from users where email = ${email}`)).rows[0]!.id;
const ownerEmailOf = async (eventId: string): Promise<string> =>
  (
    await t.ctx.db.execute<{ email: string }>(
      sql`select u.email from users u join event_members m on m.user_id = u.id where m.event_id = ${eventId}::uuid and m.role = 'owner'`,
    )
  ).rows[0]!.email;
const signIn = async (email: string): Promise<string> => {
  const res = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { accessToken: string }).accessToken;
};
const sentTo = (token: string) => sandbox.sent.filter((push) => push.token === token);
const newestNotificationId = async (eventId: string): Promise<string> =>
  (await t.ctx.db.execute<{ id: string }>(sql`select id from notifications where event_id = ${eventId}::uuid order by created_at desc limit 1`)).rows[0]!.id;
const addCohost = async (eventId: string, lang = 'en') => {
  const cohost = await signUpHost(t, { fullName: 'Dani Levi', lang });
  await t.ctx.db.execute(sql`insert into event_members (event_id, user_id, role) values (${eventId}::uuid, ${await userIdOf(cohost.email)}::uuid, 'cohost')`);
  return cohost;
};
const waitFor = async <T>(probe: () => Promise<T | undefined> | T | undefined, what: string, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('PATCH push-notifications/token', () => {
  it('needs a signed-in caller and a well-formed body', async () => {
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/push-notifications/token', headers: { [PLATFORM_HEADER]: 'ios' }, payload: { pushNotificationToken: fcmLikeToken(), platform: 'ios' } });
    expect(anonymous.statusCode).toBe(401);
    const { token } = await signUpHost(t);
    expect((await patchToken(token, { pushNotificationToken: fcmLikeToken(), platform: 'windows' })).statusCode).toBe(400);
    expect((await patchToken(token, { pushNotificationToken: 'short', platform: 'ios' })).statusCode).toBe(400);
    expect((await patchToken(token, { platform: 'ios' })).statusCode).toBe(400);
    expect((await patchToken(token, { pushNotificationToken: `${fcmLikeToken()} <script>`, platform: 'ios' })).statusCode).toBe(400);
    // A revoked session is refused too.
    expect((await t.request('POST', '/auth/logout', { token })).statusCode).toBe(200);
    expect((await patchToken(token, { pushNotificationToken: fcmLikeToken(), platform: 'ios' })).statusCode).toBe(401);
  });

  it('stores the token sealed with a keyed hash, per user and device, and replaces it when the device sends a new one', async () => {
    const { token, email } = await signUpHost(t);
    const userId = await userIdOf(email);
    const deviceId = newDeviceId();
    const first = fcmLikeToken();
    const res = await patchToken(token, { pushNotificationToken: first, platform: 'ios' }, { deviceId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const [row, ...more] = await tokenRows(userId);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ platform: 'ios', tokenHash: pushTokenHashOf(t.ctx, first) });
    // Sealed at rest: neither the sealed text nor the device key shows the token or the device id.
    expect(JSON.stringify(row)).not.toContain(first);
    expect(JSON.stringify(row)).not.toContain(first.slice(0, 20));
    expect(row!.deviceKey).not.toContain(deviceId);
    expect(openPushToken(t.ctx, row!.tokenSealed, row!.tokenHash)).toBe(first);
    // Bound to its hash: the sealed token does not open under another row's hash.
    expect(() => openPushToken(t.ctx, row!.tokenSealed, pushTokenHashOf(t.ctx, 'another'))).toThrow();

    // The same token again: unchanged, one row.
    expect((await patchToken(token, { pushNotificationToken: first, platform: 'ios' }, { deviceId })).statusCode).toBe(200);
    expect(await tokenRows(userId)).toHaveLength(1);
    // The device's token changed: replaced.
    const second = fcmLikeToken();
    expect((await patchToken(token, { pushNotificationToken: second, platform: 'ios' }, { deviceId })).statusCode).toBe(200);
    const rows = await tokenRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: row!.id, tokenHash: pushTokenHashOf(t.ctx, second) });
    expect(openPushToken(t.ctx, rows[0]!.tokenSealed, rows[0]!.tokenHash)).toBe(second);

    // Another device of the same user: a second row.
    expect((await patchToken(token, { pushNotificationToken: fcmLikeToken(), platform: 'android' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    expect(await tokenRows(userId)).toHaveLength(2);
  });

  it('without a device id the session is the device', async () => {
    const { token, email } = await signUpHost(t);
    const userId = await userIdOf(email);
    expect((await patchToken(token, { pushNotificationToken: fcmLikeToken(), platform: 'android' })).statusCode).toBe(200);
    const replacement = fcmLikeToken();
    expect((await patchToken(token, { pushNotificationToken: replacement, platform: 'android' })).statusCode).toBe(200);
    const rows = await tokenRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.deviceKey).toBe(`session:${rows[0]!.sessionId}`);
    expect(rows[0]!.tokenHash).toBe(pushTokenHashOf(t.ctx, replacement));
  });

  it('a token registered by another user (or device) moves: one row per token', async () => {
    const a = await signUpHost(t);
    const b = await signUpHost(t);
    const shared = fcmLikeToken();
    const phone = newDeviceId();
    expect((await patchToken(a.token, { pushNotificationToken: shared, platform: 'android' }, { deviceId: phone })).statusCode).toBe(200);
    expect((await patchToken(b.token, { pushNotificationToken: shared, platform: 'android' }, { deviceId: phone })).statusCode).toBe(200);
    expect(await tokenRows(await userIdOf(a.email))).toEqual([]);
    expect(await tokenRows(await userIdOf(b.email))).toHaveLength(1);
    // And to another device of the same user.
    expect((await patchToken(b.token, { pushNotificationToken: shared, platform: 'android' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    const rows = await tokenRows(await userIdOf(b.email));
    expect(rows).toHaveLength(1);
    expect((await t.ctx.db.execute(sql`select 1 from push_tokens where token_hash = ${pushTokenHashOf(t.ctx, shared)}`)).rows).toHaveLength(1);
  });

  it("is removed when its session signs out; the user's other sessions keep theirs", async () => {
    const { token, email } = await signUpHost(t);
    const userId = await userIdOf(email);
    const other = await signIn(email);
    expect((await patchToken(token, { pushNotificationToken: fcmLikeToken(), platform: 'ios' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    const kept = fcmLikeToken();
    expect((await patchToken(other, { pushNotificationToken: kept, platform: 'android' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    expect(await tokenRows(userId)).toHaveLength(2);
    expect((await t.request('POST', '/auth/logout', { token })).statusCode).toBe(200);
    const rows = await tokenRows(userId);
    expect(rows.map((row) => row.tokenHash)).toEqual([pushTokenHashOf(t.ctx, kept)]);
  });
});

describe('pushes of what the bell shows', () => {
  const setup = async () => {
    const { token, eventId } = await hostWithEvent(t);
    const owner = { token, eventId };
    const ownerToken = fcmLikeToken('owner');
    expect((await patchToken(token, { pushNotificationToken: ownerToken, platform: 'ios' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    const cohost = await addCohost(eventId, 'en');
    const cohostToken = fcmLikeToken('cohost');
    expect((await patchToken(cohost.token, { pushNotificationToken: cohostToken, platform: 'android' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    return { owner, ownerToken, cohost, cohostToken };
  };

  it("pushes a new notification to each member's token once, in the member's language, with ids only; a retried job pushes nothing more", async () => {
    const { owner, ownerToken, cohostToken } = await setup();
    const outsider = await signUpHost(t);
    const outsiderToken = fcmLikeToken('outsider');
    expect((await patchToken(outsider.token, { pushNotificationToken: outsiderToken, platform: 'ios' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    const guest = await addGuest(t, owner.token, owner.eventId);
    expect((await answer(t, personalTokenOf(guest), { status: 'approved', attending: 1 })).statusCode).toBe(200);
    const notificationId = await newestNotificationId(owner.eventId);

    await pushNotification(t.ctx, notificationId);
    // The job again (a retry after a crash, or a second worker): nothing more.
    expect(await pushNotification(t.ctx, notificationId)).toEqual({ sent: 0, dead: 0, failed: 0 });
    const [toOwner, ...moreOwner] = sentTo(ownerToken);
    const [toCohost, ...moreCohost] = sentTo(cohostToken);
    expect(moreOwner).toEqual([]);
    expect(moreCohost).toEqual([]);
    expect(toOwner).toMatchObject({ body: PUSH_BODIES.he.approved, data: { notificationId, eventId: owner.eventId, type: 'approved' } });
    expect(toCohost).toMatchObject({ body: PUSH_BODIES.en.approved, data: { notificationId, eventId: owner.eventId, type: 'approved' } });
    expect(toOwner!.title.length).toBeGreaterThan(0);
    expect(sentTo(outsiderToken)).toEqual([]);
    expect((await t.ctx.db.execute(sql`select 1 from push_sends where notification_id = ${notificationId}::uuid`)).rows).toHaveLength(2);

    // A second answer gathers into the same row: no second push.
    const another = await addGuest(t, owner.token, owner.eventId);
    expect((await answer(t, personalTokenOf(another), { status: 'approved', attending: 1 })).statusCode).toBe(200);
    expect(await newestNotificationId(owner.eventId)).toBe(notificationId);
    await pushNotification(t.ctx, notificationId);
    expect(sentTo(ownerToken)).toHaveLength(1);
  });

  it('the scan queues a job per notification (ids only); the worker pushes; a member who already read it gets none', async () => {
    const { owner, ownerToken, cohost, cohostToken } = await setup();
    const guest = await addGuest(t, owner.token, owner.eventId);
    expect((await answer(t, personalTokenOf(guest), { status: 'declined' })).statusCode).toBe(200);
    const notificationId = await newestNotificationId(owner.eventId);
    // The co-host read the bell before the push went out.
    expect((await t.request('PUT', '/notifications/read', { token: cohost.token })).statusCode).toBe(200);

    expect(createPushJobs(t.ctx).map((definition) => definition.name)).toEqual([PUSH_SCAN_JOB, PUSH_NOTIFICATION_JOB]);
    // (The worker's own minute scan may queue it first: either way one job holds the id.)
    await queueDuePushes(t.ctx, pushNotificationJob(t.ctx));
    const payloads = (await t.ctx.db.execute<{ data: unknown }>(sql`select data from pgboss.job where name = ${PUSH_NOTIFICATION_JOB}`)).rows.map((row) => row.data);
    expect(payloads).toContainEqual({ notificationId });
    for (const payload of payloads) expect(Object.keys(payload as object)).toEqual(['notificationId']);

    await waitFor(() => (sentTo(ownerToken).length > 0 ? true : undefined), 'the push to the owner');
    expect(sentTo(ownerToken)).toHaveLength(1);
    expect(sentTo(cohostToken)).toEqual([]);
    // Nothing left due for it.
    expect(await pushNotification(t.ctx, notificationId)).toEqual({ sent: 0, dead: 0, failed: 0 });
  });

  it('drops a dead token and pushes no more to it', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const email = await ownerEmailOf(eventId);
    const dead = `${SANDBOX_DEAD_TOKEN_PREFIX}${fcmLikeToken()}`;
    const alive = fcmLikeToken();
    expect((await patchToken(token, { pushNotificationToken: dead, platform: 'android' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    expect((await patchToken(token, { pushNotificationToken: alive, platform: 'ios' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    const guest = await addGuest(t, token, eventId);
    expect((await answer(t, personalTokenOf(guest), { status: 'maybe' })).statusCode).toBe(200);
    const notificationId = await newestNotificationId(eventId);
    await pushNotification(t.ctx, notificationId);
    expect(sentTo(alive)).toHaveLength(1);
    expect(sentTo(dead)).toEqual([]);
    expect((await t.ctx.db.execute(sql`select 1 from push_sends where notification_id = ${notificationId}::uuid`)).rows).toHaveLength(2);
    const rows = await tokenRows(await userIdOf(email));
    expect(rows.map((row) => row.tokenHash)).toEqual([pushTokenHashOf(t.ctx, alive)]);
  });

  it('pushes nothing to a signed-out device', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const mine = fcmLikeToken();
    expect((await patchToken(token, { pushNotificationToken: mine, platform: 'ios' }, { deviceId: newDeviceId() })).statusCode).toBe(200);
    expect((await t.request('POST', '/auth/logout', { token })).statusCode).toBe(200);
    const again = await signIn(await ownerEmailOf(eventId));
    const guest = await addGuest(t, again, eventId);
    expect((await answer(t, personalTokenOf(guest), { status: 'maybe' })).statusCode).toBe(200);
    expect(await pushNotification(t.ctx, await newestNotificationId(eventId))).toEqual({ sent: 0, dead: 0, failed: 0 });
    expect(sentTo(mine)).toEqual([]);
  });
});
