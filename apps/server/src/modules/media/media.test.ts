import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { isValidStorageKey } from '../../providers/storage/disk.js';

describe('stored files at /media', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves a stored file with its type, a year of immutable caching and nosniff, to anyone', async () => {
    await t.ctx.storage.put('events/abc/v1/480.webp', Buffer.from('RIFF0000WEBPdata'), 'image/webp');
    const res = await t.app.inject({ method: 'GET', url: '/media/events/abc/v1/480.webp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.toString()).toBe('RIFF0000WEBPdata');
  });

  it('keeps files private on disk (0600 in 0700 directories)', async () => {
    const file = path.join(t.config.dataDir, 'media', 'events', 'abc', 'v1', '480.webp');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('answers 404 {code, message} for a missing file and for paths that try to leave the media directory', async () => {
    for (const url of ['/media/events/none.webp', '/media/../secrets.json', '/media/..%2Fsecrets.json', '/media/events/%2e%2e/%2e%2e/secrets.json', '/media/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('accepts only its own key alphabet', () => {
    expect(isValidStorageKey('events/3f8a/0a1b/480.webp')).toBe(true);
    for (const key of ['../x', 'events/../x', '/abs', 'Events/X', 'a//b', 'a/./b', 'a\\b', '']) expect(isValidStorageKey(key), key).toBe(false);
  });
});
