import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { API_HEADERS, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { payForEventViaApi } from './messaging-kit.js';
import { plain, shoot, textOf } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 22, the host's own data on the profile page: "Download my data" hands over the zip; "Delete my account"
 * asks for the password, is refused while a paid event is still ahead (the event named) and, for a host without
 * one, deletes the account and lands on the sign-in page with a message. Hebrew and English, 390 and 1440 px,
 * axe clean, right to left in Hebrew.
 */
let app: RunningApp;
let browser: Browser;

const text = appTexts(['account-data']);

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const EVENT_NAMES = { he: 'החתונה של רוני ואלון', en: "Roni & Alon's wedding" } as const;
const emailOf = (host: Host) => (host.session.userData as { email: string }).email;
const canSignIn = async (email: string) =>
  (await fetch(`${app.url}/api/auth/login`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ email, password: E2E_PASSWORD }) })).status;

describe.each(['he', 'en'] as const)('your data, in %s', (lang) => {
  let context: BrowserContext;
  let page: Page;

  afterAll(async () => {
    await context?.close();
  });

  it('downloads the zip and refuses deletion while a paid event is ahead, naming it', async () => {
    const host = await signUpHost(app, lang, 'account-data');
    const eventId = await createEventViaApi(app, host, { lang, name: EVENT_NAMES[lang] });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    await payForEventViaApi(app, host, eventId);
    context = await contextWithSession(browser, host, lang, { acceptDownloads: true });
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/userSettings`);
    await page.waitForSelector('[data-testid="account-data"]');
    expect(await page.getAttribute('html', 'dir')).toBe(lang === 'he' ? 'rtl' : 'ltr');
    expect(await textOf(page, '[data-testid="account-data"] h2')).toBe(text(lang, 'accountData.title'));
    await shoot(page, 'account-data', lang);

    // The zip the server answers: the account, the events, and the event's guest sheet.
    const [response, download] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/api/user/export')),
      page.waitForEvent('download'),
      page.click('[data-testid="account-export"]'),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/zip');
    expect(download.suggestedFilename()).toMatch(/^magiim-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await JSZip.loadAsync(readFileSync((await download.path())!));
    const names = Object.keys(zip.files);
    expect(names).toContain('account.json');
    expect(names).toContain('events.json');
    expect(names.filter((name) => name.endsWith('.xlsx'))).toEqual([expect.stringContaining(EVENT_NAMES[lang])]);
    expect(JSON.parse(await zip.file('account.json')!.async('string'))).toMatchObject({ email: emailOf(host) });
    await expect.poll(() => textOf(page, '[data-testid="toast"], .MuiSnackbar-root')).toBe(text(lang, 'accountData.export.done'));

    // The dialog is on the address: back closes it.
    await page.click('[data-testid="account-delete"]');
    await page.waitForSelector('[data-testid="delete-account-dialog"]');
    expect(new URL(page.url()).hash).toBe('#account-delete');
    await page.goBack();
    await page.waitForSelector('[data-testid="delete-account-dialog"]', { state: 'detached' });
    await page.click('[data-testid="account-delete"]');
    const dialog = page.locator('[data-testid="delete-account-dialog"]');
    await dialog.waitFor();

    // A wrong password stays by its field; nothing is deleted.
    await dialog.locator('input[name="password"]').fill('Not-my-password-1');
    await page.click('[data-testid="delete-account-confirm"]');
    await expect.poll(() => textOf(page, '[data-testid="delete-account-dialog"] .Mui-error.MuiFormHelperText-root')).toBe(text(lang, 'accountData.delete.wrongPassword'));

    await dialog.locator('input[name="password"]').fill(E2E_PASSWORD);
    await page.click('[data-testid="delete-account-confirm"]');
    const refused = page.locator('[data-testid="delete-account-refused"]');
    await refused.waitFor();
    expect(plain(await refused.textContent())).toContain(text(lang, 'errors.ACCOUNT_HAS_ACTIVE_EVENT'));
    expect(plain(await refused.textContent())).toContain(EVENT_NAMES[lang]);
    // The date reads as one left-to-right island.
    expect(await refused.locator('li bdi[dir="ltr"]').count()).toBe(1);
    // Nothing more to try: no password field, one button that closes.
    expect(await dialog.locator('input[name="password"]').count()).toBe(0);
    await shoot(page, 'account-delete-refused', lang);
    await page.click('[data-testid="delete-account-understood"]');
    await page.waitForSelector('[data-testid="delete-account-dialog"]', { state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    expect(await canSignIn(emailOf(host))).toBe(200);
  });

  it('deletes an account without a paid event and lands on the sign-in page with a message', async () => {
    const host = await signUpHost(app, lang, 'account-delete');
    await createEventViaApi(app, host, { lang, name: EVENT_NAMES[lang] });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    const deleting = await contextWithSession(browser, host, lang);
    const tab = await deleting.newPage();
    await tab.setViewportSize({ width: 390, height: 800 });
    await tab.goto(`${app.url}/userSettings#account-delete`);
    const dialog = tab.locator('[data-testid="delete-account-dialog"]');
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toContain(text(lang, 'accountData.delete.stays'));
    await shoot(tab, 'account-delete-dialog', lang);
    await dialog.locator('input[name="password"]').fill(E2E_PASSWORD);
    await tab.click('[data-testid="delete-account-confirm"]');
    await tab.waitForURL(/\/login/);
    await expect.poll(() => textOf(tab, '[data-testid="login-notice"]')).toBe(text(lang, 'auth.login.accountDeleted'));
    await shoot(tab, 'login-account-deleted', lang);
    expect(await canSignIn(emailOf(host))).toBe(401);
    // Signed out for good: the stored session is gone, and a reload shows no message again.
    expect(await tab.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await tab.reload();
    await tab.waitForSelector('input[name="email"]');
    expect(await tab.locator('[data-testid="login-notice"]').count()).toBe(0);
    await app.waitForMail(emailOf(host), (mail) => mail.subject === (lang === 'he' ? 'החשבון שלכם במגיעים נמחק' : 'Your Magiim account was deleted'));
    await deleting.close();
  });
});
