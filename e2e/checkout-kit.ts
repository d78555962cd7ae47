import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { plain } from './invitation-kit.js';

/** What the checkout journeys share: the texts as the app shows them, the sandbox page, coupons through the admin CLI. */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

type Tree = { [key: string]: string | Tree };
const load = (file: string): Tree => JSON.parse(readFileSync(path.join(root, 'apps/web/src/i18n', file), 'utf8')) as Tree;
const textsOf = (lang: string): Tree => ({ ...load(`locales/${lang}.json`), ...load(`features/billing.${lang}.json`), ...load(`features/notifications.${lang}.json`), ...load(`features/events.${lang}.json`) });

/** A text of the web app in `lang`, with `{{values}}` filled in and no isolates, as `plain()` reads the page. */
export const appText = (lang: string, key: string, values: Record<string, string | number> = {}): string => {
  const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), textsOf(lang));
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${lang}`);
  return plain(found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')));
};

/** Clicks and waits for the page the click leads to (a full navigation). */
export const clickAndLeave = async (page: Page, selector: string, urlPart: string | RegExp) => {
  await Promise.all([page.waitForURL(urlPart), page.click(selector)]);
};

/** On the sandbox provider's page: Pay, Decline or Cancel (each a form POST that redirects back to the app). */
export const decideOnSandbox = async (page: Page, outcome: 'pay' | 'decline' | 'cancel') => {
  await page.waitForURL(/\/dev\/payment\//);
  await Promise.all([page.waitForURL(/\/pricing\//), page.click(`button[value="${outcome}"]`)]);
};

/** `npm run admin -- coupon create …` against the running app's embedded database. */
export const createCoupon = async (dataDir: string, args: string[]): Promise<string> => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts/admin.ts'), 'coupon', 'create', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  return stdout;
};
