import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, API_HEADERS, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { expectAxeClean, expectNoSidewaysScroll, plain, textOf } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 32, the gift ledger: on a 390 px phone in Hebrew the host records a gift by quick entry (search a guest, type
 * shekels, tap a method), sees the totals and "came and gave nothing" follow, deletes a gift after a question,
 * records one more from "came and gave nothing", imports a sheet (a bad row named with its reason), downloads the
 * Excel file and turns on "thank only the givers" on the timing screen; the page at 1440 px in English;
 * axe clean on the page and its dialogs; another host gets "not found".
 */
let app: RunningApp;
let browser: Browser;

const text = appTexts(['gift-ledger']);

const NAMES = { event: 'החתונה של תמר ודניאל', yael: 'יעל מזרחי', avi: 'אבי בן דוד', noa: 'נועה לוי' } as const;

interface Ledger {
  entries: { id: string; guestId: string; amount: number; method: string; note: string; source: string }[];
  totals: { amount: number; count: number; byMethod: Record<string, { amount: number }>; bySide: Record<string, { amount: number }> };
  cameWithoutGift: { guestId: string }[];
}

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the gift ledger', () => {
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;
  const ids = { yael: '', avi: '', noa: '' };
  const ledger = async () => (await callApi(app, host, 'GET', `/gift-ledger/${eventId}`)) as Ledger;
  const total = () => textOf(page, '[data-testid="gift-total-amount"]');
  const guest = async (fullName: string, phoneNumber: string, side: 'a' | 'b' | null, attending: number | null) => {
    const added = await addGuestViaApi(app, host, eventId, { fullName, phoneNumber, countOfInvites: 3, side } as never);
    if (attending) {
      const token = added.inviteUrl.split('/').pop()!;
      const res = await fetch(`${app.url}/api/invite/${token}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ status: 'approved', attending }) });
      if (!res.ok) throw new Error(`answer failed: ${res.status} ${await res.text()}`);
    }
    return added.id;
  };

  beforeAll(async () => {
    host = await signUpHost(app, 'he', 'gift-ledger');
    eventId = await createEventViaApi(app, host, { lang: 'he', name: NAMES.event });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    ids.yael = await guest(NAMES.yael, '052-771-0001', 'a', 2);
    ids.avi = await guest(NAMES.avi, '052-771-0002', 'b', 3);
    ids.noa = await guest(NAMES.noa, '052-771-0003', null, null);
    await callApi(app, host, 'POST', `/gift-ledger/${eventId}/entries`, { guestId: ids.avi, amount: 50_000, method: 'cheque', note: '' });
    context = await contextWithSession(browser, host, 'he', { acceptDownloads: true });
    page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('records a gift by quick entry on a phone in Hebrew, and the totals and "came without a gift" follow', async () => {
    await page.goto(`${app.url}/event/${eventId}/gifts-ledger`);
    await page.locator('[data-testid="gift-ledger-ready"]').waitFor({ timeout: 60_000 });
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await textOf(page, 'h1')).toBe(text('he', 'giftLedger.title'));
    expect(await total()).toContain('500');
    expect(await page.locator('[data-testid="gift-came-without-guest"]').allTextContents()).toEqual([expect.stringContaining(NAMES.yael)]);
    await expectAxeClean(page, 'gift ledger he 390');
    await expectNoSidewaysScroll(page, 390, 'gift ledger he');
    await page.setViewportSize({ width: 390, height: 844 });

    await page.locator('[data-testid="gift-guest"]').fill('יעל');
    await page.locator('[data-testid="gift-guest-option"]', { hasText: NAMES.yael }).click();
    await page.locator('[data-testid="gift-amount"]').fill('360.50');
    expect(plain(await page.locator('[data-testid="gift-entry"]').textContent())).toContain('360.50');
    await page.locator('[data-testid="gift-method-bit"]').click();
    expect(await page.locator('[data-testid="gift-method-bit"]').getAttribute('aria-pressed')).toBe('true');
    await page.locator('[data-testid="gift-note"]').fill('מכל המשפחה');
    await page.locator('[data-testid="gift-save"]').click();

    await expect.poll(total).toContain('860.50');
    const after = await ledger();
    expect(after.entries.map((e) => [e.guestId, e.amount, e.method, e.note, e.source])).toContainEqual([ids.yael, 36_050, 'bit', 'מכל המשפחה', 'host']);
    expect(after.totals.bySide.a?.amount).toBe(36_050);
    expect(await textOf(page, '[data-testid="gift-by-method-bit"]')).toContain('360.50');
    expect(await textOf(page, '[data-testid="gift-by-side-a"]')).toContain('צד א׳');
    await expect.poll(() => page.locator('[data-testid="gift-came-without-guest"]').count()).toBe(0);
    await page.screenshot({ path: 'test-results/screenshots/gift-ledger-he-390.png', fullPage: true });
    // The form is empty again for the next envelope; the method stays.
    expect(await page.locator('[data-testid="gift-amount"]').inputValue()).toBe('');
    expect(await page.locator('[data-testid="gift-method-bit"]').getAttribute('aria-pressed')).toBe('true');

    // Nothing chosen and no amount: the fields say so, translated.
    await page.locator('[data-testid="gift-save"]').click();
    await page.locator('[data-testid="gift-entry"]').getByText(text('he', 'validation.required')).first().waitFor();
  });

  it('deletes a gift after a question, then records one from "came and gave nothing"', async () => {
    const avi = page.locator('[data-testid="gift-entry-row"]', { hasText: NAMES.avi });
    await avi.locator('[data-testid="gift-entry-delete"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-testid="gift-delete-question"]').waitFor();
    expect(plain(await dialog.textContent())).toContain(NAMES.avi);
    await expectAxeClean(page, 'delete dialog he 390');
    await dialog.getByRole('button', { name: text('he', 'giftLedger.list.deleteConfirm') }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(total).toContain('360.50');
    expect((await ledger()).entries.map((e) => e.guestId)).toEqual([ids.yael]);
    await expect.poll(() => page.locator('[data-testid="gift-came-without-guest"]').allTextContents()).toEqual([expect.stringContaining(NAMES.avi)]);

    // "Record a gift" beside a guest who came puts them in the quick entry; the amount is next.
    await page.locator('[data-testid="gift-came-without-guest"]', { hasText: NAMES.avi }).locator('[data-testid="gift-record-for"]').click();
    await expect.poll(() => page.locator('[data-testid="gift-guest"]').inputValue()).toBe(NAMES.avi);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('gift-amount');
    await page.keyboard.type('100');
    await page.locator('[data-testid="gift-method-cheque"]').click();
    await page.locator('[data-testid="gift-save"]').click();
    await expect.poll(total).toContain('460.50');
    await expect.poll(() => page.locator('[data-testid="gift-came-without-guest"]').count()).toBe(0);
  });

  it('imports a sheet: the bad row named with its reason, the good one added', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('מתנות');
    sheet.addRow(['שם', 'סכום', 'אמצעי', 'הערה']);
    sheet.addRow([NAMES.noa, 250, 'מזומן', '']);
    sheet.addRow(['אין כזה אורח', 100, 'ביט', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    await page.locator('[data-testid="gift-import"]').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('[data-testid="gift-import-choose"]').waitFor();
    await page.locator('[data-testid="gift-import-file"]').setInputFiles({ name: 'gifts.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await dialog.locator('[data-testid="gift-import-error"]').waitFor();
    expect(plain(await dialog.locator('[data-testid="gift-import-error"]').textContent())).toContain(text('he', 'giftLedger.importErrors.GUEST_NOT_FOUND'));
    await expectAxeClean(page, 'import dialog he 390');
    await dialog.locator('[data-testid="gift-import-add"]').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(total).toContain('710.50');
    expect((await ledger()).entries.find((e) => e.guestId === ids.noa)).toMatchObject({ amount: 25_000, method: 'cash', source: 'import' });
  });

  it('downloads the ledger as Excel', async () => {
    await page.locator('[data-testid="gift-export"]').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="gift-export-he"]').click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.actualRowCount).toBeGreaterThanOrEqual(3);
  });

  it('reads at 1440 px in English, axe clean', async () => {
    const english = await contextWithSession(browser, host, 'en');
    try {
      const wide = await english.newPage();
      await wide.setViewportSize({ width: 1440, height: 900 });
      await wide.goto(`${app.url}/event/${eventId}/gifts-ledger`);
      await wide.locator('[data-testid="gift-ledger-ready"]').waitFor({ timeout: 60_000 });
      expect(await wide.getAttribute('html', 'dir')).toBe('ltr');
      expect(await textOf(wide, 'h1')).toBe(text('en', 'giftLedger.title'));
      expect(await textOf(wide, '[data-testid="gift-total-amount"]')).toBe('₪710.50');
      expect(await textOf(wide, '[data-testid="gift-by-side-a"]')).toContain('Side A');
      // The menu entry beside seating and check-in.
      expect(await wide.getByRole('link', { name: text('en', 'layout.nav.giftLedger') }).count()).toBeGreaterThan(0);
      await expectAxeClean(wide, 'gift ledger en 1440');
      await wide.screenshot({ path: 'test-results/screenshots/gift-ledger-en-1440.png', fullPage: true });
      await wide.locator('[data-testid="gift-import"]').click();
      await wide.getByRole('dialog').locator('[data-testid="gift-import-choose"]').waitFor();
      await expectAxeClean(wide, 'import dialog en 1440');
    } finally {
      await english.close();
    }
  });

  it('sends the thank-you only to guests with a gift recorded once the host says so (timing screen)', async () => {
    const thanksOnlyGivers = async () =>
      ((await callApi(app, host, 'GET', `/actionTiming/${eventId}`)) as { actions: { action: string; onlyGivers?: boolean }[] }).actions.find((a) => a.action === 'thanks')?.onlyGivers;
    expect(await thanksOnlyGivers()).toBe(false);
    await page.goto(`${app.url}/event/${eventId}/guest/timing`);
    const toggle = page.locator('[data-testid="thanks-only-givers-switch"]');
    await toggle.waitFor({ timeout: 60_000 });
    await toggle.click();
    await expect.poll(thanksOnlyGivers).toBe(true);
    await expect.poll(() => toggle.isChecked()).toBe(true);
  });

  it('is not found for another host', async () => {
    const stranger = await signUpHost(app, 'en', 'gift-ledger-other');
    const res = await fetch(`${app.url}/api/gift-ledger/${eventId}`, { headers: { authorization: `Bearer ${stranger.token}`, 'x-platform': 'web' } });
    expect(res.status).toBe(404);
    const other = await contextWithSession(browser, stranger, 'en');
    try {
      const strangerPage = await other.newPage();
      await strangerPage.goto(`${app.url}/event/${eventId}/gifts-ledger`);
      await strangerPage.locator('[data-testid="not-found"]').waitFor({ timeout: 60_000 });
      expect(await strangerPage.locator('[data-testid="gift-ledger-ready"]').count()).toBe(0);
    } finally {
      await other.close();
    }
  });
});
