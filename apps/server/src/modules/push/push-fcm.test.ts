import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_ID_HEADER, PLATFORM_HEADER } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { startFakeFcm } from '../../../test/fake-fcm.js';
import { addGuest, hostWithEvent } from '../guests/guest-test-kit.js';
import { answer, personalTokenOf } from '../invitations/invite-test-kit.js';
import { pushNotification } from './push-sending.js';
import { pushTokenHashOf } from './push-tokens.service.js';
import { PUSH_BODIES } from './push-texts.js';

const PROJECT = 'magiim-flow';
const CLIENT_EMAIL = 'push@magiim-flow.iam.gserviceaccount.com';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

let t: TestApp;
const logLines: string[] = [];
let fake: Awaited<ReturnType<typeof startFakeFcm>>;
beforeAll(async () => {
  fake = await startFakeFcm({ projectId: PROJECT, clientEmail: CLIENT_EMAIL, publicKey: keys.publicKey });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'magiim-fcm-flow-')), 'service-account.json');
  writeFileSync(file, JSON.stringify({ type: 'service_account', private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), client_email: CLIENT_EMAIL }));
  t = await createTestApp(
    { PUSH_PROVIDER: 'fcm', FCM_PROJECT_ID: PROJECT, FCM_SERVICE_ACCOUNT_FILE: file, FCM_API_URL: fake.url, FCM_TOKEN_URL: fake.tokenUrl, LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line) => void logLines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let n = 0;
const register = (token: string, pushToken: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/push-notifications/token',
    headers: { [PLATFORM_HEADER]: 'android', authorization: `Bearer ${token}`, [DEVICE_ID_HEADER]: `flow-device-${Date.now()}-${++n}-xyz` },
    payload: { pushNotificationToken: pushToken, platform: 'android' },
  });

describe('pushes through Firebase Cloud Messaging (local fake)', () => {
  it('pushes a new notification to the live token, drops the unregistered and the invalid ones', async () => {
    expect(t.ctx.push.name).toBe('fcm');
    const { token, eventId } = await hostWithEvent(t);
    const live = `live-token-${Date.now()}:APA91b${'a'.repeat(30)}`;
    const gone = `gone-token-${Date.now()}:APA91b${'b'.repeat(30)}`;
    const bad = `bad-token-${Date.now()}:APA91b${'c'.repeat(30)}`;
    fake.markUnregistered(gone);
    fake.markInvalid(bad);
    for (const pushToken of [live, gone, bad]) expect((await register(token, pushToken)).statusCode).toBe(200);

    const guest = await addGuest(t, token, eventId);
    expect((await answer(t, personalTokenOf(guest), { status: 'approved', attending: 1 })).statusCode).toBe(200);
    const notificationId = (await t.ctx.db.execute<{ id: string }>(sql`select id from notifications where event_id = ${eventId}::uuid`)).rows[0]!.id;

    // (The worker's minute scan may have pushed it already: the end state is what counts.)
    await pushNotification(t.ctx, notificationId);
    expect(fake.messages).toEqual([{ token: live, title: expect.any(String), body: PUSH_BODIES.he.approved, data: { notificationId, eventId, type: 'approved' } }]);
    expect(fake.tokenRequests).toEqual([{ ok: true }]);
    const left = (await t.ctx.db.execute<{ tokenHash: string }>(sql`select token_hash as "tokenHash" from push_tokens`)).rows.map((row) => row.tokenHash);
    expect(left).toEqual([pushTokenHashOf(t.ctx, live)]);
    // Retried: nothing more reaches FCM.
    expect(await pushNotification(t.ctx, notificationId)).toEqual({ sent: 0, dead: 0, failed: 0 });
    expect(fake.messages).toHaveLength(1);

    // Logged by ids: the pushes and the dropped tokens, never a token.
    const log = logLines.join('\n');
    expect(log).toContain('push sent');
    expect(log).toContain('push token dead: dropped');
    expect(log).toContain(notificationId);
    for (const pushToken of [live, gone, bad]) expect(log).not.toContain(pushToken.slice(0, 16));
  });
});
