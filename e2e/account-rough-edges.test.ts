import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, linkPathFrom, registerViaApi, startBuiltApp, uncachedPage, uniqueEmail, type RunningApp } from './harness.js';

/** The rough edges of the account pages (issue 7), each as a user meets it, in English. */
let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const freshPage = async () => {
  await context?.close();
  context = await browser.newContext();
  await context.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
  });
  page = await uncachedPage(context);
  return page;
};

describe('rough edges of the account pages', () => {
  it('a 429 says what happened and when to try again', async () => {
    await freshPage();
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        headers: { 'Retry-After': '840' },
        body: JSON.stringify({ code: 'RATE_LIMITED', message: 'Too many attempts', retryAfterSeconds: 840 }),
      }),
    );
    await page.goto(`${app.url}/login/en`);
    await page.fill('input[name="email"]', 'someone@example.com');
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.click('button[type="submit"]');
    const toast = page.locator('[data-testid="toast"]');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Too many attempts. You can try again in 14 minutes.');
  });

  it('every API call carries one random device id, kept in local storage', async () => {
    await freshPage();
    const ids: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) ids.push(request.headers()['x-device-id'] ?? 'missing');
    });
    await page.goto(`${app.url}/login/en`);
    await page.waitForSelector('input[name="email"]');
    await page.reload();
    await page.waitForSelector('input[name="email"]');
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(await page.evaluate(() => localStorage.getItem('deviceId'))).toBe(ids[0]);
  });

  it('a used verification link of a verified account says so and offers sign-in', async () => {
    await freshPage();
    const email = uniqueEmail('twice');
    await registerViaApi(app, email, { lang: 'en' });
    const link = linkPathFrom(await app.waitForMail(email), 'verify-email');
    await page.goto(`${app.url}${link}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    await page.goto(`${app.url}${link}`);
    await page.waitForSelector('[data-testid="already-verified"]');
    expect(await page.locator('[role="alert"]:not([data-testid="already-verified"])').count()).toBe(0);
    await page.click('a[href="/login"]');
    await page.waitForURL(/\/login/);
  });

  it('a dead or malformed reset link says it expired and offers a new one, without the form', async () => {
    await freshPage();
    for (const token of ['x', 'A'.repeat(43)]) {
      await page.goto(`${app.url}/reset-password/${token}`);
      await page.waitForSelector('[data-testid="reset-link-expired"]');
      expect(await page.locator('input[name="password"]').count()).toBe(0);
    }
    await page.click('a[href="/forgot-password"]');
    await page.waitForSelector('input[name="email"]');
  });

  it('the password rules stay in sight under an error; a wrong confirmation shows while it is typed', async () => {
    await freshPage();
    await page.goto(`${app.url}/register/en`);
    await page.fill('input[name="password"]', 'weak');
    await page.click('button[type="submit"]');
    // One helper under the field: the error, and the rule it broke.
    const helper = page.locator('[id$="-helper-text"]', { hasText: '4–20 characters' });
    await helper.waitFor();
    expect((await helper.innerText()).split('\n').length).toBe(2);
    expect(await page.locator('input[name="password"]').getAttribute('aria-invalid')).toBe('true');

    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.fill('input[name="confirmPassword"]', 'Chx');
    const confirmHelper = page.locator('p', { hasText: /do not match|don't match/i });
    await confirmHelper.first().waitFor();
    await page.fill('input[name="confirmPassword"]', E2E_PASSWORD.slice(0, 4));
    expect(await confirmHelper.count()).toBe(0);
  });

  it('verify-sent lets the user correct a mistyped address or go back to sign-in', async () => {
    await freshPage();
    const typo = uniqueEmail('typo').replace('@example.com', '@exmaple.com');
    await page.goto(`${app.url}/register/en`);
    await page.fill('input[name="fullName"]', 'Noa Cohen');
    await page.fill('input[name="email"]', typo);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.fill('input[name="confirmPassword"]', E2E_PASSWORD);
    await page.check('input[name="acceptTerms"]');
    await page.check('input[name="isAdult"]');
    await page.click('button[type="submit"]');
    await page.waitForURL(/send-verification-email/);
    await page.waitForSelector('[data-testid="correct-address"]');
    expect(await page.locator('a[href="/login"]').count()).toBeGreaterThan(0);
    await page.click('[data-testid="correct-address"]');
    await page.waitForURL(/\/register/);
    expect(await page.inputValue('input[name="fullName"]')).toBe('Noa Cohen');
    expect(await page.inputValue('input[name="email"]')).toBe(typo);
    expect(await page.inputValue('input[name="password"]')).toBe('');
  });

  it('"details saved" disappears as soon as the form changes', async () => {
    await freshPage();
    const email = uniqueEmail('saved');
    await registerViaApi(app, email, { lang: 'en' });
    await page.goto(`${app.url}${linkPathFrom(await app.waitForMail(email), 'verify-email')}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    await page.goto(`${app.url}/login/en`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="events-empty"]');
    await page.goto(`${app.url}/userSettings`);
    const form = page.locator('[data-testid="profile-form"]');
    await form.locator('input[name="fullName"]').fill('Noa Levi');
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="profile-saved"]');
    await form.locator('input[name="fullName"]').fill('Noa Levi-Cohen');
    await page.waitForSelector('[data-testid="profile-saved"]', { state: 'detached' });
  });

  it('an unknown path shows the not-found page at the typed address, kept in the history', async () => {
    await freshPage();
    await page.goto(`${app.url}/login/en`);
    await page.waitForSelector('input[name="email"]');
    await page.goto(`${app.url}/no/such-page?x=1`);
    await page.waitForSelector('[data-testid="not-found"]');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/no/such-page?x=1');
    await page.goBack();
    await page.waitForURL(/\/login\/en$/);
    await page.goForward();
    await page.waitForURL(/\/no\/such-page/);
  });
});
