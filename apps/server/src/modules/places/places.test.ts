import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';

describe('GET /api/places/suggest', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ token } = await signUpHost(t));
  });
  afterAll(() => t.close());

  it('suggests Israeli localities in Hebrew and English', async () => {
    const he = await t.request('GET', `/places/suggest?q=${encodeURIComponent('ירושל')}&lang=he`, { token });
    expect(he.statusCode).toBe(200);
    expect(he.json()[0]).toMatchObject({ name: 'ירושלים', address: expect.stringContaining('ישראל') });
    const en = await t.request('GET', '/places/suggest?q=Jerusalem&lang=en', { token });
    expect(en.json()[0]).toMatchObject({ name: 'Jerusalem', placeId: he.json()[0].placeId });
  });

  it('defaults to Hebrew and refuses an empty or overlong query', async () => {
    expect((await t.request('GET', `/places/suggest?q=${encodeURIComponent('חיפה')}`, { token })).json()[0].name).toBe('חיפה');
    expect((await t.request('GET', '/places/suggest?q=', { token })).json()).toMatchObject({ code: 'VALIDATION' });
    expect((await t.request('GET', `/places/suggest?q=${'a'.repeat(101)}`, { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/places/suggest?q=x&lang=fr', { token })).statusCode).toBe(400);
  });

  it('is for signed-in hosts only', async () => {
    const anonymous = await t.request('GET', '/places/suggest?q=Jerusalem');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
