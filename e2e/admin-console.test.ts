import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, linkPathFrom, registerViaApi, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';
import { API_HEADERS, contextWithSession, type Host } from './host-fixtures.js';
import { plain, shoot, textOf } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 22, the admin console: a host has no way in (no menu entry, /admin says not authorized); an administrator
 * (promoted with `npm run admin -- user promote`) finds a user, blocks them with a reason (their session ends and
 * the sign-in page says they are blocked), unblocks them, and reads both decisions in the audit log. Hebrew and
 * English, 390 and 1440 px, axe clean, right to left in Hebrew.
 */
let app: RunningApp;
let browser: Browser;
const dataDir = mkdtempSync(path.join(tmpdir(), 'magiim-e2e-admin-'));

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** A text of the web app in `lang` (core file and the admin fragment), as `plain()` reads the page. */
const text = appTexts(['admin']);

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off', DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface Account extends Host {
  email: string;
}

const logIn = async (email: string) =>
  fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ email, password: E2E_PASSWORD }) });

/** A registered, verified and signed-in account named `fullName`. */
const signUp = async (prefix: string, fullName: string, lang: 'he' | 'en'): Promise<Account> => {
  const email = uniqueEmail(prefix);
  await registerViaApi(app, email, { fullName, lang });
  const token = linkPathFrom(await app.waitForMail(email), 'verify-email').split('/').pop()!;
  await fetch(`${app.url}/api/auth/verifyEmail`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ token }) });
  const session = (await (await logIn(email)).json()) as Host['session'];
  return { email, token: session.accessToken, session };
};

/** `npm run admin -- user promote <email>` against the running app's embedded database, then a fresh sign-in (the ability comes with it). */
const promote = async (account: Account): Promise<Account> => {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/scripts/admin.ts'), 'user', 'promote', account.email], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    timeout: 60_000,
  });
  const session = (await (await logIn(account.email)).json()) as Host['session'];
  return { ...account, token: session.accessToken, session };
};

const me = async (account: Account) => (await fetch(`${app.url}/api/user/me`, { headers: { ...API_HEADERS, authorization: `Bearer ${account.token}` } })).status;

describe('a host', () => {
  it('sees no way into the console, and /admin says not authorized', async () => {
    const host = await signUp('admin-host', 'Noa Cohen', 'en');
    const context = await contextWithSession(browser, host, 'en');
    const page = await context.newPage();
    await page.goto(`${app.url}/manage-events`);
    await page.click('[data-testid="user-menu"]');
    await page.waitForSelector('[data-testid="menu-my-orders"]');
    expect(await page.locator('[data-testid="menu-admin"]').count()).toBe(0);

    await page.goto(`${app.url}/admin/users`);
    await page.waitForURL(`${app.url}/not-authorized`);
    // The API says no as well: the console's data is the server's to guard.
    const answer = await fetch(`${app.url}/api/apps/user/users`, { headers: { ...API_HEADERS, authorization: `Bearer ${host.token}` } });
    expect(answer.status).toBe(403);
    await context.close();
  });
});

const PEOPLE = {
  he: { target: 'דנה לוי', block: 'שליחת הודעות ספאם לאורחים', unblock: 'הבהרה התקבלה מהמשתמשת', dir: 'rtl' },
  en: { target: 'Dana Levi', block: 'Sent spam messages to guests', unblock: 'The user explained, all clear', dir: 'ltr' },
} as const;

