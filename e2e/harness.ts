import { once } from 'node:events';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import type { DevMail } from '@magiim/shared';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

import { launchBrowser as launchPlainBrowser } from './browser.js';
import { rawTextKeysOnScreen } from './raw-text.js';
import { settled, watchScreens } from './screens.js';
import { waitFor } from './wait-for.js';

export { resolveBrowser, type BrowserBinary } from './browser.js';
export { SCREENSHOTS_WANTED, settled } from './screens.js';

/**
 * One Chromium per test worker, shared by the journeys it runs one after another (isolate: false keeps this module
 * from file to file): a launch and its exit cost about 1.7 CPU-seconds, and the suite has over forty files. Its
 * screenshots are written only when asked or when a test fails (screens.ts). A browser that died is launched again.
 */
let shared: Promise<Browser> | undefined;
const sharedBrowser = async (): Promise<Browser> => {
  const browser = await (shared ??= launchPlainBrowser().then(watchScreens));
  if (browser.isConnected()) return browser;
  shared = undefined;
  return sharedBrowser();
};

/**
 * The Chromium of a journey file: the worker's shared one, whose close() closes the contexts (and their pages)
 * this file opened instead of the browser, so every file still starts with no context, page or storage of another.
 */
export const launchBrowser = async (): Promise<Browser> => {
  const browser = await sharedBrowser().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  const contexts = new Set<BrowserContext>();
  const opened = (context: BrowserContext) => {
    contexts.add(context);
    context.once('close', () => contexts.delete(context));
    return context;
  };
  const lease: Partial<Browser> = {
    newContext: async (options) => opened(await browser.newContext(options)),
    newPage: async (options) => {
      const page = await browser.newPage(options);
      opened(page.context());
      return page;
    },
    contexts: () => [...contexts],
    close: async () => {
      await Promise.all([...contexts].map((context) => context.close().catch(() => undefined)));
    },
  };
  return new Proxy(browser, {
    get: (target, property) => {
      if (property in lease) return lease[property as keyof Browser];
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
};

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
  mailbox(to: string): Promise<DevMail[]>;
  waitForMail(to: string, match?: (mail: DevMail) => boolean): Promise<DevMail>;
}

const adminQuery = async (adminUrl: string, text: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

/**
 * A database of its own on the run's PostgreSQL (the server suites' global setup, started once for the browser
 * run), copied from the migrated template: an app's start then skips initdb, the server's start and the
 * migrations (measured 13–19 s → 7 s under load). Apps given a DATA_DIR (the admin-console and checkout journeys,
 * which also run the admin script on that folder) keep npm start's embedded database.
 */
const ownDatabase = async (): Promise<{ url: string; drop(): Promise<void> } | undefined> => {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  if (!adminUrl || !template) return undefined;
  const name = `magiim_e2e_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
};

/** The built app (`npm run build`), as `npm start` serves it, on a free port with a fresh data directory. */
export const startBuiltApp = async (env: Record<string, string> = {}): Promise<RunningApp> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = env.DATA_DIR || env.DATABASE_URL !== undefined ? undefined : await ownDatabase();
  const dataDir = env.DATA_DIR || mkdtempSync(path.join(tmpdir(), 'magiim-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: database?.url ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      // Not listening yet: a refused connection.
      return (await fetch(`${url}/api/health`).catch(() => undefined))?.ok ? true : undefined;
    },
    'server did not start within 60 s',
    { timeoutMs: 60_000 },
  );
  const mailbox = async (to: string) =>
    ((await (await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: DevMail[] }).messages;
  return {
    url,
    mailbox,
    waitForMail: (to, match = () => true) => waitFor(async () => (await mailbox(to)).find(match), `no e-mail to ${to}`),
    stop: async () => {
      if (child.exitCode === null) {
        // The exit itself, or a 10 s deadline for a graceful stop before the hard kill.
        const exited = once(child, 'exit', { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
        child.kill('SIGTERM');
        await exited;
        if (child.exitCode === null && child.signalCode === null) {
          const killed = once(child, 'exit', { signal: AbortSignal.timeout(10_000) }).catch(() => undefined);
          child.kill('SIGKILL');
          await killed;
        }
      }
      await database?.drop().catch(() => undefined);
      // The app's folder (its secrets, and the embedded database of a journey that runs one) goes with it: two
      // browser runs left 90 folders in /tmp, two of 46 MB.
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: unknown }[];
}

/**
 * axe-core's minified build: the same rules as `axe.source` (its unminified build, 1.5 MB, sent to the page on every
 * run) in 0.65 MB.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core with the WCAG 2.0/2.1 A and AA rules; returns the serious and critical violations only (axe then
 * gathers no passed or inapplicable nodes).
 */
const axeOnce = async (page: Page): Promise<AxeViolation[]> => {
  // Evaluated through the DevTools protocol (an inline <script> tag would be refused by the app's CSP), once per
  // document: a dialog, a second width or a route the app changed itself keeps the one already there (70 of 98
  // runs in three journeys).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe.run(
      document,
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] },
    ),
  )) as { violations: AxeViolation[] };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target })) }));
};

/** Raw text keys on the page, reported as a violation beside axe's: every page and dialog the suite checks. */
const rawTextViolations = async (page: Page): Promise<AxeViolation[]> => {
  const keys = await rawTextKeysOnScreen(page);
  return keys.length ? [{ id: 'raw-text-key', impact: 'serious', help: `text keys shown instead of their text: ${keys.join(', ')}`, nodes: [] }] : [];
};

/**
 * axe's serious and critical violations, and any text key shown instead of its text (raw-text.ts), on the page
 * as it is once settled.
 */
export const seriousAxeViolations = async (page: Page): Promise<AxeViolation[]> => {
  // A dialog still fading in has half-transparent text: axe would measure a contrast nobody sees.
  await settled(page);
  const first = [...(await axeOnce(page)), ...(await rawTextViolations(page))];
  if (first.length === 0) return first;
  // A toast that began to fade in after the wait above (a save's answer) is measured mid-way the same: the page
  // settled again is what counts, and a real fault is still there then.
  await settled(page, 5_000);
  return [...(await axeOnce(page)), ...(await rawTextViolations(page))];
};

/** The path of the first link to `route` in an e-mail, e.g. `/verify-email/abc`. */
export const linkPathFrom = (mail: DevMail, route: 'verify-email' | 'reset-password'): string => {
  const match = new RegExp(`/${route}/[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${route} link in the e-mail`);
  return match[0];
};

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${++counter}@example.com`;

export const E2E_PASSWORD = 'Chuppah-2026';

/** Registers through the API, for tests whose subject is not the registration form itself. */
export const registerViaApi = async (app: RunningApp, email: string, options: { fullName?: string; lang?: string } = {}) => {
  const res = await fetch(`${app.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-platform': 'web' },
    body: JSON.stringify({
      fullName: options.fullName ?? 'Test Host',
      email,
      password: E2E_PASSWORD,
      confirmPassword: E2E_PASSWORD,
      acceptTerms: true,
      isAdult: true,
      lang: options.lang ?? 'he',
    }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
};

/** A page whose every navigation is a first visit: these tests are about pages, not HTTP revalidation. */
export const uncachedPage = async (context: BrowserContext): Promise<Page> => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
};
