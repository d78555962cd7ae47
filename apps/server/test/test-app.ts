import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { PLATFORM_HEADER, type DevMail } from '@magiim/shared';
import { buildApp, type BuildOptions } from '../src/app.js';
import { loadConfig } from '../src/platform/env.js';
import { databaseUrlFor } from './database-url.js';

export { databaseUrlFor };

/**
 * A whole app on a real, empty database: a fresh database created for this app (on the run's embedded
 * PostgreSQL, or on DATABASE_URL's server in CI) and dropped afterwards.
 */
export const createTestApp = async (
  env: Record<string, string> = {},
  options: BuildOptions = {},
  /** Another test app whose PostgreSQL database this one shares (scale-out tests). */
  shareDatabaseWith?: { config: { databaseUrl: string | undefined; dataDir: string }; sharers?: Set<() => Promise<void>> },
) => {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  let databaseUrl: string | undefined = shareDatabaseWith?.config.databaseUrl;
  let dropDatabase = async () => {};
  if (adminUrl && !databaseUrl) {
    const name = `magiim_test_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // A copy of the run's migrated template (global-setup.ts): the app's own migration then finds nothing to do.
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    databaseUrl = databaseUrlFor(adminUrl, name);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  // Processes of one deployment share its secrets (token pepper, payload key) as they share its database.
  const dataDir = shareDatabaseWith?.config.dataDir ?? mkdtempSync(path.join(tmpdir(), 'magiim-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    APP_URL: 'http://magiim.test',
    RATE_LIMITS: 'off',
    // Suites change sessions and users in SQL and expect the next request to see it; session-cache.test.ts
    // runs with the cache on.
    SESSION_CACHE_MS: '0',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const built = await buildApp(config, {
    logger: false,
    jobPollingIntervalSeconds: 0.5,
    ...options,
  });
  await built.app.ready();
  const { app } = built;

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    opts: { body?: unknown; token?: string; ip?: string; platform?: string | null } = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url: `/api${url}`,
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      headers: {
        ...(opts.platform === null ? {} : { [PLATFORM_HEADER]: opts.platform ?? 'web' }),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

  /** Waits for the worker to deliver an e-mail to `to` in the dev mailbox (the real job path). */
  const waitForMail = async (to: string, match: (mail: DevMail) => boolean = () => true, timeoutMs = 15_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const res = await request('GET', `/dev/mailbox?to=${encodeURIComponent(to)}`);
      const mail = (res.json() as { messages: DevMail[] }).messages.find(match);
      if (mail) return mail;
      // The mailbox is read in-process: asking often costs little, and every sign-up in the suites waits here.
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
  };

  const mailCount = async (to: string) =>
    ((await request('GET', `/dev/mailbox?to=${encodeURIComponent(to)}`)).json() as { messages: DevMail[] }).messages.length;

  // The apps sharing this one's database are closed before it is dropped: a drop `with (force)` under a running
  // worker cut a job's completion off mid-query (an unhandled rejection that failed a clean-clone run).
  const sharers = new Set<() => Promise<void>>();
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      shareDatabaseWith?.sharers?.delete(close);
      await built.close();
      await Promise.all([...sharers].map((closeSharer) => closeSharer()));
      await dropDatabase();
    })());
  shareDatabaseWith?.sharers?.add(close);

  return {
    ...built,
    config,
    request,
    waitForMail,
    mailCount,
    sharers,
    close,
  };
};
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The path token of the first link in an e-mail, e.g. `/verify-email/{token}`. */
export const linkTokenFrom = (mail: { text: string }, route: 'verify-email' | 'reset-password'): string => {
  const match = new RegExp(`/${route}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`no ${route} link in e-mail`);
  return match[1];
};

let counter = 0;
export const uniqueEmail = (prefix = 'host') => `${prefix}.${Date.now()}.${++counter}@example.com`;

export const PASSWORD = 'Chuppah-2026';

/** Registers and verifies a host; returns its e-mail and a signed-in token. */
export const signUpHost = async (t: TestApp, overrides: { email?: string; fullName?: string; lang?: string } = {}) => {
  const email = overrides.email ?? uniqueEmail();
  const res = await t.request('POST', '/auth/register', {
    body: {
      fullName: overrides.fullName ?? 'Noa Cohen',
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
      isAdult: true,
      lang: overrides.lang ?? 'he',
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.body}`);
  const mail = await t.waitForMail(email);
  const verified = await t.request('POST', '/auth/verifyEmail', { body: { token: linkTokenFrom(mail, 'verify-email') } });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const login = await t.request('POST', '/auth/login', { body: { email, password: PASSWORD } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return { email, token: (login.json() as { accessToken: string }).accessToken };
};
