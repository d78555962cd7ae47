import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, settled, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';
import { callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';

/**
 * A host builds a guest list on the built app: by hand (quick add), by pasting rows from a spreadsheet, from
 * an Excel file with bad rows (reported, fixed, imported), exports it, filters it and moves guests into a
 * group — in Hebrew (right to left) and English, axe clean, with screenshots at 390 and 1440 px.
 */
const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test-results/screenshots');

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const api = (host: Host, method: string, url: string, body?: unknown) => callApi(app, host, method, url, body);
const signUp = (lang: 'he' | 'en') => signUpHost(app, lang, 'guests');
const createEvent = (host: Host, lang: 'he' | 'en') =>
  createEventViaApi(app, host, { lang, name: lang === 'he' ? 'החתונה של נועה ודניאל' : "Noa & Daniel's wedding" });
const contextFor = (host: Host, lang: string) => contextWithSession(browser, host, lang, { acceptDownloads: true });

const xlsx = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Guests');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const expectAxeClean = async (page: Page) => {
  // no hover or ripple mid-transition on the last clicked control
  await page.mouse.move(0, 0);
  await settled(page);
  const violations = await seriousAxeViolations(page);
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
};

const shoot = async (page: Page, name: string, lang: string) => {
  for (const size of [
    { label: 'phone', width: 390, height: 844 },
    { label: 'desktop', width: 1440, height: 900 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await settled(page);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${size.label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

const rowCount = (page: Page) => page.locator('[data-testid="guest-row"]').count();

const TEXTS = {
  he: { names: ['דנה כהן', 'יוסי לוי', 'מרים אזולאי'], group: 'משפחה', dir: 'rtl' },
  en: { names: ['Dana Cohen', 'Yossi Levi', 'Miriam Azoulay'], group: 'Family', dir: 'ltr' },
} as const;

describe.each(['he', 'en'] as const)('building a guest list (%s)', (lang) => {
  let host: Host;
  let eventId: string;
  let page: Page;
  const texts = TEXTS[lang];
  const phone = (n: number) => `05${lang === 'he' ? 2 : 4}-555-${String(1000 + n)}`;

  beforeAll(async () => {
    host = await signUp(lang);
    eventId = await createEvent(host, lang);
    page = await (await contextFor(host, lang)).newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="quick-add"]');
  });

  it('shows the empty list warmly, right to left in Hebrew, axe clean', async () => {
    await page.waitForSelector('[data-testid="guests-empty"]');
    expect(await page.getAttribute('html', 'dir')).toBe(texts.dir);
    await expectAxeClean(page);
    await shoot(page, 'guests-empty', lang);
  });

  it('adds guests by hand, one after another, with Enter', async () => {
    const form = page.locator('[data-testid="quick-add"]');
    for (const [index, name] of texts.names.slice(0, 2).entries()) {
      await form.locator('input[name="fullName"]').fill(name);
      await form.locator('input[name="phoneNumber"]').fill(phone(index));
      await form.locator('input[name="phoneNumber"]').press('Enter');
      await expect.poll(() => rowCount(page)).toBe(index + 1);
      // the cursor is back in the name for the next guest
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('fullName');
    }
    // the same phone again is refused on the phone field
    await form.locator('input[name="fullName"]').fill('Someone else');
    await form.locator('input[name="phoneNumber"]').fill(phone(0));
    await form.locator('input[name="phoneNumber"]').press('Enter');
    await form.locator('input[name="phoneNumber"][aria-invalid="true"]').waitFor();
    expect(await rowCount(page)).toBe(2);
    await form.locator('input[name="fullName"]').fill('');
    await form.locator('input[name="phoneNumber"]').fill('');
  });

  it('adds rows pasted from a spreadsheet after showing the bad ones', async () => {
    await page.click('[data-testid="open-paste"]');
    const pasted = [
      `${lang === 'he' ? 'שם מלא\tטלפון\tמספר מוזמנים' : 'Full name\tPhone\tInvited'}`,
      `${texts.names[2]}\t${phone(2)}\t3`,
      `Avi Mizrahi\t053-444-55\t2`,
      `Shira Biton\t${phone(0)}\t1`,
      `Ron Alon\t${phone(3)}\t2`,
    ].join('\n');
    await page.fill('[data-testid="paste-box"]', pasted);
    await page.click('[data-testid="paste-check"]');
    await page.waitForSelector('[data-testid="import-report"]');
    expect(await page.locator('[data-testid="paste-review-row"][data-bad]').count()).toBe(2);
    await expectAxeClean(page);
    await shoot(page, 'guests-paste', lang);
    await page.click('[data-testid="paste-add"]');
    await page.waitForSelector('[data-testid="paste-box"]', { state: 'detached' });
    await expect.poll(() => rowCount(page)).toBe(4);
  });

  it('reports every bad row of an Excel file, then imports the fixed file', async () => {
    const titles = lang === 'he' ? ['שם מלא', 'טלפון', 'מספר מוזמנים', 'קבוצה'] : ['Full name', 'Phone', 'Invited', 'Group'];
    const bad = await xlsx([titles, ['Eli Golan', phone(10), 2, texts.group], ['', phone(11), 1, ''], ['Tamar Peretz', '12345', 1, ''], ['Gil Ben', phone(12), 40, '']]);
    await page.click('[data-testid="open-import"]');
    await page.setInputFiles('[data-testid="import-file"]', { name: 'guests.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: bad });
    await page.waitForSelector('[data-testid="import-report"]');
    const reasons = await page.locator('[data-testid="import-error"]').allTextContents();
    expect(reasons.length).toBe(3);
    expect(reasons.map((text) => text.slice(0, 1))).toEqual(['3', '4', '5']);
    await expectAxeClean(page);
    await shoot(page, 'guests-import-report', lang);
    // the host fixes the file and uploads it again
    const fixed = await xlsx([titles, ['Eli Golan', phone(10), 2, texts.group], ['Noam Tal', phone(11), 1, ''], ['Tamar Peretz', phone(13), 1, ''], ['Gil Ben', phone(12), 4, '']]);
    await page.setInputFiles('[data-testid="import-file"]', { name: 'guests-fixed.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: fixed });
    await expect.poll(() => page.locator('[data-testid="import-error"]').count()).toBe(0);
    await page.click('[data-testid="import-add"]');
    await page.waitForSelector('[data-testid="import-file"]', { state: 'detached' });
    await expect.poll(() => rowCount(page)).toBe(8);
  });

  it('adds picked Google contacts (sample contacts in development), each invited alone', async () => {
    await page.click('[data-testid="open-google-contacts"]');
    await page.waitForSelector('[data-testid="contact-option"]');
    await expectAxeClean(page);
    const options = page.locator('[data-testid="contact-option"]');
    await options.filter({ hasText: 'Eitan Shapiro' }).click();
    await options.filter({ hasText: 'Olga Petrova' }).click();
    await page.click('[data-testid="contacts-check"]');
    await page.waitForSelector('[data-testid="import-report"]');
    await page.click('[data-testid="contacts-add"]');
    await page.waitForSelector('[data-testid="contact-option"]', { state: 'detached' });
    await expect.poll(() => rowCount(page)).toBe(10);
    const olga = (await api(host, 'GET', `/guests/list/${eventId}?q=Olga`)) as { items: { countOfInvites: number; phoneNumber: string }[] };
    expect(olga.items[0]).toMatchObject({ countOfInvites: 1, phoneNumber: '+79161234567' });
  });

  it('exports the list as an Excel file in the host language', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-testid="export"]')]);
    const file = await download.path();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(file!) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft ?? false).toBe(lang === 'he');
    expect(sheet.getRow(1).getCell(1).value).toBe(lang === 'he' ? 'שם מלא' : 'Full name');
    expect(sheet.actualRowCount).toBe(11);
  });

  it('finds guests by name or phone and filters by status', async () => {
    await page.fill('[data-testid="guest-search"]', texts.names[1]);
    await expect.poll(() => rowCount(page)).toBe(1);
    await page.fill('[data-testid="guest-search"]', phone(2).replace(/-/g, ''));
    await expect.poll(() => rowCount(page)).toBe(1);
    await page.fill('[data-testid="guest-search"]', '');
    await expect.poll(() => rowCount(page)).toBe(10);
    // Every guest waits for a package: no "not invited yet" chip repeating "all", the list says it once.
    expect(await page.locator('[data-testid="filter-pending"]').count()).toBe(0);
    expect(await page.locator('[data-testid="not-invited-note"]').count()).toBe(1);
    await page.click('[data-testid="filter-all"]');
  });

  it('moves selected guests into a group in one step', async () => {
    await api(host, 'POST', `/groups/new/${eventId}`, { name: `${texts.group} 2` });
    await page.reload();
    await page.waitForSelector('[data-testid="guest-row"]');
    const boxes = page.locator('[data-testid="guest-row"] input[type="checkbox"]');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await page.waitForSelector('[data-testid="bulk-bar"]');
    await expectAxeClean(page);
    await page.click('[data-testid="bulk-move"]');
    await page.getByRole('menuitem', { name: `${texts.group} 2` }).click();
    await page.waitForSelector('[data-testid="bulk-bar"]', { state: 'detached' });
    const groups = (await api(host, 'GET', `/groups/fetch/${eventId}`)) as { name: string; guestCount: number }[];
    expect(groups.find((group) => group.name === `${texts.group} 2`)?.guestCount).toBe(2);
    await shoot(page, 'guests-list', lang);
  });

  it('edits a guest and manages the groups', async () => {
    await page.locator('[data-testid="guest-row"] a[href*="/guest/edit/"]').first().click();
    await page.waitForSelector('[data-testid="guest-form"]');
    await page.fill('[data-testid="guest-form"] input[name="fullName"]', `${texts.names[0]} (edited)`);
    await page.click('[data-testid="guest-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="guest-form"] .MuiAlert-standardSuccess');
    await expectAxeClean(page);
    await shoot(page, 'guest-edit', lang);
    await page.goto(`${app.url}/event/${eventId}/guest/groups`);
    await page.waitForSelector('[data-testid="group-row"]');
    await expectAxeClean(page);
    await shoot(page, 'guest-groups', lang);
  });
});
