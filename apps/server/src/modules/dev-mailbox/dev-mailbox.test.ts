import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { loadConfig } from '../../platform/env.js';
import { isLoopbackAddress } from '../../platform/loopback.js';

describe('dev mailbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('answers the loopback client %s', async (ip) => {
    expect((await t.request('GET', '/dev/mailbox', { ip })).statusCode).toBe(200);
  });

  it.each(['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1', '128.0.0.1'])('is not there for %s', async (ip) => {
    const res = await t.request('GET', '/dev/mailbox', { ip });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'not found' });
  });

  it('follows the client behind a trusted proxy, not the proxy', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '192.168.1.20' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('knows loopback addresses', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::FFFF:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.0.0.1.evil')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: t.config.dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: t.config.dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