describe.each(['he', 'en'] as const)('an administrator, in %s', (lang) => {
  const people = PEOPLE[lang];
  let admin: Account;
  let target: Account;
  let context: BrowserContext;
  let page: Page;

  const rows = () => page.locator('[data-testid="admin-row"]');
  const reasonDialog = '[data-testid="reason-dialog"]';
  const helperText = async () => plain(await page.locator(`${reasonDialog} .MuiFormHelperText-root`).textContent());
  const state = () => textOf(page, '[data-testid="user-detail"] [data-testid="user-state"]');

  beforeAll(async () => {
    admin = await promote(await signUp('admin-admin', lang === 'he' ? 'יעל מנהלת' : 'Yael Admin', lang));
    target = await signUp('admin-target', people.target, lang);
    context = await contextWithSession(browser, admin, lang);
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('reaches the console from the user menu', async () => {
    await page.goto(`${app.url}/manage-events`);
    await page.click('[data-testid="user-menu"]');
    await page.click('[data-testid="menu-admin"]');
    await page.waitForURL(`${app.url}/admin/users`);
    // The address changes before React commits the section (a transition): the heading is read once the new
    // route's marker is on the page, not the moment the address changed.
    await page.waitForSelector('[data-testid="admin-nav-users"][aria-current="page"]');
    expect(await page.getAttribute('html', 'dir')).toBe(people.dir);
    expect(await textOf(page, 'h1')).toBe(text(lang, 'admin.nav.users'));
    expect(await page.getAttribute('[data-testid="admin-nav-users"]', 'aria-current')).toBe('page');
    await page.waitForSelector('[data-testid="admin-row"]');
  });

  it('finds the user by e-mail, the search kept in the address', async () => {
    await page.fill('[data-testid="admin-search"]', target.email);
    await page.waitForURL((url) => url.searchParams.get('q') === target.email);
    await expect.poll(async () => rows().count()).toBe(1);
    expect(plain(await rows().first().textContent())).toContain(target.email);
    expect(plain(await rows().first().textContent())).toContain(people.target);
    await shoot(page, 'admin-users', lang);

    // Nothing matches: the empty state says so.
    await page.fill('[data-testid="admin-search"]', `${target.email}.nobody`);
    await page.waitForSelector('[data-testid="admin-empty"]');
    expect(await textOf(page, '[data-testid="admin-empty"] h2')).toBe(text(lang, 'admin.emptySearch.title'));
    await page.fill('[data-testid="admin-search"]', target.email);
    await expect.poll(async () => rows().count()).toBe(1);
  });

  it('blocks the user with a reason; their session ends and the sign-in page says they are blocked', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.click('[data-testid="open-user"]');
    await page.waitForURL((url) => url.searchParams.has('id'));
    await page.waitForSelector('[data-testid="user-action-block"]');
    expect(await state()).toBe(text(lang, 'admin.users.states.active'));
    expect(plain(await page.locator('[data-testid="user-detail"]').textContent())).toContain(target.email);
    await shoot(page, 'admin-user', lang);

    await page.click('[data-testid="user-action-block"]');
    await page.waitForSelector(reasonDialog);
    // No reason, then too short: translated, and nothing is sent.
    await page.click('[data-testid="reason-confirm"]');
    expect(await helperText()).toBe(`${text(lang, 'validation.required')}${text(lang, 'admin.reason.hint')}`);
    await page.fill('[data-testid="reason-input"]', 'ab');
    expect(await helperText()).toBe(`${text(lang, 'validation.minChars', { num: 3 })}${text(lang, 'admin.reason.hint')}`);
    expect(await me(target)).toBe(200);

    await page.fill('[data-testid="reason-input"]', people.block);
    await page.click('[data-testid="reason-confirm"]');
    await page.waitForSelector(reasonDialog, { state: 'detached' });
    await expect.poll(state).toBe(text(lang, 'admin.users.states.blocked'));
    expect(await textOf(page, '[data-testid="toast"]')).toBe(text(lang, 'admin.users.done.block'));
    expect(await textOf(page, '[data-testid="user-reason"]')).toContain(people.block);

    // The user's next request is refused, and signing in says why.
    expect(await me(target)).toBe(401);
    const userContext = await contextWithSession(browser, target, lang);
    const userPage = await userContext.newPage();
    await userPage.goto(`${app.url}/manage-events`);
    await userPage.waitForURL(/\/login/);
    await userPage.fill('input[name="email"]', target.email);
    await userPage.fill('input[name="password"]', E2E_PASSWORD);
    await userPage.click('button[type="submit"]');
    await expect.poll(async () => plain(await userPage.locator('body').textContent())).toContain(text(lang, 'errors.USER_BLOCKED'));
    await userContext.close();
  });

  it('warns before deregistering, which cannot be undone (and cancels)', async () => {
    await page.click('[data-testid="user-action-deregister"]');
    await page.waitForSelector('[data-testid="reason-warning"]');
    expect(await textOf(page, '[data-testid="reason-warning"]')).toBe(text(lang, 'admin.users.confirm.deregister.warning'));
    await shoot(page, 'admin-deregister', lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.click(`${reasonDialog} button:not([data-testid])`);
    await page.waitForSelector(reasonDialog, { state: 'detached' });
    expect(await state()).toBe(text(lang, 'admin.users.states.blocked'));
  });

  it('unblocks the user, who can sign in again', async () => {
    await page.click('[data-testid="user-action-unblock"]');
    await page.fill('[data-testid="reason-input"]', people.unblock);
    await page.click('[data-testid="reason-confirm"]');
    await page.waitForSelector(reasonDialog, { state: 'detached' });
    await expect.poll(state).toBe(text(lang, 'admin.users.states.active'));
    expect((await logIn(target.email)).status).toBe(200);

    // Closing the user takes the id out of the address; the list shows the new state.
    await page.click('[data-testid="user-detail-close"]');
    await page.waitForURL((url) => !url.searchParams.has('id'));
    await page.waitForSelector('[data-testid="user-detail"]', { state: 'detached' });
    expect(plain(await rows().first().textContent())).toContain(text(lang, 'admin.users.states.active'));
  });

  it('reads both decisions, with their reasons, in the audit log', async () => {
    await page.click('[data-testid="admin-nav-audit"]');
    await page.waitForURL(`${app.url}/admin/audit`);
    // The address changes before React commits the section (a transition): typing earlier would go to the old list.
    await page.waitForSelector('[data-testid="admin-nav-audit"][aria-current="page"]');
    await page.fill('[data-testid="admin-search"]', people.block.slice(0, 12));
    await page.waitForURL((url) => url.searchParams.has('q'));
    await expect.poll(async () => rows().count()).toBe(1);
    const blocked = plain(await rows().first().textContent());
    expect(blocked).toContain(people.block);
    expect(blocked).toContain(admin.email);

    await page.fill('[data-testid="admin-search"]', '');
    await page.waitForURL((url) => !url.searchParams.has('q'));
    await page.waitForSelector(`[data-testid="admin-row"]:has-text("${people.unblock}")`);
    const all = plain(await page.locator('main').textContent());
    const unblockAt = all.indexOf(people.unblock);
    const blockAt = all.indexOf(people.block);
    // Newest first.
    expect(unblockAt).toBeGreaterThan(-1);
    expect(unblockAt).toBeLessThan(blockAt);
    await shoot(page, 'admin-audit', lang);

    // An entry about a user leads to that user.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.locator(`[data-testid="admin-row"]:has-text("${people.unblock}") a`).click();
    await page.waitForURL((url) => url.pathname === '/admin/users' && url.searchParams.has('id'));
    await expect.poll(async () => plain(await page.locator('[data-testid="user-detail"]').textContent())).toContain(target.email);
    await page.click('[data-testid="user-detail-close"]');
    await page.waitForSelector('[data-testid="user-detail"]', { state: 'detached' });
  });

  it('filters orders, the filter kept in the address', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.click('[data-testid="admin-nav-orders"]');
    await page.waitForURL(`${app.url}/admin/orders`);
    // The address changes before React commits the section (a transition): typing earlier would go to the old list.
    await page.waitForSelector('[data-testid="admin-nav-orders"][aria-current="page"]');
    await page.click('[data-testid="admin-filter-refunded"]');
    await page.waitForURL((url) => url.searchParams.get('status') === 'refunded');
    await page.waitForSelector('[data-testid="admin-empty"], [data-testid="admin-row"]');
    await shoot(page, 'admin-orders', lang);
  });
});
