import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { signUpAdmin } from './admin-test-kit.js';

/**
 * The administration's endpoints, signed in as an administrator (the app-wide fuzz test reaches them only as a
 * host, refused before any input is read), get malformed queries, path parameters and bodies: never a 5xx, and
 * every refusal is `{code, message}`. Seeded: the same requests every run.
 */
let t: TestApp;
let adminToken: string;
let hostId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token: adminToken } = await signUpAdmin(t));
  const host = await signUpHost(t);
  hostId = (await t.request('GET', API.user.me, { token: host.token })).json().userData.id as string;
});
afterAll(async () => {
  await t?.close();
});

const random = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
};

const ODD = [
  '', ' ', '%', '_', '\\', '%_\\', "'; drop table users; --", 'Noa\u0000Cohen', 'x\u202Egnp', '0', '-1', '1.5', '1e309', '1e20',
  '99999999999999999999', '40000', '-40000', '32768', '10001', 'NaN', 'Infinity', 'true', 'null', '[]', '{}', 'א'.repeat(300), 'x'.repeat(5_000), 'paid', 'all', 'pending',
  'attention', '3', '00000000-0000-4000-8000-000000000000',
];
const ODD_VALUES: unknown[] = [...ODD, null, 0, -1, 1.5, 1e308, true, [], {}, ['block'], { a: 1 }];
const ODD_IDS = ['x', '0', '00000000-0000-0000-0000-000000000000', '%', '..', 'a'.repeat(300), 'ffffffff-ffff-4fff-bfff-ffffffffffff', '%00'];

const LISTS = [API.apps.users, API.admin.events, API.admin.orders, API.admin.coupons, API.admin.giftRequests, API.admin.templateReviews, API.admin.messageFailures, API.admin.audit];
const QUERY_KEYS = ['q', 'page', 'status', 'channel', 'extra', 'q[]'];

describe('fuzz: the administration API as an administrator', () => {
  it('never answers 5xx, and every refusal is {code, message}', { timeout: 90_000 }, async () => {
    const r = random(0x0ad_2026);
    const failures: string[] = [];
    const check = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await t.app.inject({
        method,
        url: `/api${url}`,
        headers: { authorization: `Bearer ${adminToken}`, 'x-platform': 'web' },
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body, headers: { authorization: `Bearer ${adminToken}`, 'x-platform': 'web', 'content-type': 'application/json' } } : { payload: body as object }),
      });
      const json = (() => {
        try {
          return res.json() as { code?: unknown; message?: unknown };
        } catch {
          return undefined;
        }
      })();
      if (res.statusCode >= 500 || (res.statusCode >= 400 && (typeof json?.code !== 'string' || typeof json.message !== 'string'))) {
        failures.push(`${method} ${url.slice(0, 200)} ${JSON.stringify(body)?.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    };
    // Every odd value in every query parameter of every list, then random combinations.
    for (const list of LISTS) {
      for (const key of QUERY_KEYS) for (const value of ODD) await check('GET', `${list}?${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
    }
    for (let i = 0; i < 200; i++) {
      const list = r.pick(LISTS);
      const params = Array.from({ length: 1 + Math.floor(r.next() * 3) }, () => `${encodeURIComponent(r.pick(QUERY_KEYS))}=${encodeURIComponent(r.pick(ODD))}`);
      await check('GET', `${list}?${params.join('&')}`);
    }
    for (let i = 0; i < 60; i++) {
      await check('GET', API.apps.user(encodeURIComponent(r.pick(ODD_IDS))));
    }
    const bodyOf = (): unknown => {
      const roll = r.next();
      if (roll < 0.1) return r.pick(['{', '[]', 'null', '"x"', '{"id":']);
      if (roll < 0.2) return r.pick(ODD_VALUES);
      return Object.fromEntries(
        ['id', 'action', 'reason', 'link'].filter(() => r.next() < 0.8).map((key) => [
          key,
          r.next() < 0.5
            ? r.pick(ODD_VALUES)
            : key === 'id'
              ? hostId
              : key === 'action'
                ? r.pick(['block', 'unblock', 'approve', 'reject'])
                : key === 'link'
                  ? r.pick(['https://example.com/g', 'javascript:alert(1)', 'http://', 'ftp://x.y'])
                  : 'A reason long enough',
        ]),
      );
    };
    for (let i = 0; i < 150; i++) await check('POST', API.apps.users, bodyOf());
    for (let i = 0; i < 100; i++) await check('POST', API.admin.giftDecision(encodeURIComponent(r.pick(ODD_IDS))), bodyOf());
    expect(failures).toEqual([]);
  });
});
