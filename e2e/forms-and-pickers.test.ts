import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { launchBrowser, settled, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';
import { callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { asPickerDate, pickerGroup, pickerText, typeDate, typeTime } from './picker-fields.js';

/**
 * Forms follow the interface language, not the browser's: in Hebrew, in a browser set to American English, the
 * event's date reads 17/06/2027 and its time 19:30; the calendar starts on Sunday and speaks Hebrew. A file
 * that is not an image is refused when it is picked. Footer links are 44 px targets; the user menu's icons sit
 * on the side of the side menu's. Hebrew and English, both widths, axe clean, with screenshots.
 */
const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test-results/screenshots');
const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1440, height: 900 },
] as const;

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

/** Signed in, with the interface in `lang` while the browser itself says en-US (the American formats). */
const contextInEnglishBrowser = (host: Host, lang: string): Promise<BrowserContext> =>
  contextWithSession(browser, host, lang, { locale: 'en-US' });

const expectAxeClean = async (page: Page, what: string) => {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
};

/** Both widths: a shot (full page unless something floats open), axe, nothing wider than the screen. */
const shoot = async (page: Page, name: string, lang: string, options: { fullPage?: boolean; each?: () => Promise<void> } = {}) => {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await options.each?.();
    await settled(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${size.label}.png`), fullPage: options.fullPage ?? true });
    await expectAxeClean(page, `${name} ${lang} ${size.label}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} ${lang} ${size.label} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

const TEXT = {
  he: {
    sunday: 'א׳',
    sundayName: 'יום ראשון',
    previousMonth: 'החודש הקודם',
    chooseDate: 'בחירת תאריך',
    showPlaces: 'הצגת המקומות',
    notAnImage: 'אפשר להעלות רק תמונה',
  },
  en: {
    sunday: 'S',
    sundayName: 'Sunday',
    previousMonth: 'Previous month',
    chooseDate: 'Choose date',
    showPlaces: 'Show places',
    notAnImage: 'Only JPEG, PNG, WebP or HEIC',
  },
} as const;

/** A tiny real PNG (2×2), enough for the first-bytes test and a size under a kilobyte. */
const tinyPng = (): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const lilacRow = [0, 0xee, 0xeb, 0xfd, 0xee, 0xeb, 0xfd];
  const pixels = deflateSync(Buffer.from([...lilacRow, ...lilacRow]));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
};

