import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, settled, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';
import { callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';

/**
 * Guest lists as hosts keep them (issue 16): an Excel file with a title line above the column titles and
 * "מס' מוזמנים" is read right, the host sees how each column was read and changes one before importing; the
 * paste review is a table of the rows as they will be added; quick add goes back to one invite and takes a
 * new group by name; a sheet with no titles row is mapped by the host and its first row imported as a guest. Hebrew and English, axe clean, screenshots at 390 and 1440 px.
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

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const xlsx = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('מוזמנים');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const expectAxeClean = async (page: Page) => {
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

interface GuestItem {
  fullName: string;
  countOfInvites: number;
  groupId: string | null;
}

const TEXTS = {
  he: { family: 'משפחת לוי', army: 'חברים מהצבא', side: 'צד', notes: 'מאיפה מכירים', groupLabel: 'קבוצה', titleLine: 'רשימת מוזמנים – החתונה של נועה ודניאל' },
  en: { family: 'The Levi family', army: 'Army friends', side: 'Side', notes: 'How we know them', groupLabel: 'Group', titleLine: "Guest list – Noa & Daniel's wedding" },
} as const;

describe.each(['he', 'en'] as const)('guest lists as hosts keep them (%s)', (lang) => {
  let host: Host;
  let eventId: string;
  let page: Page;
  const texts = TEXTS[lang];
  const phone = (n: number) => `05${lang === 'he' ? 2 : 4}-666-${String(1000 + n)}`;
  const guests = async () => ((await callApi(app, host, 'GET', `/guests/list/${eventId}?sort=createdAt&pageSize=100`)) as { items: GuestItem[] }).items;
  const groups = async () => (await callApi(app, host, 'GET', `/groups/fetch/${eventId}`)) as { id: string; name: string }[];

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'mapping');
    eventId = await createEventViaApi(app, host, { lang, name: lang === 'he' ? 'החתונה של נועה ודניאל' : "Noa & Daniel's wedding" });
    page = await (await contextWithSession(browser, host, lang)).newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="quick-add"]');
  });

  it('quick add goes back to one invite after each guest and creates a new group by its name', async () => {
    const form = page.locator('[data-testid="quick-add"]');
    await form.locator('input[name="fullName"]').fill(texts.family);
    await form.locator('input[name="phoneNumber"]').fill(phone(0));
    await form.locator('input[name="countOfInvites"]').fill('3');
    await form.locator('[data-testid="quick-add-group"]').fill(texts.army);
    // the host is told the group is new before adding
    await form.getByText(lang === 'he' ? 'קבוצה חדשה' : 'A new group').waitFor();
    await expectAxeClean(page);
    // At the desktop width only: the page lays the row out again at another width (typed text starts over).
    await page.screenshot({ path: path.join(SHOTS, `guest-quick-add-new-group-${lang}-desktop.png`) });
    await form.locator('input[name="phoneNumber"]').press('Enter');
    await expect.poll(async () => (await guests()).length).toBe(1);
    await expect.poll(() => form.locator('input[name="countOfInvites"]').inputValue()).toBe('1');
    const [army] = await groups();
    expect(army?.name).toBe(texts.army);
    expect((await guests())[0]).toMatchObject({ fullName: texts.family, countOfInvites: 3, groupId: army!.id });

    // the next guest of the same group: the group is found, not made twice
    await form.locator('input[name="fullName"]').fill('Avi');
    await form.locator('input[name="phoneNumber"]').fill(phone(1));
    await form.locator('input[name="phoneNumber"]').press('Enter');
    await expect.poll(async () => (await guests()).length).toBe(2);
    expect((await guests())[1]).toMatchObject({ countOfInvites: 1, groupId: army!.id });
    expect(await groups()).toHaveLength(1);
    await form.locator('[data-testid="quick-add-group"]').fill('');
  });

  it('reviews pasted rows in a table as they will be added, the bad one marked with its reason', async () => {
    await page.click('[data-testid="open-paste"]');
    const pasted = [
      lang === 'he' ? "שם\tנייד\tמס' מוזמנים\tקבוצה" : 'Name\tMobile\tQty\tGroup',
      `Shira Biton\t${phone(2)}\t2\t${texts.army}`,
      `Ron Alon\t053-444-55\t1\t`,
      `Maya Katz\t${phone(3)}\t\t`,
    ].join('\n');
    await page.fill('[data-testid="paste-box"]', pasted);
    await page.click('[data-testid="paste-check"]');
    await page.waitForSelector('[data-testid="paste-review"]');
    const rows = page.locator('[data-testid="paste-review-row"]');
    expect(await rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toContain('Shira Biton');
    expect(await rows.nth(0).textContent()).toContain(texts.army);
    expect(await rows.nth(1).getAttribute('data-bad')).toBe('true');
    expect(await rows.nth(1).textContent()).toContain(lang === 'he' ? 'מספר טלפון לא תקין' : 'Invalid phone number');
    // no count pasted: it will be added with one invite
    expect(await rows.nth(2).locator('td').nth(3).textContent()).toBe('1');
    await expectAxeClean(page);
    await shoot(page, 'guest-paste-review', lang);
    // Issue 28: the review scrolls inside the dialog; a keyboard can reach it (axe scrollable-region-focusable).
    await page.fill('[data-testid="paste-box"]', [pasted, ...Array.from({ length: 30 }, (_, n) => `Guest ${n}\t${phone(40 + n)}\t1\t`)].join('\n'));
    await page.click('[data-testid="paste-check"]');
    await expect.poll(() => rows.count()).toBe(33);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      // The review is a table on a desktop and a list on a phone; React swaps them a moment after the resize.
      const review = page.locator(`${width === 390 ? 'ul' : 'table'}[data-testid="paste-review"]`);
      await review.waitFor();
      const region = width === 390 ? review : review.locator('xpath=..');
      expect(await region.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      expect(await region.getAttribute('tabindex')).toBe('0');
      await expectAxeClean(page);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.fill('[data-testid="paste-box"]', pasted);
    await page.click('[data-testid="paste-check"]');
    await expect.poll(() => rows.count()).toBe(3);
    await page.click('[data-testid="paste-add"]');
    await page.waitForSelector('[data-testid="paste-box"]', { state: 'detached' });
    await expect.poll(async () => (await guests()).length).toBe(4);
  });

  it('reads a sheet with a title line, shows each column, lets the host change one and imports with it', async () => {
    const file = await xlsx([
      [texts.titleLine],
      [],
      ['שם', 'טלפון', "מס' מוזמנים", texts.notes],
      ['משפחת כהן', phone(10), 4, texts.army],
      ['Dana Levi', '05-123', 2, ''],
      ['Tal Mor', phone(11), 1, texts.army],
    ]);
    await page.click('[data-testid="open-import"]');
    await page.setInputFiles('[data-testid="import-file"]', { name: 'מוזמנים.xlsx', mimeType: XLSX_TYPE, buffer: file });
    await page.waitForSelector('[data-testid="column-mapping"]');
    const columns = page.locator('[data-testid="mapping-column"]');
    expect(await columns.count()).toBe(4);
    // the column with data that goes nowhere says so
    expect(await columns.nth(3).locator('[data-testid="mapping-skipped"]').count()).toBe(1);
    // the bad row names its guest and the value
    const error = page.locator('[data-testid="import-error"]');
    expect(await error.count()).toBe(1);
    expect(await error.textContent()).toContain('Dana Levi');
    expect(await error.textContent()).toContain('05-123');
    await expectAxeClean(page);
    await shoot(page, 'guest-import-mapping', lang);
    await error.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `guest-import-errors-${lang}-desktop.png`) });

    // a column no title names (a notes column would be the comments): the host makes it the group
    await columns.nth(3).locator('[role="combobox"]').click();
    await page.getByRole('option', { name: texts.groupLabel, exact: true }).click();
    await expect.poll(() => columns.nth(3).locator('[data-testid="mapping-skipped"]').count()).toBe(0);
    await page.waitForSelector('[data-testid="import-add"]:not([disabled])');
    await page.click('[data-testid="import-add"]');
    await page.waitForSelector('[data-testid="import-file"]', { state: 'detached' });
    await expect.poll(async () => (await guests()).length).toBe(6);
    const all = await guests();
    const army = (await groups()).find((group) => group.name === texts.army)!;
    expect(all.find((guest) => guest.fullName === 'משפחת כהן')).toMatchObject({ countOfInvites: 4, groupId: army.id });
    expect(all.find((guest) => guest.fullName === 'Tal Mor')).toMatchObject({ countOfInvites: 1, groupId: army.id });
  });

  it('maps a sheet with no titles row: the phone and count read from the values, the host names the name column, the first row imported too', async () => {
    const file = await xlsx([
      ['Noa Peretz', phone(20), 2],
      ['Eli Dahan', phone(21), 3],
    ]);
    await page.click('[data-testid="open-import"]');
    await page.setInputFiles('[data-testid="import-file"]', { name: 'list.xlsx', mimeType: XLSX_TYPE, buffer: file });
    await page.waitForSelector('[data-testid="column-mapping"]');
    const columns = page.locator('[data-testid="mapping-column"]');
    expect(await columns.count()).toBe(3);
    // no titles: the first row is a guest, the phone and the count were read from the values, the name is the host's to say
    await page.waitForSelector('[data-testid="mapping-first-row"]');
    expect(await page.locator('[data-testid="mapping-first-row-guest"] input').isChecked()).toBe(true);
    expect(await columns.nth(0).textContent()).toContain(lang === 'he' ? 'עמודה A' : 'Column A');
    expect(await columns.nth(1).locator('input').inputValue()).toBe('phoneNumber');
    expect(await columns.nth(2).locator('input').inputValue()).toBe('countOfInvites');
    await page.waitForSelector('[data-testid="mapping-incomplete"]');
    expect(await page.locator('[data-testid="import-add"]').isDisabled()).toBe(true);
    await expectAxeClean(page);
    await shoot(page, 'guest-import-no-titles', lang);

    await columns.nth(0).locator('[role="combobox"]').click();
    await page.getByRole('option', { name: lang === 'he' ? 'שם מלא' : 'Full name', exact: true }).click();
    await page.waitForSelector('[data-testid="mapping-incomplete"]', { state: 'detached' });
    await page.waitForSelector('[data-testid="import-add"]:not([disabled])');
    await shoot(page, 'guest-import-no-titles-mapped', lang);
    await page.click('[data-testid="import-add"]');
    await page.waitForSelector('[data-testid="import-file"]', { state: 'detached' });
    await expect.poll(async () => (await guests()).length).toBe(8);
    const all = await guests();
    expect(all.find((guest) => guest.fullName === 'Noa Peretz')).toMatchObject({ countOfInvites: 2 });
    expect(all.find((guest) => guest.fullName === 'Eli Dahan')).toMatchObject({ countOfInvites: 3 });
  });
});
