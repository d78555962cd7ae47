import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ERROR_CODES, PLATFORM_HEADER } from '@magiim/shared';
import { createTestApp, PASSWORD, signUpHost, uniqueEmail, type TestApp } from './test-app.js';
import { startLocalGoogle } from './local-google.js';
import { createEvent, useFakePlaces } from '../src/modules/events/event-test-kit.js';
import { addGuest } from '../src/modules/guests/guest-test-kit.js';
import { twilioSignature } from '../src/providers/voice/twilio-signature.js';
import { personalTokenOf, publicTokenOf } from '../src/modules/invitations/invite-test-kit.js';

/**
 * Every route of the API (read from the app's own OpenAPI document, so a new route is covered the day it
 * lands) gets malformed requests: wrong types, huge sizes, bad encodings, control characters, wrong content
 * types, odd headers and odd path parameters. None may answer 5xx, and every refusal is `{code, message}`.
 * Seeded: the same requests every run.
 */

// FUZZ_SEED explores other sequences locally; the suite always runs the default one.
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_2026);
const CASES_PER_ROUTE = 200;

/** mulberry32: small, fast, deterministic. */
const randomFrom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
};
type Random = ReturnType<typeof randomFrom>;

const ODD_STRINGS = [
  '',
  ' ',
  'a',
  'Noa\u0000Cohen',
  '\u0000',
  'x\u202Egnp.exe',
  '\u2066isolate\u2069',
  'line\u2028break',
  '\uD800lone',
  '\uDFFF',
  '\u0085next line',
  '\r\n\t\u001b[31m',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '{{constructor}}',
  '__proto__',
  '%00%ff',
  '../../etc/passwd',
  '👩‍👩‍👧'.repeat(50),
  'א'.repeat(300),
  'x'.repeat(10_000),
  'y'.repeat(200_000),
  'user@example.com',
  'UPPER@EXAMPLE.COM',
  'a@b',
  '@',
  'Chuppah-2026',
  'he',
  'en',
  'true',
  '0',
  '-1',
  '1e309',
];

const oddValue = (r: Random, depth = 0): unknown => {
  switch (r.int(depth > 2 ? 6 : 10)) {
    case 0:
      return null;
    case 1:
      return r.pick([0, -1, 1.5, 2 ** 53 + 1, -0, 1e308]);
    case 2:
      return r.pick([true, false]);
    case 3:
    case 4:
    case 5:
      return r.pick(ODD_STRINGS);
    case 6:
      return Array.from({ length: r.int(4) }, () => oddValue(r, depth + 1));
    case 7:
      return { [r.pick(['a', '__proto__', 'constructor', 'toString', ''])]: oddValue(r, depth + 1) };
    case 8:
      return Array.from({ length: 5_000 }, () => 1);
    default:
      return nested(r.pick([50, 500]));
  }
};

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
};

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  pathParams: string[];
  bodyFields: string[];
  hasBody: boolean;
}

const operationsOf = (document: {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>>;
}): Operation[] =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      bodyFields: Object.keys(op.requestBody?.content['application/json']?.schema?.properties ?? {}),
      hasBody: Boolean(op.requestBody),
    })),
  );

const ODD_PATH_PARAMS = ['he', 'xx', '%00', '%FF', '%E0%A4%A', '%', '..', '%2F..%2F', 'a'.repeat(150), '%F0%9F%98%80', '%D7%90', '%C0%80', '%ED%A0%80', 'he%00', ' ', '%20', '__proto__'];
const deepJson = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const ODD_RAW_BODIES = [deepJson(5_000), deepJson(100_000), `${'['.repeat(100_000)}${']'.repeat(100_000)}`, '', '{', '{"a":', 'null', '[]', '"text"', '123', 'true', '{"a":1}{"b":2}', '\u0000', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}'];
const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/xml',
  'application/json\u0000',
  '',
];
const AUTH_HEADERS = ['Bearer ', 'Bearer x', 'Basic dXNlcjpwYXNz', 'Bearer ' + 'a'.repeat(5000), 'Bearer \u00ff\u00fe', 'bearer ' + 'A'.repeat(43)];

