import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, registerViaApi, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';

let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  page = await (await browser.newContext()).newPage();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const pickLanguage = async (lang: string) => {
  await page.click('[data-testid="language-picker"]');
  await page.click(`[data-testid="lang-${lang}"]`);
};

describe('app shell', () => {
  it('opens in Hebrew, right to left, and sends a signed-out visitor to login', async () => {
    // The SPA loads the sign-in page (login.html) at once: the visit counts as arrived when its address commits.
    await page.goto(app.url, { waitUntil: 'commit' });
    await page.waitForURL(/\/login/);
    await page.waitForSelector('input[name="email"]');
    expect(await page.getAttribute('html', 'lang')).toBe('he');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
  });

  it('switches language on the same route and keeps it across a reload', async () => {
    await page.goto(`${app.url}/login`);
    await page.waitForSelector('[data-testid="language-picker"]');
    await pickLanguage('en');
    await page.waitForURL(/\/login\/en$/);
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    expect(await page.getAttribute('html', 'lang')).toBe('en');

    await page.goto(`${app.url}/register/ru`);
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    await pickLanguage('ar');
    await page.waitForURL(/\/register\/ar$/);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'ar');
    await pickLanguage('he');
    await page.waitForURL(/\/register\/he$/);
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'he');
  });

  it('shows a page whose address names a language in that language from the first frame, even when it loads slowly', async () => {
    const context = await browser.newContext({ locale: 'he-IL' });
    try {
      const slowPage = await context.newPage();
      // The English texts arrive late: the page waits for them instead of showing itself in Hebrew first.
      await slowPage.route(/\/assets\/(?:[a-z-]+\.)?en-[\w-]+\.js$/, async (route) => {
        // eslint-disable-next-line no-restricted-syntax -- a slow network this test simulates, not a wait
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await slowPage.goto(`${app.url}/register/en`);
      await slowPage.waitForSelector('input[name="fullName"]');
      expect(await slowPage.getAttribute('html', 'dir')).toBe('ltr');
      expect(await slowPage.getAttribute('html', 'lang')).toBe('en');
      expect(await slowPage.locator('h1').innerText()).not.toMatch(/[\u0590-\u05FF]/);
    } finally {
      await context.close();
    }
  });

  it('shows the not-found page at an unknown path, keeping the address', async () => {
    await page.goto(`${app.url}/no/such/page`);
    await page.waitForSelector('[data-testid="not-found"]');
    expect(page.url()).toBe(`${app.url}/no/such/page`);
    const violations = await seriousAxeViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
  });

  it('shows the terms and privacy pages', async () => {
    for (const path of ['/terms', '/privacy']) {
      await page.goto(`${app.url}${path}`);
      await page.waitForSelector('h1', { state: 'visible' });
      expect(page.url()).toBe(`${app.url}${path}`);
      expect(await page.locator('h1').count()).toBe(1);
      await page.waitForSelector('main a[href^="mailto:"]');
      const violations = await seriousAxeViolations(page);
      expect(violations, JSON.stringify(violations)).toEqual([]);
    }
  });

  it('keeps login-only pages behind login', async () => {
    await page.goto(`${app.url}/userSettings`, { waitUntil: 'commit' });
    await page.waitForURL(/\/login/);
    await page.waitForSelector('input[name="email"]');
  });

  it('shows sent e-mail in the dev mailbox, with its links', async () => {
    const email = `mailbox.${Date.now()}@example.com`;
    await registerViaApi(app, email, { fullName: 'Mailbox Host', lang: 'ru' });
    await app.waitForMail(email);
    await page.goto(`${app.url}/dev/mailbox`);
    await page.click(`[data-testid="mail-item"]:has-text("${email}")`);
    const link = page.locator('[data-testid="mail-link"]').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/\/verify-email\/[A-Za-z0-9_-]+$/);
  });

  it('serves the API next to the app', async () => {
    const health = await (await fetch(`${app.url}/api/health`)).json();
    expect(health).toEqual({ status: 'ok', database: 'ok', queue: 'ok' });
    const docs = (await (await fetch(`${app.url}/api/docs`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toContain('/auth/login');
  });
});
