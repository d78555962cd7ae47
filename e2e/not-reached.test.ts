import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { plain, shoot } from './invitation-kit.js';
import { msgText, payForEventViaApi } from './messaging-kit.js';

/**
 * Issue 27 §2: after a round where some guests got nothing on either channel, the guest list's "not reached"
 * filter shows their count and only them, each with a readable reason (no raw code); on a phone (no hover) a tap
 * on a guest's progress mark opens their message history, each message with its state and reason in words.
 * The sandbox: a number ending in 2 fails on WhatsApp and on SMS; any other is delivered.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off', SENDING_HOURS: 'always' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const GUESTS = {
  he: [
    { fullName: 'דנה כהן', phoneNumber: '052-555-7412' },
    { fullName: 'יוסי לוי', phoneNumber: '052-555-7422' },
    { fullName: 'רותי ברק', phoneNumber: '052-555-7434' },
  ],
  en: [
    { fullName: 'Dana Cohen', phoneNumber: '052-555-7512' },
    { fullName: 'Yossi Levi', phoneNumber: '052-555-7522' },
    { fullName: 'Ruti Barak', phoneNumber: '052-555-7534' },
  ],
} as const;
/** Raw codes that must never reach the screen. */
const RAW = /undeliverable|131049|round1|notReached/;

describe.each(['he', 'en'] as const)('not reached, in %s', (lang) => {
  let host: Host;
  let eventId: string;
  let page: Page;

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'notreached');
    eventId = await createEventViaApi(app, host, { lang, name: lang === 'he' ? 'החתונה של מאיה' : "Maya's wedding" });
    for (const guest of GUESTS[lang]) await addGuestViaApi(app, host, eventId, { ...guest, lang });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    await payForEventViaApi(app, host, eventId);
    await callApi(app, host, 'POST', `/actionTiming/${eventId}/start`, { action: 'round1' });
    // Every guest's invitation settles: two fail on both channels, one is delivered.
    await vi.waitFor(
      async () => {
        const list = (await callApi(app, host, 'GET', `/guests/list/${eventId}?status=notReached`)) as { items: unknown[] };
        expect(list.items).toHaveLength(2);
      },
      { timeout: 60_000, interval: 1_000 },
    );
    page = await (await contextWithSession(browser, host, lang)).newPage();
    // A phone: no hover.
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it('the filter shows the count and only the guests not reached, each with a readable reason', async () => {
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    const chip = page.locator('[data-testid="filter-notReached"]');
    await chip.waitFor();
    // "Not reached 2": the count beside the words.
    const chipText = plain(await chip.textContent());
    expect(chipText).toMatch(/\D2$/);
    expect(chipText).not.toMatch(RAW);
    await chip.click();
    await expect.poll(() => page.locator('[data-testid="guest-row"]').count(), { timeout: 10_000 }).toBe(2);
    const rows = page.locator('[data-testid="guest-row"]');
    const names = (await rows.allTextContents()).map(plain).join(' | ');
    expect(names).toContain(GUESTS[lang][0].fullName);
    expect(names).toContain(GUESTS[lang][1].fullName);
    expect(names).not.toContain(GUESTS[lang][2].fullName);
    // Each guest's mark says what failed and why, in words.
    const labels = await page.locator('[data-testid="guest-row"] [data-testid="message-mark"]').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const because = msgText(lang, 'messaging.reasons.undeliverable');
    for (const label of labels) {
      expect(label).toContain(because);
      expect(label).not.toMatch(RAW);
    }
    expect(plain(await page.textContent('main'))).not.toMatch(RAW);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'not-reached-filter', lang);
  });

  it('a tap on a guest’s progress mark opens their message history, with the reason in words', async () => {
    const open = page.locator('[data-testid="guest-row"]', { hasText: GUESTS[lang][1].fullName }).locator('[data-testid="open-message-history"]').first();
    // A tap is a click on a phone: no hover is needed to read the history.
    await open.click();
    const dialog = page.locator('[data-testid="message-history-dialog"]');
    await dialog.waitFor();
    await dialog.locator('[data-testid="history-item"]').first().waitFor();
    const history = plain(await dialog.textContent());
    expect(history).toContain(msgText(lang, 'messaging.reasons.undeliverable'));
    expect(history).not.toMatch(RAW);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'not-reached-history', lang);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