let t: TestApp;
let google: Awaited<ReturnType<typeof startLocalGoogle>>;
let token: string;
let operations: Operation[];
let googleCredentials: string[] = [];

beforeAll(async () => {
  google = await startLocalGoogle('fuzz-client');
  t = await createTestApp({ GOOGLE_CLIENT_ID: 'fuzz-client', GOOGLE_JWKS_URL: google.jwksUrl });
  ({ token } = await signUpHost(t));
  // Correctly signed Google ID tokens whose claims are odd: the server must refuse or clean them, never fail.
  const sub = () => `fuzz-${Math.random().toString(36).slice(2)}`;
  googleCredentials = await Promise.all([
    google.sign({ sub: sub(), email: uniqueEmail('g'), name: 'Noa\u0000Cohen' }),
    google.sign({ sub: sub(), email: uniqueEmail('g'), name: 'n'.repeat(3000) }),
    google.sign({ sub: sub(), email: uniqueEmail('g'), name: '\u202Eevil' }),
    google.sign({ sub: sub(), email: 'not an email' }),
    google.sign({ sub: sub(), email: `a\u0000${uniqueEmail('g')}` }),
    google.sign({ sub: `x\u0000${sub()}`, email: uniqueEmail('g') }),
    google.sign({ sub: sub(), email: uniqueEmail('g') }, { expiresIn: null }),
    google.sign({ sub: sub(), email: uniqueEmail('g'), email_verified: false }),
    google.sign({ sub: sub(), email: uniqueEmail('g'), name: 42 as unknown as string }),
  ]);
  operations = operationsOf(t.app.swagger() as unknown as Parameters<typeof operationsOf>[0]);
});
afterAll(async () => {
  await t?.close();
  await google?.close();
});

