import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { plain, shoot, textOf } from './invitation-kit.js';
import { msgText, payForEventViaApi } from './messaging-kit.js';
import { typeDate } from './picker-fields.js';

/**
 * Issue 32, the save-the-date: off by default on the timing screen; the host turns it on at another day, edits its
 * text in the template editor (approved by the sandbox reviewer), starts it, and sees its mark in the guest list's
 * progress column and its card in the funnel. Hebrew and English, phone and desktop, axe clean.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off', SENDING_HOURS: 'always', SANDBOX_TEMPLATE_REVIEW_SECONDS: '2' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const NAMES = {
  he: { event: 'החתונה של מיכל ואורי', guests: ['רונית אזולאי', 'אבי מזרחי'], text: 'שלום {guestName}, שמרו את התאריך של {eventName}: {date}. ההזמנה בדרך!' },
  en: { event: "Michal & Uri's wedding", guests: ['Ronit Azoulay', 'Avi Mizrahi'], text: 'Hello {guestName}, save the date for {eventName}: {date}. The invitation will follow!' },
} as const;

type Timings = { actions: { action: string; enabled: boolean; sendAt: string; state: string }[] };

describe.each(['he', 'en'] as const)('save-the-date, in %s', (lang) => {
  const names = NAMES[lang];
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'savedate');
    eventId = await createEventViaApi(app, host, { lang, name: names.event });
    for (const [index, fullName] of names.guests.entries()) await addGuestViaApi(app, host, eventId, { fullName, phoneNumber: `052-555-72${lang === 'he' ? 1 : 2}${index}`, lang });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    await payForEventViaApi(app, host, eventId);
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('is off on the timing screen; the host turns it on at another day', async () => {
    await page.goto(`${app.url}/event/${eventId}/guest/timing`);
    const card = page.locator('[data-testid="timing-saveTheDate"]');
    await card.locator('[data-testid="action-state"][data-state="disabled"]').waitFor();
    // First, before the invitation rounds, with its words.
    expect(await page.locator('section[data-testid^="timing-"]').first().getAttribute('data-testid')).toBe('timing-saveTheDate');
    expect(plain(await card.locator('h2').textContent())).toBe(msgText(lang, 'messaging.actions.saveTheDate'));
    expect(await textOf(page, '[data-testid="save-the-date-hint"]')).toBe(msgText(lang, 'messaging.timing.saveTheDateHint'));
    await shoot(page, 'save-the-date-timing-off', lang);

    const day = addDays(todayInBusinessZone(), 25);
    await typeDate(page, 'sendAt-saveTheDate-date', day);
    await card.locator('input[type="checkbox"]').click();
    await card.locator('[data-testid="save-timing"]').click();
    await card.locator('[data-testid="action-state"][data-state="scheduled"]').waitFor();
    const saved = ((await callApi(app, host, 'GET', `/actionTiming/${eventId}`)) as Timings).actions.find((a) => a.action === 'saveTheDate');
    expect(saved).toMatchObject({ enabled: true, state: 'scheduled' });
    expect(saved!.sendAt.startsWith(day)).toBe(true);
    await shoot(page, 'save-the-date-timing-on', lang);
  });

  it('edits its text in the template editor, approved by the review', async () => {
    await page.goto(`${app.url}/event/${eventId}/message-template`);
    await page.locator('[data-testid="template-text"]').waitFor();
    await page.getByRole('tab', { name: msgText(lang, 'messaging.purposes.saveTheDate') }).click();
    await page.locator('[data-testid="save-the-date-template-hint"]').waitFor();
    const field = page.locator('[data-testid="template-text"]');
    await expect.poll(() => field.inputValue()).toContain('{eventName}');
    expect(await field.inputValue()).not.toContain('{link}');
    await field.fill(names.text);
    expect(await textOf(page, '[data-testid="preview-bubble"]')).toContain(names.event);
    await page.click('[data-testid="save-template"]');
    await page.waitForSelector('[data-testid="template-status"][data-status="approved"]', { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'save-the-date-template', lang);
  });

  it('goes when started, and shows in the progress column and the funnel', async () => {
    await page.goto(`${app.url}/event/${eventId}/guest/timing`);
    await page.click('[data-testid="timing-saveTheDate"] [data-testid="start-action"]');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="start-preview"]')?.textContent ?? ''));
    await page.getByRole('button', { name: msgText(lang, 'messaging.timing.startConfirm') }).click();
    await page.waitForSelector('[data-testid="timing-saveTheDate"] [data-testid="action-state"]:is([data-state="running"], [data-state="done"])');

    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.waitForSelector('[data-testid="guest-row"]');
          return page.locator('[data-testid="message-mark"][data-type="5"]').count();
        },
        { timeout: 30_000, interval: 1_500 },
      )
      .toBe(2);
    expect(await page.getAttribute('[data-testid="message-mark"][data-type="5"]', 'aria-label')).toContain(msgText(lang, 'messaging.types.5'));
    await shoot(page, 'save-the-date-guest-list', lang);

    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="funnel-card-saveTheDate"]', { timeout: 30_000 });
    expect(Number(await textOf(page, '[data-testid="funnel-card-saveTheDate"] [data-testid="funnel-frozen-count"]'))).toBe(2);
    // Nothing is asked: no "answered" step.
    expect(await page.locator('[data-testid="funnel-card-saveTheDate"] [data-testid="funnel-answered"]').count()).toBe(0);
    await shoot(page, 'save-the-date-funnel', lang);
  });
});
