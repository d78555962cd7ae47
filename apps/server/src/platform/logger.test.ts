import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, uniqueEmail } from '../../test/test-app.js';
import { redactUrl, serializeError } from './logger.js';

const TOKEN = 'kQ3v9XyZ_aB-cD1eF2gH3iJ4kL5mN6oP7qR8sT9uV0w';

describe('redactUrl', () => {
  it.each([
    [`/reset-password/${TOKEN}`, '/reset-password/[redacted]'],
    [`/verify-email/${TOKEN}?lang=he`, '/verify-email/[redacted]'],
    [`/invite/p/${TOKEN}`, '/invite/p/[redacted]'],
    [`/navigate/p/${TOKEN}#map`, '/navigate/p/[redacted]'],
    [`/api/auth/verifyEmail?token=${TOKEN}`, '/api/auth/verifyEmail'],
    ['/api/event/0b5f8a6e-5d3c-4b6f-9c1a-2f7e8d9c0a1b', '/api/event/0b5f8a6e-5d3c-4b6f-9c1a-2f7e8d9c0a1b'],
    ['/api/health', '/api/health'],
    [`/x/${encodeURIComponent(TOKEN)}`, '/x/[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('serializeError', () => {
  it('keeps a failed query and its database error without the parameters', () => {
    const cause = Object.assign(new Error('new row violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      detail: 'Failing row contains (secret@example.com, $argon2id$v=19$…)',
      parameters: ['secret@example.com'],
    });
    const error = Object.assign(new Error('Failed query: insert into "users" ("email") values ($1)\nparams: secret@example.com'), {
      name: 'DrizzleQueryError',
      params: ['secret@example.com'],
      cause,
    });
    const serialized = serializeError(error);
    expect(JSON.stringify(serialized)).not.toContain('secret@example.com');
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email") values ($1)',
      cause: { code: '23514', constraint: 'c' },
    });
    expect(serialized.stack).toMatch(/at /);
  });
});

/** A whole app whose log lines are kept in `lines`. */
const appWithLog = async (level: string) => {
  const lines: string[] = [];
  const t = await createTestApp({ LOG_LEVEL: level }, { logger: true, logStream: { write: (line) => void lines.push(line) } });
  return { t, lines, text: () => lines.join('') };
};

describe('log lines', () => {
  let info: Awaited<ReturnType<typeof appWithLog>>;
  let debug: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    [info, debug] = await Promise.all([appWithLog('info'), appWithLog('debug')]);
  });
  afterAll(async () => {
    await Promise.all([info?.t.close(), debug?.t.close()]);
  });

  it('writes no request line at info, and redacted ones at debug', async () => {
    for (const { t } of [info, debug]) {
      await t.app.inject({ method: 'GET', url: `/reset-password/${TOKEN}?email=noa@example.com` });
      await t.app.inject({ method: 'GET', url: `/verify-email/${TOKEN}` });
    }
    expect(info.text()).not.toContain('reset-password');
    expect(info.text()).not.toContain(TOKEN);
    expect(debug.text()).toContain('/reset-password/[redacted]');
    expect(debug.text()).toContain('/verify-email/[redacted]');
    expect(debug.text()).not.toContain(TOKEN);
    expect(debug.text()).not.toContain('noa@example.com');
  });

  it('logs a failed insert as an error without its parameters', async () => {
    const { t, text } = info;
    // Forces the registration's insert to fail in the database.
    await t.ctx.db.execute(sql.raw(`alter table users add constraint log_test_refuse check (full_name <> 'Refused Name')`));
    const email = uniqueEmail('logged');
    const res = await t.request('POST', '/auth/register', {
      body: { fullName: 'Refused Name', email, password: PASSWORD, confirmPassword: PASSWORD, acceptTerms: true, isAdult: true, lang: 'en' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: 'something went wrong' });
    const logged = text();
    expect(logged).toContain('log_test_refuse');
    expect(logged).toContain('"level":50');
    // Requests share the app's logger; the line names its request in `req`.
    expect(logged).toMatch(/"req":\{"id":"req-[0-9a-z]+","method":"POST","url":"\/api\/auth\/register"/);
    for (const secret of [email, 'Refused Name', '$argon2', PASSWORD]) expect(logged).not.toContain(secret);
  });
});
