import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';

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

describe('first screen', () => {
  it('paints the page colour and the brand splash from the HTML alone, with no inline script', async () => {
    const html = await (await fetch(`${app.url}/login`)).text();
    expect(html).toMatch(/<html lang="he" dir="rtl">/);
    expect(html).toContain('id="splash"');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    // No script at all: the splash still shows, on the warm background.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    expect(await page.isVisible('#splash')).toBe(true);
    expect(await page.textContent('#splash')).toContain('מגיעים');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe('rgb(251, 248, 245)');
    await context.close();
  });

  it('hides the splash once React renders the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.waitForSelector('input[name="email"]', { state: 'visible' });
    expect(await page.isVisible('#splash')).toBe(false);
    await context.close();
  });

  it("loads only the sign-in page's chunks, compressed, with hashed assets cached for a year", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: { url: string; encoding: string | undefined; cache: string | undefined }[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const headers = response.headers();
      scripts.push({ url: response.url(), encoding: headers['content-encoding'], cache: headers['cache-control'] });
    });
    await page.goto(`${app.url}/login`);
    await page.waitForSelector('input[name="email"]', { state: 'visible' });
    await page.waitForLoadState('networkidle');
    const names = scripts.map((s) => s.url.slice(s.url.lastIndexOf('/') + 1));
    expect(names.some((n) => n.startsWith('login-page-'))).toBe(true);
    for (const other of ['register-page-', 'manage-events', 'create-event', 'user-settings', 'dev-mailbox', 'terms-page', 'reset-password']) {
      expect(names.filter((n) => n.startsWith(other)), other).toEqual([]);
    }
    for (const script of scripts) {
      expect(script.encoding, script.url).toBe('br');
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });
});
