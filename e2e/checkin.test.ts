import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, API_HEADERS, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { expectAxeClean } from './invitation-kit.js';
import { payForEventViaApi } from './messaging-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 31, check-in at the door: a coming guest's page shows their QR code; the host opens the door screen on a
 * phone or a desktop, checks a guest in by their code and another by a name search, then loses the network, undoes
 * an arrival (queued in the browser, counted as waiting), and sees it sent when back online. Hebrew and English,
 * 390 and 1440 px, axe clean, right to left in Hebrew.
 */
let app: RunningApp;
let browser: Browser;

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const text = appTexts(['checkin'], { plain: false });

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const NAMES = {
  he: { event: 'החתונה של שירה ועומר', byCode: 'יעל מזרחי', bySearch: 'אבי בן דוד', dir: 'rtl' },
  en: { event: "Shira & Omer's wedding", byCode: 'Yael Mizrahi', bySearch: 'Avi Ben David', dir: 'ltr' },
} as const;

let phone = 5_550_000;
const nextPhone = () => `052-${String(++phone).slice(0, 3)}-${String(phone).slice(3)}`;

describe.each([
  ['he', 390],
  ['he', 1440],
  ['en', 390],
  ['en', 1440],
] as const)('check-in, in %s at %i px', (lang, width) => {
  const names = NAMES[lang];
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;
  let byCode: { id: string; inviteUrl: string };
  let bySearch: { id: string; inviteUrl: string };

  const comingGuest = async (fullName: string, attending: number) => {
    const guest = await addGuestViaApi(app, host, eventId, { fullName, phoneNumber: nextPhone(), countOfInvites: attending });
    const token = guest.inviteUrl.split('/').pop()!;
    const res = await fetch(`${app.url}/api/invite/${token}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ status: 'approved', attending }) });
    if (!res.ok) throw new Error(`answer failed: ${res.status} ${await res.text()}`);
    return guest;
  };
  const summary = async () => (await callApi(app, host, 'GET', `/checkin/${eventId}/summary`)) as { expected: number; arrived: number };
  const card = (name: string) => page.locator('[data-testid="checkin-guest"]', { hasText: name });
  const pendingText = async () => (await page.locator('[data-testid="checkin-pending"]').textContent())?.replace(/[\u2066-\u2069]/g, '') ?? '';

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'checkin');
    eventId = await createEventViaApi(app, host, { lang, name: names.event });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    byCode = await comingGuest(names.byCode, 2);
    bySearch = await comingGuest(names.bySearch, 3);
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows a coming guest their check-in QR on their page', async () => {
    const guestPage = await context.newPage();
    await guestPage.goto(byCode.inviteUrl.replace(/^https?:\/\/[^/]+/, app.url));
    const section = guestPage.locator('[data-checkin-code]');
    await section.waitFor();
    expect(await section.locator('svg').count()).toBe(1);
    await guestPage.close();
  });

  it('checks a guest in by their code', async () => {
    const guestPage = await context.newPage();
    await guestPage.goto(byCode.inviteUrl.replace(/^https?:\/\/[^/]+/, app.url));
    const code = (await guestPage.locator('[data-checkin-code]').getAttribute('data-checkin-code'))!;
    await guestPage.close();

    await page.goto(`${app.url}/event/${eventId}/check-in`);
    await page.getByLabel(text(lang, 'checkin.code')).waitFor();
    expect(await page.getAttribute('html', 'dir')).toBe(names.dir);
    await expectAxeClean(page, `check-in ${lang} ${width}`);
    await page.getByLabel(text(lang, 'checkin.code')).fill(code);
    await page.getByRole('button', { name: text(lang, 'checkin.check'), exact: true }).click();
    await card(names.byCode).waitFor();
    expect(await card(names.byCode).getByLabel(text(lang, 'checkin.people')).inputValue()).toBe('2');
    await card(names.byCode).getByRole('button', { name: text(lang, 'checkin.markArrived'), exact: true }).click();
    await expect.poll(async () => (await summary()).arrived, { timeout: 15_000 }).toBe(2);
    await expect.poll(pendingText, { timeout: 15_000 }).toBe(text(lang, 'checkin.allSent'));
  });

  it('checks a guest in by a name search, with the number who came', async () => {
    await page.getByLabel(text(lang, 'checkin.searchByNameOrPhone')).fill(names.bySearch.split(' ')[0]!);
    await card(names.bySearch).waitFor();
    await card(names.bySearch).getByLabel(text(lang, 'checkin.people')).fill('1');
    await card(names.bySearch).getByRole('button', { name: text(lang, 'checkin.markArrived'), exact: true }).click();
    await expect.poll(async () => (await summary()).arrived, { timeout: 15_000 }).toBe(3);
    await expectAxeClean(page, `check-in search ${lang} ${width}`);
  });

  it('keeps working offline: an undo waits in the browser, counted, and is sent when back online', async () => {
    await card(names.bySearch).getByRole('button', { name: text(lang, 'checkin.undo'), exact: true }).waitFor();
    await context.setOffline(true);
    await card(names.bySearch).getByRole('button', { name: text(lang, 'checkin.undo'), exact: true }).click();
    await expect.poll(pendingText, { timeout: 15_000 }).toContain('1');
    expect(await pendingText()).not.toBe(text(lang, 'checkin.allSent'));
    // The server has not heard of it.
    expect((await summary()).arrived).toBe(3);
    // Another guest's new count waits too: two waiting.
    await card(names.byCode).getByLabel(text(lang, 'checkin.people')).fill('4');
    await card(names.byCode).getByRole('button', { name: text(lang, 'checkin.update'), exact: true }).click();
    await expect.poll(pendingText, { timeout: 15_000 }).toContain('2');
    await context.setOffline(false);
    await expect.poll(pendingText, { timeout: 20_000 }).toBe(text(lang, 'checkin.allSent'));
    await expect.poll(async () => (await summary()).arrived, { timeout: 15_000 }).toBe(4);
    expect(bySearch.id).toBeTruthy();
  });

  it('opens the door for an usher link without an account: names and tables, no phone numbers', async () => {
    const link = (await callApi(app, host, 'POST', `/checkin/${eventId}/ushers`, {})) as { url: string };
    const usher = await browser.newContext();
    try {
      await usher.addInitScript((chosen) => localStorage.setItem('lang', chosen), lang);
      const usherPage = await usher.newPage();
      await usherPage.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await usherPage.goto(link.url.replace(/^https?:\/\/[^/]+/, app.url));
      const search = usherPage.getByLabel(text(lang, 'checkin.searchByName'));
      await search.fill(names.byCode.split(' ')[0]!);
      await usherPage.locator('[data-testid="checkin-guest"]', { hasText: names.byCode }).waitFor();
      // The token left the address bar; no phone number anywhere on the screen.
      expect(usherPage.url()).not.toContain('usher=');
      expect(await usherPage.locator('body').textContent()).not.toMatch(/05\d-?\d{3}-?\d{4}|\+972/);
      await expectAxeClean(usherPage, `usher ${lang} ${width}`);

      // The owner revokes it on the door screen; the usher's next load is refused.
      await page.reload();
      await page.getByRole('button', { name: text(lang, 'checkin.revoke'), exact: true }).click();
      await expect.poll(async () => page.getByRole('button', { name: text(lang, 'checkin.revoke'), exact: true }).count(), { timeout: 15_000 }).toBe(0);
      await usherPage.reload();
      await usherPage.locator('.MuiAlert-colorError').waitFor();
      expect(await usherPage.locator('[data-testid="checkin-guest"]').count()).toBe(0);
    } finally {
      await usher.close();
    }
  });
});

describe.each([
  ['he', 390],
  ['en', 1440],
] as const)('a walk-in when the package is full, in %s at %i px', (lang, width) => {
  it('says what the usher can still do, keeps what was typed, and still lets an invited guest in by phone', async () => {
    const host = await signUpHost(app, lang, 'checkin-full');
    const eventId = await createEventViaApi(app, host, { lang, name: NAMES[lang].event });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    // The package's 100 places, all taken.
    const rows = Array.from({ length: 100 }, (_, i) => ({ fullName: `${NAMES[lang].bySearch} ${i + 1}`, phoneNumber: nextPhone(), countOfInvites: '1' }));
    await callApi(app, host, 'POST', `/guests/rows/${eventId}?commit=true`, { rows });
    await payForEventViaApi(app, host, eventId);
    const context = await contextWithSession(browser, host, lang);
    try {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto(`${app.url}/event/${eventId}/check-in`);
      await page.getByRole('button', { name: text(lang, 'checkin.walkIn'), exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text(lang, 'checkin.fullName')).fill(NAMES[lang].byCode);
      await dialog.getByLabel(text(lang, 'checkin.phone')).fill('052-555-8899');
      await dialog.getByRole('button', { name: text(lang, 'checkin.addWalkIn'), exact: true }).click();
      await expect.poll(async () => dialog.locator('.MuiAlert-colorError').textContent(), { timeout: 15_000 }).toBe(text(lang, 'checkin.walkInFull'));
      expect(await dialog.getByLabel(text(lang, 'checkin.fullName')).inputValue()).toBe(NAMES[lang].byCode);
      await expectAxeClean(page, `walk-in full ${lang} ${width}`);
      await page.screenshot({ path: path.join(root, 'test-results/screenshots', `checkin-walk-in-full-${lang}-${width}.png`) });
      // An invited guest's phone is that guest arriving, not a new one: it passes on a full list.
      await dialog.getByLabel(text(lang, 'checkin.fullName')).fill(rows[0]!.fullName);
      await dialog.getByLabel(text(lang, 'checkin.phone')).fill(rows[0]!.phoneNumber);
      await dialog.getByRole('button', { name: text(lang, 'checkin.addWalkIn'), exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.locator('[data-testid="checkin-guest"]', { hasText: rows[0]!.fullName }).waitFor();
      await expect.poll(async () => ((await callApi(app, host, 'GET', `/checkin/${eventId}/summary`)) as { arrived: number }).arrived, { timeout: 15_000 }).toBe(1);
    } finally {
      await context.close();
    }
  });
});
