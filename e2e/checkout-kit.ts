import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { appTexts } from './app-texts.js';

/** What the checkout journeys share: the texts as the app shows them, the sandbox page, coupons through the admin CLI. */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** A text of the web app in `lang`, with `{{values}}` filled in and no isolates, as `plain()` reads the page. */
export const appText = appTexts(['events', 'notifications', 'billing']);

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
