import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, linkPathFrom, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  // Limits on, as in production: one test trips them.
  app = await startBuiltApp({ RATE_LIMITS: 'on' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PASSWORD = 'Chuppah-2026';

const register = async (page: Page, email: string) => {
  await page.goto(`${app.url}/register/en`);
  await page.fill('input[name="fullName"]', 'Session Host');
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', PASSWORD);
  await page.fill('input[name="confirmPassword"]', PASSWORD);
  await page.check('input[name="acceptTerms"]');
  await page.check('input[name="isAdult"]');
  await page.click('button[type="submit"]');
  await page.waitForURL('**/send-verification-email');
  await page.waitForSelector('[data-testid="correct-address"]');
};

const signIn = async (page: Page, email: string, password = PASSWORD) => {
  await page.goto(`${app.url}/login/en`);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
};

describe('session handling in the browser', () => {
  it('sends an unverified host to verify, and lets them ask for the link again', async () => {
    const page = await (await browser.newContext()).newPage();
    const email = uniqueEmail('unverified');
    await register(page, email);
    await page.evaluate(() => localStorage.clear());
    await signIn(page, email);
    await page.waitForURL('**/send-verification-email');
    await page.click('button:has-text("Send the link again")');
    await page.waitForSelector('[data-testid="resend-success"]');
    await expect.poll(async () => (await app.mailbox(email)).length, { timeout: 15_000 }).toBe(2);
    // The newest link verifies; the host can then sign in.
    const newest = (await app.mailbox(email))[0]!;
    await page.goto(`${app.url}${linkPathFrom(newest, 'verify-email')}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    await signIn(page, email);
    await page.waitForSelector('[data-testid="events-empty"]');
  });

  it('signs the browser out when its session is revoked elsewhere', async () => {
    const page = await (await browser.newContext()).newPage();
    const email = uniqueEmail('revoked');
    await register(page, email);
    await page.goto(`${app.url}${linkPathFrom(await app.waitForMail(email), 'verify-email')}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    await signIn(page, email);
    await page.waitForSelector('[data-testid="events-empty"]');
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    const logout = await fetch(`${app.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'x-platform': 'web' },
    });
    expect(logout.status).toBe(200);
    await page.goto(`${app.url}/userSettings`);
    await page.waitForURL(/\/login/);
    // The SPA loads the sign-in page (login.html): read the storage once its form shows.
    await page.waitForSelector('input[name="email"]');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  it('says when to try again when the server answers 429', async () => {
    const page = await (await browser.newContext()).newPage();
    const email = uniqueEmail('limited');
    await page.goto(`${app.url}/login/en`);
    for (let i = 0; i < 10; i++) {
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', `Wrong-pass${i}`);
      await page.click('button[type="submit"]');
      await page.waitForSelector('[role="alert"]');
    }
    await page.fill('input[name="password"]', 'Wrong-pass-last1');
    await page.click('button[type="submit"]');
    const toast = page.locator('[data-testid="toast"]');
    await toast.waitFor();
    expect(await toast.textContent()).toMatch(/^Too many attempts\. You can try again in \d+ (seconds?|minutes?|hours?)\.$/);
  });
});
