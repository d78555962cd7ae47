import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { plain, shoot, textOf } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 21, expenses: the host adds rows (a suggested category picked as they type), edits them inline, is told
 * a payment above the total is refused, reorders and deletes, sees left to pay and the totals, saves; another
 * device saves first and the host's unsaved rows stay to apply again; the Excel file downloaded and opened.
 * Hebrew and English, 390 and 1440 px, axe clean, right to left in Hebrew.
 */
let app: RunningApp;
let browser: Browser;

/** A text of the web app in `lang` (core file and the expenses fragment), as `plain()` reads the page. */
const text = appTexts(['expenses']);

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const ROWS = {
  he: { event: 'החתונה של מאיה ואיתי', typed: 'אול', supplier: 'אולמי הגן', photo: 'צלם', dj: 'תקליטן', formula: '=HYPERLINK("http://evil.example")', dir: 'rtl' },
  en: { event: "Maya & Itai's wedding", typed: 'Venu', supplier: 'Garden Halls', photo: 'Photographer', dj: 'DJ Night', formula: '=HYPERLINK("http://evil.example")', dir: 'ltr' },
} as const;

interface Saved {
  version: number;
  expenses: { id: string; description: string; supplierName: string; totalPayment: number; paidAmount: number; leftToPay: number }[];
  totals: { totalPayment: number; paidAmount: number; leftToPay: number };
}

