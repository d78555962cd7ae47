import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startLocalGoogle } from '../apps/server/test/local-google.js';
import { launchBrowser, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';

const CLIENT_ID = 'magiim-e2e.apps.googleusercontent.com';
let app: RunningApp;
let plainApp: RunningApp;
let browser: Browser;
let google: Awaited<ReturnType<typeof startLocalGoogle>>;

beforeAll(async () => {
  google = await startLocalGoogle(CLIENT_ID);
  [app, plainApp] = await Promise.all([
    startBuiltApp({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl }),
    startBuiltApp(),
  ]);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([app?.stop(), plainApp?.stop()]);
  await google?.close();
});

/**
 * Stands in for Google's script: renders a button that hands the page an ID token signed by the local
 * JWKS, the way Google Identity Services calls back after the user picks an account.
 */
const fakeGoogleScript = (credential: string) => `
window.google = { accounts: { id: {
  initialize(options) { window.__gsiCallback = options.callback; },
  renderButton(parent) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Continue with Google';
    button.setAttribute('data-testid', 'fake-google-button');
    button.onclick = () => window.__gsiCallback({ credential: ${JSON.stringify(credential)} });
    parent.appendChild(button);
  },
} } };`;

describe('Google sign-in in the browser', () => {
  it('signs a new host in with Google and lands on the event list', async () => {
    const email = uniqueEmail('google-e2e');
    const credential = await google.sign({ sub: 'e2e-sub-1', email, name: 'Google Host' });
    const context = await browser.newContext();
    await context.route('https://accounts.google.com/gsi/client', (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: fakeGoogleScript(credential) }),
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/login/en`);
    await page.click('[data-testid="fake-google-button"]');
    await page.waitForSelector('[data-testid="events-empty"]');
    const userData = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}') as { email?: string });
    expect(userData.email).toBe(email);
    await context.close();
  });

  it('shows no Google button when GOOGLE_CLIENT_ID is not set', async () => {
    const context = await browser.newContext();
    let scriptRequested = false;
    await context.route('https://accounts.google.com/**', (route) => {
      scriptRequested = true;
      return route.abort();
    });
    const page = await context.newPage();
    await page.goto(`${plainApp.url}/login/en`);
    await page.waitForSelector('input[name="email"]');
    await page.waitForLoadState('networkidle');
    expect(scriptRequested).toBe(false);
    expect(await page.locator('text=/Google/').count()).toBe(0);
    await context.close();
  });
});
