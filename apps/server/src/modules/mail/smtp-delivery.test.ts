import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../../../test/test-app.js';

interface Received {
  to: string[];
  raw: string;
}

/** A local SMTP sink that refuses the first message (a flaky server) and keeps the rest. */
const startSink = async () => {
  const received: Received[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        attempts += 1;
        if (attempts === 1) {
          const error = new Error('Temporary failure') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, attempts: () => attempts, close: () => new Promise<void>((r) => server.close(() => r())) };
};

let sink: Awaited<ReturnType<typeof startSink>>;
let t: TestApp;
beforeAll(async () => {
  sink = await startSink();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, MAIL_FROM: 'Magiim <no-reply@magiim.test>' });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

describe('e-mail through SMTP', () => {
  it('retries a failed delivery through the job queue and delivers HTML and text', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.request('POST', '/auth/register', {
      body: { fullName: 'Smtp Host', email, password: 'Chuppah-2026', confirmPassword: 'Chuppah-2026', acceptTerms: true, isAdult: true, lang: 'he' },
    });
    expect(res.statusCode).toBe(201);
    const deadline = Date.now() + 25_000;
    while (!sink.received.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(sink.attempts()).toBeGreaterThanOrEqual(2);
    const [message] = sink.received;
    expect(message?.to).toEqual([email]);
    expect(message?.raw).toContain('text/html');
    expect(message?.raw).toContain('text/plain');
    expect(message?.raw).toMatch(/From: Magiim <no-reply@magiim\.test>/);
  }, 40_000);

  it('has no dev mailbox when SMTP is configured', async () => {
    expect((await t.request('GET', '/dev/mailbox')).statusCode).toBe(404);
    expect((await t.request('GET', '/config')).json().devMailbox).toBe(false);
  });
});