/** One malformed request for `op`. */
const craft = (r: Random, op: Operation): InjectOptions => {
  let url = op.path.replace(/\{(\w+)\}/g, () => r.pick(ODD_PATH_PARAMS));
  if (r.next() < 0.3) url += `?${r.pick(['a=1&a=2', 'limit=-1', 'limit=abc', 'to=%00', 'to=%ZZ', 'q[]=1&q[a]=2', `x=${'q'.repeat(3000)}`, 'lang=xx', '%=%', '&&&', 'to=a%00b', 'q=%00', 'q=%E2%80%AE'])}`;
  const headers: Record<string, string> = {};
  if (r.next() < 0.85) headers[PLATFORM_HEADER] = r.pick(['web', 'web', 'ios', 'android', 'WEB', 'desktop', '']);
  const auth = r.next();
  if (auth < 0.35) headers.authorization = `Bearer ${token}`;
  else if (auth < 0.6) headers.authorization = r.pick(AUTH_HEADERS);
  if (r.next() < 0.2) headers['x-device-id'] = r.pick(['short', 'd'.repeat(40), 'd'.repeat(500), '\u00ff'.repeat(20)]);
  if (r.next() < 0.1) headers['accept-language'] = r.pick(['he', '*', 'x'.repeat(500)]);

  let payload: string | Buffer | undefined;
  const shape = r.next();
  if (op.hasBody || r.next() < 0.2) {
    if (shape < 0.55 && op.bodyFields.length) {
      // A plausible body with some fields of the wrong type or with odd text.
      const body: Record<string, unknown> = {
        fullName: 'Fuzz Host',
        email: uniqueEmail('fuzz'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
        acceptTerms: true,
        isAdult: true,
        lang: 'he',
        token: 'a'.repeat(43),
        credential: r.next() < 0.6 ? r.pick(googleCredentials) : 'x.y.z',
      };
      const chosen: Record<string, unknown> = Object.fromEntries(op.bodyFields.map((field) => [field, body[field] ?? 'x']));
      for (const field of op.bodyFields) if (r.next() < 0.5) chosen[field] = oddValue(r);
      // An own property, so `__proto__` is sent as a key rather than setting the prototype.
      if (r.next() < 0.2) Object.defineProperty(chosen, r.pick(['extra', '__proto__', 'constructor']), { value: oddValue(r), enumerable: true });
      payload = JSON.stringify(chosen);
    } else if (shape < 0.75) {
      payload = JSON.stringify(oddValue(r));
    } else if (shape < 0.9) {
      payload = r.pick(ODD_RAW_BODIES);
    } else {
      // Invalid UTF-8 and random bytes.
      payload = Buffer.from(Array.from({ length: 1 + r.int(64) }, () => r.int(256)));
    }
    const type = r.next() < 0.7 ? 'application/json' : r.pick(CONTENT_TYPES);
    if (type) headers['content-type'] = type;
  }
  return { method: op.method, url: `/api${url}`, headers, ...(payload !== undefined ? { payload } : {}) };
};

describe('fuzz: every route', () => {
  it('covers the routes the app has', () => {
    const paths = operations.map((op) => `${op.method} ${op.path}`);
    expect(paths).toEqual(expect.arrayContaining(['POST /auth/register', 'POST /auth/login', 'PUT /user/profile', 'GET /dev/mailbox']));
  });

  // 200 requests to each of about 200 routes, the exports among them (an .xlsx each time they pass the gates).
  it('never answers 5xx, and every refusal is {code, message}', { timeout: 180_000 }, async () => {
    const r = randomFrom(SEED);
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    for (const op of operations) {
      for (let i = 0; i < CASES_PER_ROUTE; i++) {
        const request = craft(r, op);
        const res = await t.app.inject(request);
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
        const describeRequest = () =>
          `${request.method} ${String(request.url).slice(0, 120)} [${JSON.stringify(request.headers).slice(0, 160)}] ${String(request.payload ?? '').slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) {
          failures.push(describeRequest());
          continue;
        }
        if (res.statusCode >= 400) {
          let body: { code?: unknown; message?: unknown } | undefined;
          try {
            body = res.json();
          } catch {
            body = undefined;
          }
          const ok =
            typeof body?.code === 'string' &&
            (ERROR_CODES as readonly string[]).includes(body.code) &&
            typeof body.message === 'string' &&
            String(res.headers['content-type']).startsWith('application/json');
          if (!ok) failures.push(describeRequest());
        }
      }
    }
    expect(failures).toEqual([]);
    // The requests reach the handlers, not only the first gate.
    expect(Object.keys(statuses).length).toBeGreaterThan(5);
    expect(statuses[200] ?? 0).toBeGreaterThan(50);
  });

  it("the guest's pages answer odd paths, bodies and content types without 5xx", { timeout: 60_000 }, async () => {
    const random = randomFrom(SEED + 9);
    const pages = ['/invite/', '/invite/p/', '/navigate/', '/navigate/p/', '/preview/invite/', '/preview/navigate/'];
    for (const path of ODD_PATH_PARAMS) {
      for (const page of pages) {
        const res = await t.app.inject({ method: 'GET', url: `${page}${path}` });
        expect({ url: `${page}${path}`, status: res.statusCode < 500 }).toEqual({ url: `${page}${path}`, status: true });
      }
    }
    // A real guest's link and the event's public link, so bodies reach the answer rules, not just the lookup.
    useFakePlaces(t);
    const { token: host } = await signUpHost(t);
    const eventId = await createEvent(t, host, { transport: { ask: 'all_guests', options: ['From Haifa'] }, meals: { ask: 'all_guests', options: ['vegan', 'glatt'] } });
    const guest = await addGuest(t, host, eventId, { countOfInvites: 3 });
    const token = personalTokenOf(guest);
    const publicToken = publicTokenOf((await t.request('GET', `/event/${eventId}`, { token: host })).json());
    // A lone surrogate cannot be percent-encoded: it goes raw, as a broken client would send it.
    const encode = (text: string) => {
      try {
        return encodeURIComponent(text);
      } catch {
        return text;
      }
    };
    for (let i = 0; i < 150; i += 1) {
      const fields = ['status', 'attending', 'meals.vegan', 'transport', 'comments', 'fullName', 'phoneNumber', 'lang', random.pick(ODD_STRINGS)];
      const body = Array.from({ length: 1 + random.int(6) }, () => `${encode(random.pick(fields))}=${encode(random.pick(ODD_STRINGS))}`).join('&');
      const url = random.pick([`/invite/${token}`, `/invite/p/${publicToken}`, `/invite/${token}/wrong-number`, `/invite/${random.pick(ODD_PATH_PARAMS)}`]);
      const contentType = random.pick(['application/x-www-form-urlencoded', 'application/json', 'text/plain', 'multipart/form-data; boundary=x']);
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload: body });
      expect({ url, contentType, status: res.statusCode < 500 }).toEqual({ url, contentType, status: true });
    }
  });

  it('odd bytes in paths outside the API answer without 5xx', async () => {
    for (const path of ODD_PATH_PARAMS) {
      for (const url of [`/reset-password/${path}`, `/${path}`, `/api/${path}`, `/assets/${path}`]) {
        const res = await t.app.inject({ method: 'GET', url });
        expect({ url, status: res.statusCode < 500 }).toEqual({ url, status: true });
      }
    }
  });
});

describe('free text at the API', () => {
  it('refuses a NUL byte in a name with 400 VALIDATION (PostgreSQL would refuse it with a 500)', async () => {
    const email = uniqueEmail('nul');
    const res = await t.request('POST', '/auth/register', {
      body: { fullName: 'Noa\u0000Cohen', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'he' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'fullName', message: 'validation.invalidCharacters' }] });
    // A fresh session: the fuzz pass above may have signed the shared one out, and sign-in is decided before the body.
    const fresh = await signUpHost(t);
    const profile = await t.request('PUT', '/user/profile', { token: fresh.token, body: { fullName: 'Dana \u202Egnp.exe', email } });
    expect(profile.statusCode).toBe(400);
  });
});

describe('the guest search and the upload routes', () => {
  it('refuses control and bidi-override characters in the guest search with 400 VALIDATION', async () => {
    useFakePlaces(t);
    const { token: host } = await signUpHost(t);
    const eventId = await createEvent(t, host);
    for (const q of ['%00', 'Dana%00', 'a%1Fb', '%E2%80%AEgnp', '%C2%85']) {
      const res = await t.request('GET', `/guests/list/${eventId}?q=${q}`, { token: host });
      expect({ q, status: res.statusCode, body: res.json() }).toMatchObject({ q, status: 400, body: { code: 'VALIDATION', issues: [{ path: 'q' }] } });
    }
    expect((await t.request('GET', `/guests/list/${eventId}?q=${encodeURIComponent('דנה לוי')}`, { token: host })).statusCode).toBe(200);
  });

  it('answers 400 {code, message} to a multipart body without a boundary, a JSON body under a multipart type, or a cut-off part', async () => {
    useFakePlaces(t);
    const { token: host } = await signUpHost(t);
    const eventId = await createEvent(t, host);
    const routes = ['/event/newEvent', `/event/editEvent/${eventId}`, `/guests/import/${eventId}?commit=false`];
    const bodies: [string, string][] = [
      ['multipart/form-data', 'x'],
      ['multipart/form-data', '{"fullName":"Noa"}'],
      ['multipart/form-data; boundary=', 'x'],
      ['multipart/form-data; boundary=x', '{"fullName":"Noa"}'],
      ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"a":1}'],
    ];
    for (const url of routes) {
      for (const [contentType, payload] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/api${url}`,
          headers: { authorization: `Bearer ${host}`, [PLATFORM_HEADER]: 'web', 'content-type': contentType },
          payload,
        });
        const body = res.json() as { code?: unknown; message?: unknown };
        expect({ url, contentType, payload, status: res.statusCode, code: body.code, message: typeof body.message }).toEqual({
          url,
          contentType,
          payload,
          status: 400,
          code: 'BAD_REQUEST',
          message: 'string',
        });
      }
    }
  });
});