describe.each(['he', 'en'] as const)('expenses, in %s', (lang) => {
  const rows = ROWS[lang];
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;

  const saved = async () => (await callApi(app, host, 'GET', `/expenses/${eventId}`)) as Saved;
  const row = (index: number) => page.locator('[data-testid="expense-row"]').nth(index);
  const descriptions = () => page.locator('[data-testid="expense-description"]').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  const saveNow = async () => {
    await page.click('[data-testid="expense-save"]');
    await expect.poll(async () => textOf(page, '[data-testid="expense-save-state"]')).toBe(text(lang, 'expenses.allSaved'));
  };

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'expenses');
    eventId = await createEventViaApi(app, host, { lang, name: rows.event });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    context = await contextWithSession(browser, host, lang, { acceptDownloads: true });
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('starts empty, in the page direction', async () => {
    await page.goto(`${app.url}/event/${eventId}/my-expenses`);
    await page.waitForSelector('[data-testid="expenses-empty"]');
    expect(await page.getAttribute('html', 'dir')).toBe(rows.dir);
    expect(await textOf(page, 'h1')).toBe(text(lang, 'expenses.title'));
    await shoot(page, 'expenses-empty', lang);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('adds rows with a suggested category, computes left to pay and refuses a payment above the total', async () => {
    await page.click('[data-testid="expense-add-first"]');
    await row(0).locator('[data-testid="expense-description"]').fill(rows.typed);
    const hall = text(lang, 'expenses.categories.hall');
    await page.getByRole('option', { name: hall }).click();
    expect(await row(0).locator('[data-testid="expense-description"]').inputValue()).toBe(hall);
    await row(0).locator('[data-testid="expense-supplier"]').fill(rows.supplier);
    await row(0).locator('[data-testid="expense-total"]').fill('45,000');
    await row(0).locator('[data-testid="expense-paid"]').fill('10000.50');
    expect(await textOf(page, '[data-testid="expense-row"] [data-testid="expense-left"]')).toContain('34,999.50');

    await page.click('[data-testid="expense-add"]');
    await row(1).locator('[data-testid="expense-description"]').fill(rows.photo);
    await row(1).locator('[data-testid="expense-total"]').fill('12000');
    await row(1).locator('[data-testid="expense-paid"]').fill('12000');

    await page.click('[data-testid="expense-add"]');
    await row(2).locator('[data-testid="expense-description"]').fill(rows.dj);
    await row(2).locator('[data-testid="expense-supplier"]').fill(rows.formula);
    await row(2).locator('[data-testid="expense-total"]').fill('6500.99');
    await row(2).locator('[data-testid="expense-paid"]').fill('7000');
    await page.getByText(text(lang, 'validation.paidAboveTotal')).waitFor();
    expect(plain(await row(2).locator('[data-testid="expense-left"]').textContent())).toBe('—');
    await page.click('[data-testid="expense-save"]');
    await page.waitForSelector('[data-testid="expense-save-error"]');
    expect((await saved()).expenses).toEqual([]);

    await row(2).locator('[data-testid="expense-paid"]').fill('500');
    expect(await page.getByText(text(lang, 'validation.paidAboveTotal')).count()).toBe(0);
    await saveNow();
    const list = await saved();
    expect(list.expenses.map((e) => [e.description, e.supplierName, e.totalPayment, e.paidAmount, e.leftToPay])).toEqual([
      [hall, rows.supplier, 4_500_000, 1_000_050, 3_499_950],
      [rows.photo, '', 1_200_000, 1_200_000, 0],
      [rows.dj, rows.formula, 650_099, 50_000, 600_099],
    ]);
    expect(await textOf(page, '[data-testid="total-totalPayment"]')).toContain('63,500.99');
    expect(await textOf(page, '[data-testid="total-paidAmount"]')).toContain('22,500.50');
    expect(await textOf(page, '[data-testid="total-leftToPay"]')).toContain('41,000.49');
    expect(await textOf(page, '[data-testid="expense-totals-row"]')).toContain('41,000.49');
  });

  it('edits inline, reorders with the buttons and deletes, then saves in that order', async () => {
    await row(1).locator('[data-testid="expense-total"]').fill('13000');
    // The photographer goes to the top, the DJ up one, then the hall row is deleted.
    await row(1).locator('[data-testid="expense-up"]').click();
    await row(2).locator('[data-testid="expense-up"]').click();
    expect(await descriptions()).toEqual([rows.photo, rows.dj, text(lang, 'expenses.categories.hall')]);
    await row(2).locator('[data-testid="expense-delete"]').click();
    expect(await descriptions()).toEqual([rows.photo, rows.dj]);
    expect(await textOf(page, '[data-testid="expense-save-state"]')).toBe(text(lang, 'expenses.unsaved'));
    await saveNow();
    const list = await saved();
    expect(list.expenses.map((e) => [e.description, e.totalPayment, e.leftToPay])).toEqual([
      [rows.photo, 1_300_000, 100_000],
      [rows.dj, 650_099, 600_099],
    ]);
    expect(list.totals).toEqual({ totalPayment: 1_950_099, paidAmount: 1_250_000, leftToPay: 700_099 });
    expect(await textOf(page, '[data-testid="total-leftToPay"]')).toContain('7,000.99');
    await page.reload();
    await page.waitForSelector('[data-testid="expense-row"]');
    expect(await descriptions()).toEqual([rows.photo, rows.dj]);
  });

  it('keeps the host rows when another device saved first, and applies them again', async () => {
    const before = await saved();
    await page.click('[data-testid="expense-add"]');
    await row(2).locator('[data-testid="expense-description"]').fill(text(lang, 'expenses.categories.flowers'));
    await row(2).locator('[data-testid="expense-total"]').fill('3000');
    // Another device saves meanwhile.
    await callApi(app, host, 'PUT', `/expenses/${eventId}`, {
      version: before.version,
      expenses: [...before.expenses.map(({ leftToPay: _left, ...e }) => e), { description: text(lang, 'expenses.categories.rings'), totalPayment: 200_000 }],
    });
    await page.click('[data-testid="expense-save"]');
    await page.waitForSelector('[data-testid="expense-conflict"]');
    expect(await textOf(page, '[data-testid="expense-conflict"]')).toContain(text(lang, 'errors.STALE_VERSION'));
    expect(await textOf(page, '[data-testid="expense-kept"]')).toContain(text(lang, 'expenses.categories.flowers'));
    // The list on screen is the other device's.
    await expect.poll(descriptions).toEqual([rows.photo, rows.dj, text(lang, 'expenses.categories.rings')]);
    await shoot(page, 'expenses-conflict', lang);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.click('[data-testid="expense-apply-kept"]');
    expect(await descriptions()).toEqual([rows.photo, rows.dj, text(lang, 'expenses.categories.flowers')]);
    await saveNow();
    expect((await saved()).expenses.map((e) => e.description)).toEqual([rows.photo, rows.dj, text(lang, 'expenses.categories.flowers')]);
  });

  it('downloads the Excel file in each language and it reads right', async () => {
    const list = await saved();
    for (const fileLang of [lang, lang === 'he' ? 'en' : 'he'] as const) {
      await page.click('[data-testid="expense-export"]');
      // Issue 28: each file's language is named in the interface language ("קובץ באנגלית", never "קובץ בEnglish").
      for (const option of ['he', 'en', 'ru', 'ar'] as const) {
        expect(await textOf(page, `[data-testid="expense-export-${option}"]`)).toBe(text(lang, `expenses.exportIn.${option}`));
      }
      expect(await textOf(page, '[data-testid="expense-export-en"]')).toBe(lang === 'he' ? 'קובץ באנגלית' : 'File in English');
      const [download] = await Promise.all([page.waitForEvent('download'), page.click(`[data-testid="expense-export-${fileLang}"]`)]);
      expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.views[0]?.rightToLeft ?? false).toBe(fileLang === 'he');
      expect(sheet.getRow(1).getCell(1).value).toBe(fileLang === 'he' ? 'תיאור' : 'Description');
      expect(sheet.getRow(1).getCell(5).value).toBe(fileLang === 'he' ? 'נותר לתשלום' : 'Left to pay');
      expect(sheet.actualRowCount).toBe(list.expenses.length + 2);
      expect(sheet.getRow(3).getCell(2).value).toBe(`'${rows.formula}`);
      const totals = sheet.getRow(list.expenses.length + 2);
      expect(totals.getCell(1).value).toBe(fileLang === 'he' ? 'סה״כ' : 'Total');
      expect(totals.getCell(3).value).toBeCloseTo(list.totals.totalPayment / 100, 2);
      expect(totals.getCell(5).value).toBeCloseTo(list.totals.leftToPay / 100, 2);
      expect(String(totals.getCell(5).numFmt)).toContain('₪');
    }
  });

  it('shows the rows as cards on a phone, and the page reads at 390 and 1440 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForSelector('[data-testid="expense-cards"]');
    expect(await page.locator('[data-testid="expense-row"]').count()).toBe(3);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForSelector('[data-testid="expense-table"]');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'expenses', lang);
  });
});
