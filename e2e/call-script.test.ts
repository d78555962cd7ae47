import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, API_HEADERS, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { shoot, textOf } from './invitation-kit.js';
import { msgText, payForEventViaApi } from './messaging-kit.js';
import { payViaSandbox } from './payment-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 20, the call script page (`/event/:id/call-messages`): a premium host edits the five parts with the
 * placeholder chips, saves (a reload shows the text), and hears the call through text-to-speech; a host on the
 * basic package sees the script read-only with the way to upgrade, and can still listen. Hebrew and English,
 * phone and desktop, axe clean, right to left in Hebrew.
 */
let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});


/** A text of the call script page in `lang`, `{{values}}` filled, as `plain()` reads the page. */
const callScriptTexts = appTexts(['call-script']);
const csText = (lang: string, key: string, values: Record<string, string | number> = {}): string => callScriptTexts(lang, `callScript.${key}`, values);

/** Buys the premium package (2: messages and calls) through the API and the sandbox provider's form. */
const payPremiumViaApi = async (host: Host, eventId: string): Promise<void> => {
  await callApi(app, host, 'POST', `/event/includeCallsPreference/${eventId}`, { includeCalls: true });
  await payViaSandbox(app, host, eventId, { packageId: 2, inviteeCount: 100 });
};

/** Plays the whole call and waits until the page's audio element holds the speech (a blob with a length). */
const listenToWholeCall = async (page: Page) => {
  const speech = page.waitForResponse((response) => response.url().includes('/api/text-to-speech/') && response.request().method() === 'POST');
  await page.click('[data-testid="listen-whole"]');
  const response = await speech;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^audio\/(wav|x-wav|wave|mpeg)/);
  await page.waitForFunction(
    () => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="call-audio"]');
      return Boolean(audio && audio.src.startsWith('blob:') && Number.isFinite(audio.duration) && audio.duration > 0);
    },
    undefined,
    { timeout: 30_000 },
  );
};

const NAMES = {
  he: { event: 'החתונה של מיכל ואורי', guest: 'רונית אברהם', greeting: 'שלום ', added: 'מה שלומך?' },
  en: { event: "Michal & Uri's wedding", guest: 'Ronit Avraham', greeting: 'Hello ', added: 'How are you?' },
} as const;

