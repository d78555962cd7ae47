import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_HEADER } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../test/test-app.js';
import { hostWithEvent } from './modules/guests/guest-test-kit.js';

/**
 * Issue 28: who, then what. Walks every route the app registered: a guarded route answers a caller without a
 * session 401 and a host on an administration route 403 whatever the body (even malformed JSON); a host who is
 * not a host of the event in the path gets NOT_FOUND, not VALIDATION, for the same junk.
 */
let t: TestApp;
let owner: { token: string; eventId: string };
let stranger: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await hostWithEvent(t);
  stranger = await signUpHost(t, { fullName: 'Rina Zur' });
});
afterAll(async () => {
  await t?.close();
});

const JUNK = { fullName: 7, items: 'x', status: { nope: true }, amount: -1, lang: 'xx', email: 'not-an-email' };

/** Fills a route's path: the event parameter with the owner's event, every other one with a value no schema accepts. */
const urlOf = (url: string, eventParam: string | undefined) =>
  url
    .replace(/:(\w+)/g, (_m, name: string) => (name === eventParam ? owner.eventId : 'not-an-id'))
    .replace(/\*$/, 'x');

const send = (method: string, url: string, token: string | undefined, payload: 'json' | 'malformed') =>
  t.app.inject({
    method: method as 'POST',
    url: `${url}?page=-4&offset=x&limit=abc&q=${'x'.repeat(300)}`,
    headers: {
      [PLATFORM_HEADER]: 'web',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'GET' || method === 'DELETE' ? {} : { 'content-type': 'application/json' }),
    },
    ...(method === 'GET' ? {} : { payload: payload === 'json' ? JSON.stringify(JUNK) : '{"broken": ' }),
  });

describe('every guarded route decides who before what', () => {
  const guarded = () => t.routes.filter((route) => route.guard && route.method !== 'HEAD');

  it('walks a real list of routes', () => {
    expect(guarded().length).toBeGreaterThan(60);
    expect(guarded().filter((route) => route.guard === 'admin').length).toBeGreaterThan(8);
    expect(guarded().filter((route) => route.eventParam).length).toBeGreaterThan(40);
  });

  it('answers a caller without a session 401 on every guarded route, whatever the body', async () => {
    const wrong: string[] = [];
    for (const route of guarded()) {
      for (const payload of ['json', 'malformed'] as const) {
        const res = await send(route.method, urlOf(route.url, route.eventParam), undefined, payload);
        if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url} (${payload}): ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers a host 403 on every administration route, whatever the body', async () => {
    const wrong: string[] = [];
    for (const route of guarded().filter((r) => r.guard === 'admin')) {
      const res = await send(route.method, urlOf(route.url, route.eventParam), stranger.token, 'json');
      if (res.statusCode !== 403) wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers another host NOT_FOUND on every route of an event that is not theirs, whatever the body", async () => {
    const wrong: string[] = [];
    for (const route of guarded().filter((r) => r.eventParam)) {
      for (const payload of ['json', 'malformed'] as const) {
        const res = await send(route.method, urlOf(route.url, route.eventParam), stranger.token, payload);
        if (res.statusCode !== 404 || res.json<{ code: string }>().code !== 'NOT_FOUND') {
          wrong.push(`${route.method} ${route.url} (${payload}): ${res.statusCode} ${res.body.slice(0, 80)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  // Issue 31: the door routes take a host's session or an usher link, with a hook of their own (not a marked guard).
  it('decides who before what on the check-in door routes too: no session 401, another host NOT_FOUND, a dead usher link INVALID_TOKEN', async () => {
    const door = t.routes.filter((route) => route.url.startsWith('/api/checkin/') && !route.guard && route.method !== 'HEAD');
    expect(door.length).toBeGreaterThanOrEqual(7);
    const wrong: string[] = [];
    for (const route of door) {
      const url = urlOf(route.url, 'id');
      for (const payload of ['json', 'malformed'] as const) {
        const anonymous = await send(route.method, url, undefined, payload);
        if (anonymous.statusCode !== 401) wrong.push(`${route.method} ${route.url} anonymous (${payload}): ${anonymous.statusCode}`);
        const other = await send(route.method, url, stranger.token, payload);
        if (other.statusCode !== 404 || other.json<{ code: string }>().code !== 'NOT_FOUND') wrong.push(`${route.method} ${route.url} stranger (${payload}): ${other.statusCode}`);
        const usher = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { [PLATFORM_HEADER]: 'web', 'x-usher-token': 'A'.repeat(43), ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'content-type': 'application/json' }) },
          ...(route.method === 'GET' ? {} : { payload: payload === 'json' ? JSON.stringify(JUNK) : '{"broken": ' }),
        });
        if (usher.json<{ code: string }>().code !== 'INVALID_TOKEN') wrong.push(`${route.method} ${route.url} dead usher (${payload}): ${usher.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still validates what the event host sends', async () => {
    const res = await send('PUT', `/api/expenses/${owner.eventId}`, owner.token, 'json');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('VALIDATION');
  });
});
