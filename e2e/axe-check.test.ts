import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, seriousAxeViolations } from './harness.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// Every journey's accessibility check goes through seriousAxeViolations: it must still see a fault, on a page's
// first run and on a later one in the same document (axe is injected once per document).
it('finds serious violations on a first run and again after the page changed, and none on a clean page', async () => {
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="he" dir="rtl"><head><title>בדיקה</title></head><body><main><h1>מגיעים</h1>' +
      '<p style="color:#bbb;background:#fff">טקסט חיוור מדי</p></main></body></html>',
  );
  expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual(['color-contrast']);

  await page.evaluate(() => {
    document.querySelector('p')!.style.color = '#222';
    const button = document.createElement('button');
    document.querySelector('main')!.append(button);
  });
  expect(await page.evaluate(() => 'axe' in window)).toBe(true);
  expect((await seriousAxeViolations(page)).map((v) => v.id)).toEqual(['button-name']);

  await page.evaluate(() => document.querySelector('button')!.append('שמירה'));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.close();
});

it('reports a text key shown instead of its text, in the page or a label, and not a name that only looks like one', async () => {
  const page = await browser.newPage();
  await page.setContent(
    '<!doctype html><html lang="he" dir="rtl"><head><title>בדיקה</title></head><body><main><h1>מגיעים</h1>' +
      '<p>statistics.title</p><p>waze.com</p><button aria-label="events.delete.title">×</button></main></body></html>',
  );
  const violations = await seriousAxeViolations(page);
  expect(violations.map((v) => v.id)).toEqual(['raw-text-key']);
  expect(violations[0]!.help).toContain('statistics.title, events.delete.title');

  await page.evaluate(() => {
    document.querySelector('p')!.textContent = 'סיכום';
    document.querySelector('button')!.setAttribute('aria-label', 'מחיקה');
  });
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.close();
});
