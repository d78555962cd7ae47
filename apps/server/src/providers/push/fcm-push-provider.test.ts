import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeFcm } from '../../../test/fake-fcm.js';
import { createFcmPushProvider } from './fcm-push-provider.js';
import { PushError } from './index.js';

const PROJECT = 'magiim-test';
const CLIENT_EMAIL = 'push@magiim-test.iam.gserviceaccount.com';
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dir = mkdtempSync(path.join(tmpdir(), 'magiim-fcm-'));
const accountFile = (name: string, privateKey: string, clientEmail = CLIENT_EMAIL) => {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify({ type: 'service_account', project_id: PROJECT, private_key_id: 'k1', private_key: privateKey, client_email: clientEmail }));
  return file;
};
const goodFile = accountFile('good.json', keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());

let fake: Awaited<ReturnType<typeof startFakeFcm>>;
beforeAll(async () => {
  fake = await startFakeFcm({ projectId: PROJECT, clientEmail: CLIENT_EMAIL, publicKey: keys.publicKey });
});
afterAll(async () => {
  await fake?.close();
});

const provider = (file = goodFile, projectId = PROJECT) => createFcmPushProvider({ projectId, serviceAccountFile: file, apiUrl: fake.url, tokenUrl: fake.tokenUrl });
const message = (token: string) => ({ token, title: 'Dana & Avi', body: "A guest confirmed they're coming", data: { notificationId: 'n1', eventId: 'e1', type: 'approved' } });

describe('the FCM HTTP v1 adapter against a local FCM', () => {
  it('trades a signed JWT for an access token (verified with the public key), sends, and keeps the access token', async () => {
    const fcm = provider();
    const before = fake.tokenRequests.length;
    const first = await fcm.send(message('device-token-one'));
    const second = await fcm.send(message('device-token-two'));
    expect(first).toMatchObject({ ok: true, id: expect.stringMatching(/^projects\/magiim-test\/messages\//) });
    expect(second.ok).toBe(true);
    expect(fake.tokenRequests.slice(before)).toEqual([{ ok: true }]);
    expect(fake.messages.filter((m) => m.token.startsWith('device-token-'))).toEqual([
      { token: 'device-token-one', title: 'Dana & Avi', body: "A guest confirmed they're coming", data: message('').data },
      { token: 'device-token-two', title: 'Dana & Avi', body: "A guest confirmed they're coming", data: message('').data },
    ]);
  });

  it('asks concurrent pushes for one access token', async () => {
    const fcm = provider();
    const before = fake.tokenRequests.length;
    const results = await Promise.all(['c1', 'c2', 'c3', 'c4'].map((token) => fcm.send(message(`concurrent-${token}`))));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(fake.tokenRequests.length - before).toBe(1);
  });

  it('reports an unregistered token, and one FCM refuses as a token, as dead', async () => {
    fake.markUnregistered('gone-token');
    fake.markInvalid('not-a-token');
    const fcm = provider();
    expect(await fcm.send(message('gone-token'))).toEqual({ ok: false, dead: true, reason: 'UNREGISTERED' });
    expect(await fcm.send(message('not-a-token'))).toEqual({ ok: false, dead: true, reason: 'INVALID_ARGUMENT' });
  });

  it('a key the service account does not own is refused at the token endpoint: an error, no token in it, nothing sent', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const before = fake.tokenRequests.length;
    const sent = fake.messages.length;
    const error = await provider(accountFile('stranger.json', stranger)).send(message('secret-device-token')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect((error as PushError).code).toBe('unauthorized');
    expect((error as PushError).message).not.toContain('secret-device-token');
    expect(fake.tokenRequests.slice(before)).toEqual([{ ok: false, reason: 'bad signature' }]);
    expect(fake.messages.length).toBe(sent);
  });

  it('another project is refused (not a dead token); an unreadable key file is a config error', async () => {
    const error = await provider(goodFile, 'someone-else').send(message('device-token-x')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushError);
    expect((error as PushError).code).toBe('unauthorized');
    const missing = await provider(path.join(dir, 'absent.json')).send(message('device-token-y')).catch((e: unknown) => e);
    expect((missing as PushError).code).toBe('config');
  });

  it('an unreachable FCM is an error, not a dead token', async () => {
    const fcm = createFcmPushProvider({ projectId: PROJECT, serviceAccountFile: goodFile, apiUrl: 'http://127.0.0.1:9', tokenUrl: fake.tokenUrl });
    const error = await fcm.send(message('device-token-z')).catch((e: unknown) => e);
    expect((error as PushError).code).toBe('unavailable');
  });
});
