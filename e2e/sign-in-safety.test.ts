import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, registerViaApi, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';
import { addGuestViaApi, contextWithSession, createEventViaApi, signUpHost, viewsWritten, type Host } from './host-fixtures.js';
import { plain, shoot } from './invitation-kit.js';

/**
 * Issue 15: a sign-in `next` never leaves our origin, the host mark is an HttpOnly cookie the server sets,
 * registering a known address looks like registering a new one, and views read as views.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

// Each is another host to a browser when read naively after URLSearchParams decodes it.
const HOSTILE_NEXTS = ['/%5Cevil.example/pwn', '/%09/evil.example', '/%5C%5Cevil.example', '%2F%2Fevil.example', 'https%3A%2F%2Fevil.example', '/%0A/evil.example', 'javascript%3Aalert(1)'];

describe('signing in', () => {
  it('stays on our origin whatever ?next= says, and the server marks the browser with an HttpOnly cookie', async () => {
    const { session } = await signUpHost(app, 'en', 'next');
    const email = (session.userData as { email: string }).email;
    const context = await browser.newContext();
    const page = await context.newPage();
    const left: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(app.url) && !request.url().startsWith('data:')) left.push(request.url());
    });

    await page.goto(`${app.url}/login/en?next=${HOSTILE_NEXTS[0]}`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${app.url}/manage-events`);

    const [mark] = (await context.cookies(app.url)).filter((cookie) => cookie.name === 'magiim_host');
    expect(mark).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: false, path: '/' });
    expect(await page.evaluate(() => document.cookie)).not.toContain('magiim_host');

    // Signed in, the sign-in page goes straight on to ?next=: the same check for every form.
    for (const next of HOSTILE_NEXTS.slice(1)) {
      await page.goto(`${app.url}/login/en?next=${next}`);
      await page.waitForURL(`${app.url}/manage-events`);
    }
    // A page of this site is kept.
    await page.goto(`${app.url}/login/en?next=${encodeURIComponent('/userSettings?tab=password')}`);
    await page.waitForURL(`${app.url}/userSettings?tab=password`);
    expect(left).toEqual([]);
    await context.close();
  });
});

describe('registering a known address', () => {
  it('shows "check your e-mail" as for a new address, and tells the owner', async () => {
    const email = uniqueEmail('known');
    await registerViaApi(app, email, { lang: 'en' });
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/register/en`);
    await page.fill('input[name="fullName"]', 'Someone Else');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.fill('input[name="confirmPassword"]', E2E_PASSWORD);
    await page.check('input[name="acceptTerms"]');
    await page.check('input[name="isAdult"]');
    await page.click('button[type="submit"]');
    await page.waitForURL('**/send-verification-email');
    // The URL can change a frame before the lazily loaded page replaces the form.
    await page.waitForFunction((address) => document.querySelector('main')?.textContent?.includes(address), email);
    expect(plain(await page.textContent('main'))).toContain(email);
    expect(await page.locator('text=already exists').count()).toBe(0);
    await app.waitForMail(email, (mail) => mail.subject === 'Someone tried to register with your e-mail address on Magiim');
    await page.context().close();
  });
});

describe('invitation views', () => {
  let host: Host;
  let eventId: string;
  let reloaderId: string;

  beforeAll(async () => {
    host = await signUpHost(app, 'he', 'views');
    eventId = await createEventViaApi(app, host, { lang: 'he', name: 'החתונה של נועה ודניאל' });
    const reloader = await addGuestViaApi(app, host, eventId, { fullName: 'רינה כהן', phoneNumber: '052-555-7001' });
    reloaderId = reloader.id;
    await addGuestViaApi(app, host, eventId, { fullName: 'אורן לוי', phoneNumber: '052-555-7002' });
    // Not the host's browser: a guest's phone opening the link 17 times.
    for (let i = 0; i < 17; i++) await fetch(reloader.inviteUrl, { headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' } });
    await viewsWritten(app);
  });

  it.each(['he', 'en'] as const)('show one guest who opened it, 17 views, and one who did not (%s)', async (lang) => {
    const context = await contextWithSession(browser, host, lang);
    const page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="invitation-views"][data-viewed="true"]');
    const views = (await page.locator('[data-testid="invitation-views"]').allTextContents()).map(plain).sort();
    expect(views).toEqual(lang === 'he' ? ['נפתחה· צפיות: 17', 'עוד לא נפתחה'].sort() : ['Not opened yet', 'Opened· views: 17']);
    await shoot(page, 'guest-list-views', lang);

    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="stat-viewed-value"]');
    await expect.poll(async () => plain(await page.textContent('[data-testid="stat-viewed"]'))).toContain(lang === 'he' ? 'עוד לא פתחו: 1' : 'Not opened yet: 1');
    expect(plain(await page.textContent('[data-testid="stat-viewed-value"]'))).toBe('1');
    await shoot(page, 'statistics-views', lang);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/event/${eventId}/guest/edit/${reloaderId}`);
    await page.waitForSelector('[data-testid="invitation-views"]');
    expect(plain(await page.textContent('[data-testid="invitation-views"]'))).toBe(lang === 'he' ? 'ההזמנה נפתחה· צפיות: 17' : 'The invitation was opened· views: 17');
    await shoot(page, 'guest-edit-views', lang);
    await context.close();
  });
});
