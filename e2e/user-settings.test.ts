import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, linkPathFrom, registerViaApi, seriousAxeViolations, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';

let app: RunningApp;
let browser: Browser;
let page: Page;
const PASSWORD = 'Chuppah-2026';
const email = uniqueEmail('settings');

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
  // A verified, signed-in host, set up through the API as the registration journey is tested elsewhere.
  await registerViaApi(app, email, { fullName: 'Settings Host' });
  await page.goto(`${app.url}${linkPathFrom(await app.waitForMail(email), 'verify-email')}`);
  await page.waitForSelector('[data-testid="verify-success"]');
  // Asking for the settings while signed out goes through login and comes back.
  // The SPA loads the sign-in page (login.html) at once: the visit counts as arrived when its address commits.
  await page.goto(`${app.url}/userSettings`, { waitUntil: 'commit' });
  await page.waitForURL(/\/login/);
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL(/\/userSettings$/);
  await page.goto(`${app.url}/manage-events`);
  await page.waitForSelector('[data-testid="events-empty"]');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('user settings (Hebrew)', () => {
  it('reaches the settings from the user menu', async () => {
    await page.click('[data-testid="user-menu"]');
    await page.click('a[href="/userSettings"]');
    await page.waitForURL(/\/userSettings$/);
    await page.waitForSelector('[data-testid="password-form"]');
    // the user menu fades out after the click: axe would read its items at half opacity
    await page.waitForSelector('[role="menu"]', { state: 'detached' });
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
  });

  it('changes the password only with the right current password', async () => {
    const form = page.locator('[data-testid="password-form"]');
    await form.locator('input[name="currentPassword"]').fill('Not-mine-77');
    await form.locator('input[name="newPassword"]').fill('Fresh-Pass7');
    await form.locator('input[name="confirmPassword"]').fill('Fresh-Pass7');
    await form.locator('button[type="submit"]').click();
    // The refusal sits next to the current-password field, in Hebrew.
    await form.locator('input[name="currentPassword"][aria-invalid="true"]').waitFor();
    expect(await form.textContent()).toContain('הסיסמה הנוכחית שגויה');

    await form.locator('input[name="currentPassword"]').fill(PASSWORD);
    await form.locator('input[name="newPassword"]').fill('Fresh-Pass7');
    await form.locator('input[name="confirmPassword"]').fill('Fresh-Pass7');
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="password-changed"]');
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-platform': 'web' },
      body: JSON.stringify({ email, password: 'Fresh-Pass7' }),
    });
    expect(login.status).toBe(200);
  });

  it('changes the e-mail once the new address is verified', async () => {
    const newEmail = uniqueEmail('settings-new');
    const form = page.locator('[data-testid="profile-form"]');
    await form.locator('input[name="email"]').fill(newEmail);
    await form.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="pending-email"]');
    expect(await page.textContent('[data-testid="pending-email"]')).toContain(newEmail);

    await page.goto(`${app.url}${linkPathFrom(await app.waitForMail(newEmail), 'verify-email')}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    await page.goto(`${app.url}/userSettings`);
    await page.waitForSelector('[data-testid="profile-form"]');
    await expect.poll(() => page.inputValue('[data-testid="profile-form"] input[name="email"]')).toBe(newEmail);
    expect(await page.locator('[data-testid="pending-email"]').count()).toBe(0);
  });

  it('keeps the language the host switches to on the account', async () => {
    await page.goto(`${app.url}/manage-events`);
    await page.click('[data-testid="language-picker"]');
    await page.click('[data-testid="lang-ru"]');
    await page.waitForURL(/\/manage-events\/ru$/);
    const token = await page.evaluate(() => localStorage.getItem('accessToken'));
    await expect
      .poll(async () => {
        const res = await fetch(`${app.url}/api/user/me`, { headers: { authorization: `Bearer ${token}`, 'x-platform': 'web' } });
        return ((await res.json()) as { userData: { lang: string } }).userData.lang;
      })
      .toBe('ru');
  });
});
