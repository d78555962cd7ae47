import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { signUpHost } from './host-fixtures.js';

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

  it("honours a visitor's system asking for less motion: no ripples, no transitions", async () => {
    const motionOf = async (reducedMotion: 'reduce' | 'no-preference') => {
      const context = await browser.newContext({ reducedMotion });
      const page = await context.newPage();
      await page.goto(`${app.url}/register`);
      await page.waitForSelector('input[name="fullName"]', { state: 'visible' });
      // MUI mounts a button's ripple when it is first pressed: pressed, not released (that would send the form).
      await page.hover('button[type="submit"]');
      await page.mouse.down();
      const seen = await page.evaluate(() => ({
        ripples: document.querySelectorAll('button[type="submit"] .MuiTouchRipple-root').length,
        transition: getComputedStyle(document.querySelector('button[type="submit"]')!).transitionDuration,
      }));
      await context.close();
      return seen;
    };
    const usual = await motionOf('no-preference');
    expect(usual.ripples).toBeGreaterThan(0);
    expect(usual.transition).not.toMatch(/^0s(, 0s)*$/);
    expect(await motionOf('reduce')).toEqual({ ripples: 0, transition: '0s' });
  });

  it('hides the splash once React renders the page', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.waitForSelector('input[name="email"]', { state: 'visible' });
    expect(await page.isVisible('#splash')).toBe(false);
    await context.close();
  });

  it("loads only the light sign-in page's chunks (no SPA, MUI or router), compressed, with hashed assets cached for a year", async () => {
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
    // login.html's own entry (src/login-lite) and React; not the SPA's entry (main-), router or any MUI page.
    expect(names.some((n) => n.startsWith('login-'))).toBe(true);
    for (const other of ['main-', 'router-', 'schemas-', 'TextField-', 'register-page-', 'manage-events', 'create-event', 'user-settings', 'dev-mailbox', 'terms-page', 'reset-password']) {
      expect(names.filter((n) => n.startsWith(other)), other).toEqual([]);
    }
    for (const script of scripts) {
      expect(script.encoding, script.url).toBe('br');
      expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    }
    await context.close();
  });

  it('is where the SPA sends a signed-out visitor, remembering the page; a signed-in one goes straight on', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.url}/userSettings?tab=password`, { waitUntil: 'commit' });
    await page.waitForURL(`${app.url}/login?next=${encodeURIComponent('/userSettings?tab=password')}`);
    await page.waitForSelector('input[name="email"]', { state: 'visible' });
    // An unknown language leaves the address, keeping the query.
    await page.goto(`${app.url}/login/xx?next=%2FuserSettings`);
    await page.waitForSelector('input[name="email"]', { state: 'visible' });
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login?next=%2FuserSettings');

    const { session } = await signUpHost(app, 'he', 'first-screen');
    await page.evaluate((stored) => {
      localStorage.setItem('accessToken', stored.accessToken);
      localStorage.setItem('userData', JSON.stringify(stored.userData));
      localStorage.setItem('userAbility', JSON.stringify(stored.userAbility));
    }, session);
    await page.goto(`${app.url}/login`);
    await page.waitForURL(/\/manage-events$/);
    await page.goto(`${app.url}/login/en?next=%2FuserSettings`);
    await page.waitForURL(/\/userSettings$/);
    await context.close();
  });
});