describe.each(['he', 'en'] as const)('call script, in %s', (lang) => {
  const names = NAMES[lang];
  let premiumHost: Host;
  let premiumEventId: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    premiumHost = await signUpHost(app, lang, 'call-script');
    premiumEventId = await createEventViaApi(app, premiumHost, { lang, name: names.event });
    await addGuestViaApi(app, premiumHost, premiumEventId, { fullName: names.guest, phoneNumber: `052-555-71${lang === 'he' ? 1 : 2}0`, countOfInvites: 3, lang });
    await callApi(app, premiumHost, 'PUT', '/user/guide-tour', { on: false });
    await payPremiumViaApi(premiumHost, premiumEventId);
    context = await contextWithSession(browser, premiumHost, lang);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('a premium host edits the script with the chips, sees a refused placeholder, saves, and a reload shows it', async () => {
    // Premium with calls on: the Calls tab leads here.
    await page.goto(`${app.url}/event/${premiumEventId}/guest/list`);
    await page.click(`[data-testid="tab-bar"] a[href="/event/${premiumEventId}/call-messages"]`);
    await page.waitForURL(`${app.url}/event/${premiumEventId}/call-messages`);
    const greeting = page.locator('[data-testid="call-text-greeting"]');
    await greeting.waitFor();
    expect(await page.getAttribute('[data-testid="call-script-status"]', 'data-own')).toBe('false');
    expect(await page.locator('[data-testid="call-upgrade"]').count()).toBe(0);
    // The default script is there, filled for the first guest in the preview (each shows once its answer came).
    await expect.poll(async () => (await greeting.inputValue()).length).toBeGreaterThan(0);
    await expect.poll(() => textOf(page, '[data-testid="call-preview-for"]')).toContain(names.guest);
    if (lang === 'he') {
      expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await page.locator('[data-testid="call-script-form-he"]').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
      // The form sits on the right of the preview on a desktop (right to left).
      await page.setViewportSize({ width: 1440, height: 900 });
      const form = (await page.locator('[data-testid="call-script-form-he"]').boundingBox())!;
      const preview = (await page.locator('[data-testid="call-preview"]').boundingBox())!;
      expect(form.x).toBeGreaterThan(preview.x);
      await page.setViewportSize({ width: 390, height: 844 });
    }

    // The chip goes in at the caret.
    await greeting.fill(`${names.greeting}, ${names.added}`);
    await greeting.evaluate((element: HTMLTextAreaElement, at: number) => element.setSelectionRange(at, at), names.greeting.length);
    await page.click('[data-testid="chip-greeting-guestName"]');
    const expected = `${names.greeting}{guestName}, ${names.added}`;
    expect(await greeting.inputValue()).toBe(expected);
    await page.waitForSelector('[data-testid="call-script-unsaved"]');
    await expect.poll(() => textOf(page, '[data-testid="call-transcript"] [data-part="greeting"]')).toContain(`${names.greeting}${names.guest}, ${names.added}`.trim());

    // A placeholder calls do not know is refused by the server, under its field.
    const question = page.locator('[data-testid="call-text-question"]');
    const question0 = await question.inputValue();
    await question.fill(`${question0} {link}`);
    await page.click('[data-testid="call-script-save"]');
    await page.getByText(msgText(lang, 'validation.templateUnknownPlaceholder', { name: '{link}' })).waitFor();
    await question.fill(question0);
    await page.click('[data-testid="call-script-save"]');
    await page.waitForSelector('[data-testid="call-script-status"][data-own="true"]');
    await page.getByText(csText(lang, 'saved')).waitFor();
    expect(await page.locator('[data-testid="call-script-unsaved"]').count()).toBe(0);

    const saved = (await callApi(app, premiumHost, 'GET', `/voiceTemplate/${premiumEventId}`)) as { templates: { lang: string; parts: { greeting: string } }[] };
    expect(saved.templates.find((template) => template.lang === lang)?.parts.greeting).toBe(expected);
    await page.reload();
    await greeting.waitFor();
    await expect.poll(() => greeting.inputValue()).toBe(expected);
    expect(await page.getAttribute('[data-testid="call-script-status"]', 'data-own')).toBe('true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, 'call-script-premium', lang);

    // Restore puts the suggested text back in the form; saving it removes the host's own script.
    await page.click('[data-testid="call-script-restore"]');
    await expect.poll(() => greeting.inputValue()).not.toBe(expected);
    await page.waitForSelector('[data-testid="call-script-unsaved"]');
    await page.click('[data-testid="call-script-save"]');
    await page.waitForSelector('[data-testid="call-script-status"][data-own="false"]');
    expect(await page.locator('[data-testid="call-script-restore"]').isDisabled()).toBe(true);
    const restored = (await callApi(app, premiumHost, 'GET', `/voiceTemplate/${premiumEventId}`)) as { templates: { lang: string }[]; defaults: { lang: string; parts: { greeting: string } }[] };
    expect(restored.templates.filter((template) => template.lang === lang)).toEqual([]);
    await expect.poll(() => greeting.inputValue()).toBe(restored.defaults.find((template) => template.lang === lang)?.parts.greeting);
  });

  it('plays one part and the whole call through text-to-speech, and stops', async () => {
    await page.goto(`${app.url}/event/${premiumEventId}/call-messages`);
    await page.waitForSelector('[data-testid="listen-whole"]');
    const speech = page.waitForResponse((response) => response.url().includes('/api/text-to-speech/'));
    await page.click('[data-testid="listen-greeting"]');
    const body = (await speech).request().postDataJSON() as { lang: string; text: string };
    expect(body.lang).toBe(lang);
    expect(body.text).toContain(names.guest);
    expect(body.text).not.toContain('{');
    // The greeting plays (or has already ended); Stop silences it.
    await page.waitForFunction(() => {
      const audio = document.querySelector<HTMLAudioElement>('[data-testid="call-audio"]');
      return Boolean(audio && audio.src.startsWith('blob:') && audio.dataset.state !== 'loading');
    });
    if ((await page.getAttribute('[data-testid="call-audio"]', 'data-state')) === 'playing') {
      await page.click('[data-testid="listen-greeting"]');
      await page.waitForSelector('[data-testid="call-audio"][data-state="idle"]', { state: 'attached' });
      expect(await page.locator('[data-testid="call-audio"]').evaluate((audio: HTMLAudioElement) => audio.paused)).toBe(true);
    }

    await listenToWholeCall(page);
    // The guest has three invites, so the call asks how many are coming.
    expect(await page.locator('[data-testid="call-transcript"] [data-part="count"]').count()).toBe(1);
    expect(await textOf(page, '[data-testid="call-transcript"] [data-part="greeting"]')).toContain(names.guest);
  });

  it('a basic-package host sees the script read-only with the upgrade prompt, and can still listen', async () => {
    const host = await signUpHost(app, lang, 'call-script-basic');
    const eventId = await createEventViaApi(app, host, { lang, name: names.event });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    await payForEventViaApi(app, host, eventId);
    // Calls switched on, yet the package is basic: no Calls tab.
    await callApi(app, host, 'POST', `/event/includeCallsPreference/${eventId}`, { includeCalls: true });
    const event = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { includeCallsPreference: boolean; orderPackageId: number | null };
    expect([event.includeCallsPreference, event.orderPackageId]).toEqual([true, 1]);
    const basicContext = await contextWithSession(browser, host, lang);
    try {
      const basicPage = await basicContext.newPage();
      await basicPage.goto(`${app.url}/event/${eventId}/guest/list`);
      await basicPage.waitForSelector(`[data-testid="tab-bar"] a[href="/event/${eventId}/guest/timing"]`);
      expect(await basicPage.locator(`[data-testid="tab-bar"] a[href="/event/${eventId}/call-messages"]`).count()).toBe(0);
      await basicPage.goto(`${app.url}/event/${eventId}/call-messages`);
      await basicPage.waitForSelector('[data-testid="call-upgrade"]');
      // The report says calls are premium and leads to the upgrade, not "start it from the timing screen".
      await basicPage.waitForSelector('[data-testid="call-report-empty"][data-access="premium"]');
      expect(await basicPage.getAttribute('[data-testid="call-report-next"]', 'href')).toBe(`/pricing/${eventId}`);
      expect(await basicPage.getAttribute('[data-testid="call-upgrade-link"]', 'href')).toBe(`/pricing/${eventId}`);
      expect(await textOf(basicPage, '[data-testid="call-upgrade"]')).toContain(csText(lang, 'upgrade.title'));
      const greeting = basicPage.locator('[data-testid="call-text-greeting"]');
      expect(await greeting.getAttribute('readonly')).not.toBeNull();
      const before = await greeting.inputValue();
      await greeting.press('End');
      await basicPage.keyboard.type('xyz');
      expect(await greeting.inputValue()).toBe(before);
      expect(await basicPage.locator('[data-testid="call-script-save"]').count()).toBe(0);
      expect(await basicPage.locator('[data-testid="chip-greeting-guestName"]').count()).toBe(0);
      // No guest yet: the preview speaks to a sample guest.
      expect(await textOf(basicPage, '[data-testid="call-preview-for"]')).toContain(csText(lang, 'preview.sampleName'));
      await listenToWholeCall(basicPage);
      // The server refuses an edit too.
      const refused = await fetch(`${app.url}/api/voiceTemplate/edit/${eventId}`, {
        method: 'POST',
        headers: { ...API_HEADERS, authorization: `Bearer ${host.token}` },
        body: JSON.stringify({ lang, parts: { greeting: 'a', invitation: 'b', question: 'c', count: 'd', closing: 'e' } }),
      });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('PREMIUM_REQUIRED');
      await basicPage.evaluate(() => window.scrollTo(0, 0));
      await shoot(basicPage, 'call-script-basic', lang);
    } finally {
      await basicContext.close();
    }
  });
});