describe.each(['he', 'en'] as const)('forms and pickers in %s (browser in en-US)', (lang) => {
  let host: Host;
  let context: BrowserContext;
  let page: Page;
  let eventId: string;
  const text = TEXT[lang];

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'forms');
    eventId = await createEventViaApi(app, host, { lang, name: lang === 'he' ? 'החתונה של נועה' : "Noa's wedding", daysAway: 60 });
    context = await contextInEnglishBrowser(host, lang);
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows the date as dd/MM/yyyy and the time in 24 hours, and saves what is typed', async () => {
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    const saved = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { date: string; time: string };
    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await page.waitForSelector('input[name="date"]');
    expect(await pickerText(page, 'date')).toBe(asPickerDate(saved.date));
    expect(await pickerText(page, 'time')).toBe('19:30');

    // Typed as a host types it: day, month, year; hours and minutes.
    const newDate = addDays(todayInBusinessZone(), 75);
    await typeDate(page, 'date', newDate);
    await typeTime(page, 'time', '21:05');
    expect(await pickerText(page, 'date')).toBe(asPickerDate(newDate));
    expect(await pickerText(page, 'time')).toBe('21:05');
    expect(await pickerGroup(page, 'date').getAttribute('aria-invalid')).toBe('false');
    await shoot(page, 'forms-when-where', lang);

    // The location picker's buttons speak the page's language.
    expect(await page.locator('[data-testid="location-field"] button[aria-label]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toContain(
      text.showPlaces,
    );

    await page.click('[data-testid="settings-save"]');
    await expect
      .poll(async () => {
        const event = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { date: string; time: string };
        return `${event.date} ${event.time}`;
      })
      .toBe(`${newDate} 21:05`);
  });

  it('opens a calendar that starts on Sunday and names its buttons in the language', async () => {
    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await page.waitForSelector('input[name="date"]');
    const calendar = '[role="dialog"]:has([role="grid"])';
    const open = async () => {
      if (await page.locator(calendar).isVisible()) return;
      await page.click(`button[aria-label^="${text.chooseDate}"]`);
      await page.waitForSelector(calendar);
    };
    await open();
    const headers = await page.locator(`${calendar} [role="columnheader"]`).allTextContents();
    expect(headers).toHaveLength(7);
    expect(headers[0]).toBe(text.sunday);
    expect(await page.locator(`${calendar} [role="columnheader"]`).first().getAttribute('aria-label')).toBe(text.sundayName);
    expect(await page.locator(`${calendar} button[aria-label="${text.previousMonth}"]`).count()).toBe(1);
    await shoot(page, 'forms-calendar', lang, { fullPage: false, each: open });
    await page.keyboard.press('Escape');
  });

  it('refuses a file that is not an image as soon as it is picked', async () => {
    await page.goto(`${app.url}/event/${eventId}/settings/image`);
    await page.waitForSelector('[data-testid="image-drop"]');
    await page.setInputFiles('[data-testid="image-input"]', { name: 'guest-list.txt', mimeType: 'text/plain', buffer: Buffer.from('Dana Levi, 0521234567\n') });
    await expect.poll(() => page.locator('[role="alert"]').allTextContents()).toEqual([expect.stringContaining(text.notAnImage)]);
    expect(await page.locator('[data-testid="image-file"]').count()).toBe(0);

    // A text file named like a picture is told by its first bytes, before anything is sent.
    await page.setInputFiles('[data-testid="image-input"]', { name: 'invitation.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture at all') });
    // Read in the browser from the file's first bytes: once the page has drawn, a picture would be listed.
    await settled(page);
    expect(await page.locator('[data-testid="image-file"]').count()).toBe(0);
    expect(await page.locator('[role="alert"]').allTextContents()).toEqual([expect.stringContaining(text.notAnImage)]);
    await shoot(page, 'forms-image-refused', lang);

    // A real picture clears the message; its size reads number then unit, isolated as one token.
    await page.setInputFiles('[data-testid="image-input"]', { name: 'invitation.png', mimeType: 'image/png', buffer: tinyPng() });
    await page.waitForSelector('[data-testid="image-file"]');
    expect(await page.locator('[role="alert"]').count()).toBe(0);
    expect(await page.textContent('[data-testid="image-file"]')).toContain('\u20661\u00a0KB\u2069');
    await shoot(page, 'forms-image-picked', lang);
  });

  it('gives every footer link a 44 px tall target', async () => {
    for (const url of ['/manage-events', `/event/${eventId}/statistics`]) {
      await page.goto(`${app.url}${url}`);
      await page.waitForSelector('footer a[href^="mailto:"]');
      for (const size of SIZES) {
        await page.setViewportSize({ width: size.width, height: size.height });
        const heights = await page.locator('footer a').evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().height)));
        expect(heights.length, url).toBeGreaterThanOrEqual(3);
        for (const height of heights) expect(height, `${url} ${size.label}`).toBeGreaterThanOrEqual(44);
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/manage-events`);
    await page.waitForSelector('footer a[href^="mailto:"]');
    await shoot(page, 'forms-footer', lang);
  });

  it("puts the user menu's icons on the side of the side menu's", async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('nav a[href$="/settings"] svg');
    /** +1 when an item's icon is right of its text, −1 when left. */
    const iconSide = (item: string) =>
      page.locator(item).first().evaluate((element) => {
        const icon = element.querySelector('svg')!.getBoundingClientRect();
        const label = element.querySelector('.MuiListItemText-root')!.getBoundingClientRect();
        return Math.sign(icon.left + icon.width / 2 - (label.left + label.width / 2));
      });
    const sideMenu = await iconSide('nav a[href$="/settings"]');
    expect(sideMenu).toBe(lang === 'he' ? 1 : -1);
    await page.click('[data-testid="user-menu"]');
    await page.waitForSelector('[role="menu"] [role="menuitem"]');
    expect(await iconSide('[role="menu"] [role="menuitem"]')).toBe(sideMenu);
    expect(await iconSide('[data-testid="logout"]')).toBe(sideMenu);
    await page.keyboard.press('Escape');
  });
});
