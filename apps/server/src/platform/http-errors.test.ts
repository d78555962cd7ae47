import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_HEADER } from '@magiim/shared';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_MS: '1000' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the first byte sent to the socket's close. */
  closedAfterMs: number;
}

/** Speaks raw HTTP: writes `head`, then each chunk of `trickle` every `everyMs`, until the server answers and closes. */
const raw = (head: string, trickle: string[] = [], everyMs = 200) =>
  new Promise<RawAnswer>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      const queue = [...trickle];
      timer = setInterval(() => {
        const next = queue.shift();
        if (next === undefined || socket.destroyed) return clearInterval(timer);
        socket.write(next);
      }, everyMs);
    });
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => {}); // a reset after the answer is fine
    socket.on('close', () => {
      clearInterval(timer);
      const [headers = '', body = ''] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(headers)?.[1] ?? 0);
      if (!status) return reject(new Error(`no answer: ${JSON.stringify(received)}`));
      resolve({ status, headers, body, closedAfterMs: Date.now() - started });
    });
    setTimeout(() => socket.destroy(), 10_000);
  });

const expectShape = (body: string, code: string) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed).toEqual({ code, message: expect.any(String) });
  return parsed;
};

describe('timeouts', () => {
  it('cuts a body sent slowly with 408 in our shape, close to REQUEST_TIMEOUT_MS', async () => {
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${PLATFORM_HEADER}: web\r\nContent-Length: 200\r\n\r\n`;
    const answer = await raw(head, Array.from({ length: 40 }, () => ' '), 150);
    expect(answer.status).toBe(408);
    expectShape(answer.body, 'REQUEST_TIMEOUT');
    expect(answer.closedAfterMs).toBeLessThan(2_500);
  });

  it('cuts request headers that never end', async () => {
    const answer = await raw('GET /api/health HTTP/1.1\r\nHost: x\r\n', Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`), 150);
    expect(answer.status).toBe(408);
    expect(answer.closedAfterMs).toBeLessThan(2_500);
  });
});

describe("Node's parser refusals", () => {
  it('answers 431 for headers that are too large', async () => {
    const answer = await raw(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expectShape(answer.body, 'HEADERS_TOO_LARGE');
  });

  it('answers 400 for a bad Content-Length, without echoing anything', async () => {
    const answer = await raw(`POST /api/secret-path-x HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n`);
    expect(answer.status).toBe(400);
    expectShape(answer.body, 'BAD_REQUEST');
    expect(answer.body).not.toContain('secret-path-x');
  });
});

describe('framework refusals', () => {
  const json = { 'content-type': 'application/json', [PLATFORM_HEADER]: 'web' };

  it.each([
    ['bad URL encoding', { method: 'GET' as const, url: '/api/auth/resendVerificationEmail/%E0%A4%Azsecret' }, 400, 'BAD_REQUEST'],
    ['an over-long path parameter', { method: 'POST' as const, url: `/api/auth/sendPasswordReset/${'s'.repeat(200)}secret`, headers: json, payload: '{}' }, 414, 'URI_TOO_LONG'],
    ['an over-long URL', { method: 'GET' as const, url: `/api/health?secret=${'q'.repeat(9000)}` }, 414, 'URI_TOO_LONG'],
    ['malformed JSON', { method: 'POST' as const, url: '/api/auth/login', headers: json, payload: '{"email":"secret@example.com",' }, 400, 'BAD_REQUEST'],
    ['an empty JSON body', { method: 'POST' as const, url: '/api/auth/login', headers: json, payload: '' }, 400, 'BAD_REQUEST'],
    ['an unsupported content type', { method: 'POST' as const, url: '/api/auth/login', headers: { ...json, 'content-type': 'text/secret' }, payload: 'secret' }, 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ['a body too large', { method: 'POST' as const, url: '/api/auth/login', headers: json, payload: `{"secret":"${'x'.repeat(1_100_000)}"}` }, 413, 'PAYLOAD_TOO_LARGE'],
    ['an unknown API path', { method: 'GET' as const, url: '/api/secret/unknown' }, 404, 'NOT_FOUND'],
  ])('%s → %i %s, echoing nothing', async (_name, options, status, code) => {
    const res = await t.app.inject(options);
    expect(res.statusCode).toBe(status);
    expectShape(res.body, code);
    expect(res.body).not.toContain('secret');
  });
});

describe('OpenAPI', () => {
  it('documents the error answers of every route', () => {
    const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    expect(operations.length).toBeGreaterThan(5);
    for (const { path, method, op } of operations) {
      expect({ path, method, has4xx: '4XX' in op.responses, has5xx: '5XX' in op.responses }).toEqual({ path, method, has4xx: true, has5xx: true });
    }
  });
});
