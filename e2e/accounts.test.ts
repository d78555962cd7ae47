import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, linkPathFrom, seriousAxeViolations, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PASSWORD = 'Chuppah-2026';
const NEW_PASSWORD = 'Mazal-Tov77';

const expectAccessible = async (page: Page, where: string) => {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
};

const storedSessionKeys = (page: Page) =>
  page.evaluate(() => ['accessToken', 'userData', 'userAbility'].filter((key) => localStorage.getItem(key) !== null));

const cases = [
  { lang: 'he', dir: 'rtl', name: 'נועה כהן' },
  { lang: 'en', dir: 'ltr', name: 'Noa Cohen' },
] as const;

describe.each(cases)('a new host in $lang', ({ lang, dir, name }) => {
  let context: BrowserContext;
  let page: Page;
  const email = uniqueEmail(`journey-${lang}`);

  beforeAll(async () => {
    context = await browser.newContext({ locale: lang === 'he' ? 'he-IL' : 'en-US' });
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('registers, verifies the e-mail, signs in and out, and resets a forgotten password', async () => {
    // Registration, laid out in the language's direction.
    await page.goto(`${app.url}/register/${lang === 'he' ? '' : lang}`);
    await page.waitForSelector('input[name="fullName"]');
    expect(await page.getAttribute('html', 'dir')).toBe(dir);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await expectAccessible(page, `register ${lang}`);

    // A weak password is refused in the form with a translated message; nothing is lost.
    await page.fill('input[name="fullName"]', name);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', 'weakpass');
    await page.fill('input[name="confirmPassword"]', 'weakpass');
    await page.check('input[name="acceptTerms"]');
    await page.check('input[name="isAdult"]');
    await page.click('button[type="submit"]');
    await page.waitForSelector('[aria-invalid="true"][name="password"]');
    expect(await page.inputValue('input[name="email"]')).toBe(email);

    await page.fill('input[name="password"]', PASSWORD);
    await page.fill('input[name="confirmPassword"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/send-verification-email');
    await page.waitForSelector('[data-testid="correct-address"]');
    await expectAccessible(page, `send-verification-email ${lang}`);

    // The e-mail arrives in the user's language with a link back to the app.
    const mail = await app.waitForMail(email);
    expect(mail.html).toContain(`dir="${dir}"`);
    await page.goto(`${app.url}${linkPathFrom(mail, 'verify-email')}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    expect(await page.getAttribute('html', 'dir')).toBe(dir);
    await expectAccessible(page, `verify-email ${lang}`);

    // Sign in and land on the (empty) event list.
    await page.goto(`${app.url}/login/${lang === 'he' ? '' : lang}`);
    await page.waitForSelector('input[name="email"]');
    await expectAccessible(page, `login ${lang}`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="events-empty"]');
    expect(new URL(page.url()).pathname).toMatch(/^\/manage-events/);
    expect(await storedSessionKeys(page)).toEqual(['accessToken', 'userData', 'userAbility']);
    expect(await page.getAttribute('html', 'dir')).toBe(dir);
    await expectAccessible(page, `manage-events ${lang}`);

    // Sign out: the three keys go and the login page shows. (The SPA loads the sign-in page, login.html: wait
    // for its form, and let a visit that turns into that page load count as arrived once the address commits.)
    await page.click('[data-testid="user-menu"]');
    await page.click('[data-testid="logout"]');
    await page.waitForURL(/\/login/);
    await page.waitForSelector('input[name="email"]');
    expect(await storedSessionKeys(page)).toEqual([]);
    await page.goto(`${app.url}/manage-events`, { waitUntil: 'commit' });
    await page.waitForURL(/\/login/);
    await page.waitForSelector('input[name="email"]');

    // Forgot password → e-mail → reset → the new password works.
    await page.goto(`${app.url}/forgot-password`);
    await page.waitForSelector('input[name="email"]');
    await expectAccessible(page, `forgot-password ${lang}`);
    await page.fill('input[name="email"]', email);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="reset-requested"]');
    const resetMail = await app.waitForMail(email, (m) => m.text.includes('/reset-password/'));
    await page.goto(`${app.url}${linkPathFrom(resetMail, 'reset-password')}`);
    await page.waitForSelector('input[name="password"]');
    await expectAccessible(page, `reset-password ${lang}`);
    await page.fill('input[name="password"]', NEW_PASSWORD);
    await page.fill('input[name="confirmPassword"]', NEW_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="reset-success"]');

    await page.goto(`${app.url}/login`);
    await page.waitForSelector('input[name="email"]');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[role="alert"]');
    await page.fill('input[name="password"]', NEW_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="events-empty"]');
  });

  it('edits the profile in user settings', async () => {
    await page.goto(`${app.url}/userSettings`);
    await page.waitForSelector('input[name="fullName"]');
    await expectAccessible(page, `userSettings ${lang}`);
    await page.fill('input[name="fullName"]', `${name} לוי`);
    await page.click('[data-testid="profile-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="profile-saved"]');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}') as { fullName?: string });
    expect(stored.fullName).toBe(`${name} לוי`);
  });
});
