import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { plain, shoot, textOf } from './invitation-kit.js';
import { msgText, payForEventViaApi } from './messaging-kit.js';

/**
 * Issue 18, the host's view: a paid event's invitation text edited with the placeholder chips (inserted at the
 * caret), in review then approved by the sandbox reviewer; the timing screen, round 1 started by hand after its
 * preview; the guest list's progress column and the dashboard's funnel fill as the sandbox reports arrive; the
 * guest's history. Hebrew and English, phone and desktop, axe clean.
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
  he: { event: 'החתונה של שירה ועומר', guests: ['דנה כהן', 'יוסי לוי'] },
  en: { event: "Shira & Omer's wedding", guests: ['Dana Cohen', 'Yossi Levi'] },
} as const;

describe.each(['he', 'en'] as const)('messages, in %s', (lang) => {
  const names = NAMES[lang];
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'messaging');
    eventId = await createEventViaApi(app, host, { lang, name: names.event });
    for (const [index, fullName] of names.guests.entries()) await addGuestViaApi(app, host, eventId, { fullName, phoneNumber: `052-555-61${lang === 'he' ? 1 : 2}${index}`, lang });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows what is left on the dashboard and that messages wait for payment', async () => {
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="setup-checklist"]');
    expect(await page.getAttribute('[data-testid="setup-guests"]', 'data-done')).toBe('true');
    expect(await page.getAttribute('[data-testid="setup-payment"]', 'data-done')).toBe('false');
    await page.goto(`${app.url}/event/${eventId}/guest/timing`);
    await page.waitForSelector('[data-testid="timing-unpaid"]');
    await page.waitForSelector('[data-testid="timing-round1"]');
  });

  it('edits the invitation with the chips, waits for review, and sees it approved', async () => {
    await payForEventViaApi(app, host, eventId);
    await page.goto(`${app.url}/event/${eventId}/message-template`);
    const field = page.locator('[data-testid="template-text"]');
    await field.waitFor();
    expect(await page.getAttribute('[data-testid="template-status"]', 'data-status')).toBe('default');
    // A text without the link is refused by the server, under the field.
    await field.fill(lang === 'he' ? 'שלום , מחכים לכם!' : 'Hello , we are waiting for you!');
    await field.evaluate((element: HTMLTextAreaElement, at: number) => element.setSelectionRange(at, at), lang === 'he' ? 5 : 6);
    await page.click('[data-testid="chip-guestName"]');
    expect(await field.inputValue()).toBe(lang === 'he' ? 'שלום {guestName}, מחכים לכם!' : 'Hello {guestName}, we are waiting for you!');
    expect(await textOf(page, '[data-testid="preview-bubble"]')).toContain(lang === 'he' ? 'שלום דנה כהן' : 'Hello Dana Cohen');
    await page.click('[data-testid="save-template"]');
    await page.getByText(msgText(lang, 'validation.templateNeedsPlaceholder', { name: '{link}' })).waitFor();
    await field.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(element.value.length, element.value.length));
    await page.click('[data-testid="chip-link"]');
    // WhatsApp refuses a body ending with a variable: rejected at once, with the reason and how to resubmit.
    await page.click('[data-testid="save-template"]');
    await page.waitForSelector('[data-testid="template-status"][data-status="rejected"]', { timeout: 15_000 });
    expect(await textOf(page, '[data-testid="template-rejected"]')).toContain(msgText(lang, 'messaging.templates.editToResubmit'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'messaging-template-rejected', lang);
    await field.fill(`${await field.inputValue()} ${lang === 'he' ? 'נתראה!' : 'See you!'}`);
    await page.click('[data-testid="save-template"]');
    await page.waitForSelector('[data-testid="template-status"][data-status="pendingApproval"]');
    expect(plain(await page.textContent('[data-testid="template-status"]'))).toBe(msgText(lang, 'messaging.templateStatus.pendingApproval'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'messaging-template-pending', lang);
    await page.waitForSelector('[data-testid="template-status"][data-status="approved"]', { timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'messaging-template-approved', lang);
  });

  it('starts round 1 by hand after its preview; the progress column and the funnel fill', async () => {
    await page.goto(`${app.url}/event/${eventId}/guest/timing`);
    await page.waitForSelector('[data-testid="timing-round1"] [data-testid="action-state"][data-state="scheduled"]');
    expect(await page.locator('[data-testid="timing-unpaid"]').count()).toBe(0);
    // The host switches the thank-you message off and saves: that action is off, the rest untouched.
    await page.click('[data-testid="timing-thanks"] input[type="checkbox"]');
    await page.click('[data-testid="timing-thanks"] [data-testid="save-timing"]');
    await page.waitForSelector('[data-testid="timing-thanks"] [data-testid="action-state"][data-state="disabled"]');
    const saved = (await callApi(app, host, 'GET', `/actionTiming/${eventId}`)) as { actions: { action: string; enabled: boolean }[] };
    expect(saved.actions.find((action) => action.action === 'thanks')?.enabled).toBe(false);
    expect(saved.actions.find((action) => action.action === 'round1')?.enabled).toBe(true);
    await shoot(page, 'messaging-timing', lang);
    await page.click('[data-testid="timing-round1"] [data-testid="start-action"]');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="start-preview"]')?.textContent ?? ''));
    expect(await textOf(page, '[data-testid="start-preview"]')).toContain('2');
    await page.getByRole('button', { name: msgText(lang, 'messaging.timing.startConfirm') }).click();
    await page.waitForSelector('[data-testid="timing-round1"] [data-testid="action-state"]:is([data-state="running"], [data-state="done"])');

    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="message-mark"][data-type="1"]', { timeout: 30_000 });
    // The sandbox reads a WhatsApp message within seconds; the list refreshes as the host comes back to it.
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await page.locator('[data-testid="message-mark"][data-state="read"]').count()) < 2) {
      await page.waitForTimeout(1500);
      await page.reload();
      await page.waitForSelector('[data-testid="guest-row"]');
    }
    const label = await page.getAttribute('[data-testid="message-mark"][data-type="1"]', 'aria-label');
    expect(label).toContain(msgText(lang, 'messaging.types.1'));
    await shoot(page, 'messaging-guest-list', lang);

    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="funnel-card-round1"]', { timeout: 30_000 });
    expect(Number(await textOf(page, '[data-testid="funnel-card-round1"] [data-testid="funnel-frozen-count"]'))).toBe(2);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="funnel-card-round1"] [data-testid="funnel-sent-count"]')?.textContent?.replace(/\D/g, '')) + Number(document.querySelector('[data-testid="funnel-card-round1"] [data-testid="funnel-read-count"]')?.textContent?.replace(/\D/g, '')) > 0, undefined, { timeout: 30_000 });
    await shoot(page, 'messaging-funnel', lang);
  });

  it("shows the guest's message history with the text as sent", async () => {
    const guests = (await callApi(app, host, 'GET', `/guests/list/${eventId}?sort=name`)) as { items: { id: string; fullName: string }[] };
    const dana = guests.items.find((guest) => guest.fullName === names.guests[0])!;
    await page.goto(`${app.url}/event/${eventId}/guest/edit/${dana.id}`);
    await page.waitForSelector('[data-testid="history-item"]');
    await page.getByRole('button', { name: msgText(lang, 'messaging.history.showText') }).first().click();
    expect(await textOf(page, '[data-testid="message-history"]')).toContain(names.guests[0]);
    await shoot(page, 'messaging-history', lang);
  });
});
