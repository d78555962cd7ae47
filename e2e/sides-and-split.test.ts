import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { expectAxeClean, expectNoSidewaysScroll, plain, textOf } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/**
 * Issue 32, the couple's sides and the household split on the host's screens: the host names the two sides in the
 * event settings, adds a guest of one side, filters the list by side, sees attendance by side on the statistics,
 * then turns "ask children separately" on and finds the "with children" chip on the list. Hebrew at 390 px,
 * English at 1440 px, axe clean.
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

/** A text of the web app in `lang` (core file and feature fragments), as `plain()` reads the page. */
const text = appTexts(['statistics', 'events', 'guests']);

const NAMES = {
  he: { event: 'החתונה של דנה ויואב', a: 'דנה', b: 'יואב', first: 'רונית אזולאי', added: 'אבי מזרחי', phone: '052-555-8101' },
  en: { event: "Dana & Yoav's wedding", a: 'Dana', b: 'Yoav', first: 'Ronit Azoulay', added: 'Avi Mizrahi', phone: '052-555-8102' },
} as const;

describe.each([
  ['he', 390],
  ['en', 1440],
] as const)('sides and split, in %s at %i px', (lang, width) => {
  const names = NAMES[lang];
  const desktop = width > 900;
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'sides');
    eventId = await createEventViaApi(app, host, { lang, name: names.event });
    await addGuestViaApi(app, host, eventId, { fullName: names.first, phoneNumber: `052-555-82${lang === 'he' ? 1 : 2}0`, countOfInvites: 2, lang });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
    await page.setViewportSize({ width, height: desktop ? 900 : 844 });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('names the two sides in the event settings (the defaults as placeholders)', async () => {
    await page.goto(`${app.url}/event/${eventId}/settings`);
    const card = page.locator('[data-testid="side-labels"]');
    const a = card.locator('[data-testid="side-label-a"]');
    await expect.poll(() => a.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await a.getAttribute('placeholder')).toBe(lang === 'he' ? 'צד א׳' : 'Side A');
    await a.fill(names.a);
    await card.locator('[data-testid="side-label-b"]').fill(names.b);
    await card.locator('[data-testid="side-labels-save"]').click();
    await expect.poll(() => textOf(page, '[data-testid="toast"]')).toBe(text(lang, 'eventSettings.sides.saved'));
    expect(await callApi(app, host, 'GET', `/guests/sides/${eventId}`)).toEqual({ a: names.a, b: names.b });
    await card.scrollIntoViewIfNeeded();
    await expectAxeClean(page, `side labels ${lang} ${width}`);
    await expectNoSidewaysScroll(page, width, `side labels ${lang}`);
  });

  it('adds a guest of one side and filters the list by side', async () => {
    await page.setViewportSize({ width, height: desktop ? 900 : 844 });
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.locator('[data-testid="guest-row"]').first().waitFor();
    if (!desktop) await page.locator('[data-testid="open-add-guests"]').click();
    const quickAdd = page.locator('[data-testid="quick-add"]');
    await quickAdd.getByLabel(text(lang, 'guests.columns.fullName')).fill(names.added);
    await quickAdd.getByLabel(text(lang, 'guests.columns.phoneNumber')).fill(names.phone);
    await quickAdd.locator('[data-testid="quick-add-side"] [role="combobox"]').click();
    await page.locator('[data-testid="side-option-a"]').click();
    await quickAdd.locator('button[type="submit"]').click();
    const addedRow = page.locator('[data-testid="guest-row"]', { hasText: names.added });
    await addedRow.waitFor();
    expect(plain(await addedRow.locator('[data-testid="guest-side"]').textContent())).toBe(names.a);

    await page.locator('[data-testid="side-filter"] [role="combobox"]').click();
    await page.locator('[data-testid="side-filter-a"]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('side')).toBe('a');
    await expect.poll(() => page.locator('[data-testid="guest-row"]').count()).toBe(1);
    expect(plain(await page.locator('[data-testid="guest-row"]').textContent())).toContain(names.added);
    await expectAxeClean(page, `guest list by side ${lang} ${width}`);
    await expectNoSidewaysScroll(page, width, `guest list by side ${lang}`);
  });

  it('shows attendance by side on the statistics', async () => {
    await page.setViewportSize({ width, height: desktop ? 900 : 844 });
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    const section = page.locator('[data-testid="attendance-by-side"]');
    await expect.poll(() => textOf(page, '[data-testid="side-bar-a"]'), { timeout: 15_000 }).toContain(names.a);
    expect(await textOf(page, '[data-testid="side-bar-none"]')).toContain(text(lang, 'statistics.sides.none'));
    expect(plain(await section.locator('h2, h3').first().textContent())).toBe(text(lang, 'statistics.sides.title'));
    await expectAxeClean(page, `statistics by side ${lang} ${width}`);
    await expectNoSidewaysScroll(page, width, `statistics by side ${lang}`);
  });

  it('turns "ask children separately" on and filters the list by "with children"', async () => {
    await page.setViewportSize({ width, height: desktop ? 900 : 844 });
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.locator('[data-testid="guest-row"]').first().waitFor();
    expect(await page.locator('[data-testid="filter-with-children"]').count()).toBe(0);

    await page.goto(`${app.url}/event/${eventId}/settings/questions`);
    await page.locator('[data-testid="household-split"] input[value="adultsChildren"]').check();
    await page.locator('[data-testid="settings-save"]').click();
    await expect.poll(async () => ((await callApi(app, host, 'GET', `/event/${eventId}`)) as { householdSplit: string }).householdSplit).toBe('adultsChildren');

    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    const chip = page.locator('[data-testid="filter-with-children"]');
    await chip.waitFor();
    expect(await textOf(page, '[data-testid="filter-with-children"]')).toBe(text(lang, 'guests.filters.withChildren'));
    await chip.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('withChildren')).toBe('true');
    await expect.poll(() => chip.getAttribute('aria-pressed')).toBe('true');
    // Nobody has answered yet: no one is coming with children.
    await page.locator('[data-testid="no-matches"]').waitFor();
    await expectAxeClean(page, `with children ${lang} ${width}`);
  });
});