describe("fuzz: the providers' webhooks, configured for Meta, 019 and Twilio", () => {
  const APP_SECRET = 'fuzz-app-secret';
  const TWILIO_TOKEN = 'fuzz-twilio-token';
  const SMS_SECRET = 'fuzz-webhook-secret-0123456789';
  let w: TestApp;
  beforeAll(async () => {
    // Provider URLs that answer nothing: processing may call them and must fail cleanly.
    w = await createTestApp({
      MESSAGING_PROVIDER: 'whatsapp-cloud',
      WHATSAPP_API_URL: 'http://127.0.0.1:9',
      WHATSAPP_PHONE_NUMBER_ID: '1000',
      WHATSAPP_WABA_ID: '2000',
      WHATSAPP_ACCESS_TOKEN: 'fuzz-token',
      WHATSAPP_APP_SECRET: APP_SECRET,
      WHATSAPP_VERIFY_TOKEN: 'fuzz-verify',
      SMS_PROVIDER: '019',
      SMS019_API_URL: 'http://127.0.0.1:9',
      SMS019_USERNAME: 'fuzz',
      SMS019_TOKEN: 'fuzz',
      SMS_SENDER: 'Fuzz',
      SMS_WEBHOOK_SECRET: SMS_SECRET,
      VOICE_PROVIDER: 'twilio',
      TWILIO_API_URL: 'http://127.0.0.1:9',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: TWILIO_TOKEN,
      TWILIO_FROM_NUMBER: '+972500000001',
    });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('never answers 5xx, refusals are {code, message}, and what is stored gets processed', { timeout: 90_000 }, async () => {
    const r = randomFrom(SEED ^ 0x77);
    const failures: string[] = [];
    const textOf = (value: unknown): string => {
      try {
        return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
      } catch {
        return '';
      }
    };
    const bodyOf = (): string | Buffer => {
      const shape = r.next();
      if (shape < 0.3) return JSON.stringify(oddValue(r));
      if (shape < 0.5) return r.pick(ODD_RAW_BODIES);
      if (shape < 0.6) return Buffer.from(Array.from({ length: 1 + r.int(64) }, () => r.int(256)));
      // Meta's envelope with odd insides: statuses, messages and template updates of the wrong shapes.
      const value = { metadata: { phone_number_id: r.pick(['1000', '999', '']) }, statuses: [oddValue(r)], messages: [oddValue(r), { from: oddValue(r), id: oddValue(r), type: 'button', button: { payload: oddValue(r) } }] };
      return JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '2000', changes: [{ field: r.pick(['messages', 'message_template_status_update', 'x']), value }] }] });
    };
    /** Twilio's TwiML fetches and status callbacks: odd forms, signed (mostly) over the exact URL, odd attempt ids and events. */
    const voiceRequest = (): InjectOptions => {
      const attempt = r.next() < 0.6 ? '11111111-2222-4333-8444-555555555555' : r.pick(ODD_PATH_PARAMS);
      const path = r.next() < 0.5 ? `/api/webhooks/voice/twilio/twiml/${attempt}?event=${r.pick(['start', 'keys', 'silence', 'x', ''])}` : `/api/webhooks/voice/twilio/status/${attempt}`;
      const params: [string, string][] = [
        ['CallSid', r.next() < 0.5 ? 'CA0123' : textOf(oddValue(r))],
        ['CallStatus', r.pick(['ringing', 'in-progress', 'completed', 'busy', 'no-answer', 'x', ''])],
        ['AnsweredBy', r.pick(['human', 'machine_start', 'fax', textOf(oddValue(r))])],
        ['Digits', textOf(oddValue(r))],
        ['CallDuration', textOf(oddValue(r))],
        ['Timestamp', textOf(oddValue(r))],
        ['SequenceNumber', textOf(oddValue(r))],
      ];
      const signed = r.next() < 0.7;
      return {
        method: r.next() < 0.9 ? 'POST' : 'GET',
        url: path,
        headers: {
          'content-type': r.next() < 0.85 ? 'application/x-www-form-urlencoded' : r.pick(CONTENT_TYPES) || 'text/plain',
          'x-twilio-signature': signed ? twilioSignature(TWILIO_TOKEN, `http://magiim.test${path}`, params) : r.pick(['', 'AAAA', '=']),
        },
        payload: new URLSearchParams(params).toString(),
      };
    };
    let voicePassed = 0;
    for (let i = 0; i < 400; i++) {
      const payload = bodyOf();
      const raw = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
      const kind = r.int(5);
      const secret = r.next() < 0.7 ? SMS_SECRET : r.pick(ODD_PATH_PARAMS);
      const request: InjectOptions =
        kind === 0
          ? { method: 'GET', url: `/api/webhooks/whatsapp?${r.pick(['hub.mode=subscribe&hub.verify_token=fuzz-verify&hub.challenge=42', 'hub.mode=x', 'hub.challenge=%00', ''])}` }
          : kind === 4
            ? voiceRequest()
            : kind === 1
            ? {
                method: 'POST',
                url: '/api/webhooks/whatsapp',
                headers: {
                  'content-type': r.next() < 0.8 ? 'application/json' : r.pick(CONTENT_TYPES) || 'text/plain',
                  ...(r.next() < 0.8 ? { 'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}` } : { 'x-hub-signature-256': r.pick(['', 'sha256=', 'md5=1', 'sha256=zz']) }),
                },
                payload: raw,
              }
            : {
                method: 'POST',
                url: `/api/webhooks/sms/${secret}/${r.pick(['dlr', 'inbound', 'blacklist'])}`,
                headers: { 'content-type': r.next() < 0.8 ? 'application/x-www-form-urlencoded' : 'application/json' },
                payload: r.next() < 0.5 ? new URLSearchParams({ status: textOf(oddValue(r)), external_id: textOf(oddValue(r)), phone: textOf(oddValue(r)), message: textOf(oddValue(r)) }).toString() : payload,
              };
      const res = await w.app.inject(request);
      if (kind === 4 && (res.statusCode === 200 || res.statusCode === 204)) voicePassed += 1;
      const line = () => `${request.method} ${String(request.url).slice(0, 100)} ${raw.subarray(0, 80).toString()} → ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (res.statusCode >= 500) failures.push(line());
      else if (res.statusCode >= 400) {
        let body: { code?: unknown; message?: unknown } | undefined;
        try {
          body = res.json();
        } catch {
          body = undefined;
        }
        if (typeof body?.code !== 'string' || !(ERROR_CODES as readonly string[]).includes(body.code) || typeof body.message !== 'string') failures.push(line());
      }
    }
    expect(failures).toEqual([]);
    // Signed voice callbacks got past the signature into the call flow (an unknown attempt: hang up, nothing applied).
    expect(voicePassed).toBeGreaterThan(10);
    // Signed and secret-path bodies got through to storage (the fuzz reaches the processor, not only the gate).
    const stored = (await w.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_inbox`)).rows[0]!.n;
    expect(stored).toBeGreaterThan(50);
    // The worker processes (or gives up on) every stored body: none is left pending for ever.
    const deadline = Date.now() + 60_000;
    let pending = -1;
    while (Date.now() < deadline) {
      const rows = await w.ctx.db.execute<{ pending: number }>(sql`select count(*)::int as pending from webhook_inbox where processed_at is null and attempts < 10`);
      pending = rows.rows[0]!.pending;
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(pending).toBe(0);
  });
});
