import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { launchBrowser, settled, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, callApi, contextWithSession, signUpHost, type Host } from './host-fixtures.js';
import { expectAxeClean, plain, shoot } from './invitation-kit.js';
import { typeDate, typeTime } from './picker-fields.js';

/**
 * Issue 21, the guide tour and popups on the URL hash: an event created through the wizard starts the tour on its
 * dashboard; while it runs a click on a menu link goes nowhere and Tab stays in its card; Next walks every step
 * (each anchored beside its element, on a phone at the tab bar) to the end, which turns it off for good (a reload
 * shows none); the top bar's button brings it back and Esc skips it. A guest's delete question lives on the hash:
 * back closes it, a reload and a shared link open it, closing pops the history entry. Hebrew and English, 390 and
 * 1440 px, axe clean with the tour open.
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

const DESKTOP = { width: 1440, height: 900 } as const;
const PHONE = { width: 390, height: 844 } as const;
const STEPS = ['welcome', 'guests', 'messages', 'timing', 'payment', 'done'] as const;

const TEXT = {
  he: { name: 'החתונה של מיכל ואורי', place: 'חיפה', guest: 'רותם שרעבי', delete: 'מחיקה', next: 'הבא', finish: 'סיום', stepOf: (n: number) => `שלב ${n} מתוך 6` },
  en: { name: "Michal & Ori's wedding", place: 'Haifa', guest: 'Rotem Sharabi', delete: 'Delete', next: 'Next', finish: 'Finish', stepOf: (n: number) => `Step ${n} of 6` },
} as const;

const card = (page: Page) => page.locator('[data-testid="tour-card"]');
const stepOf = (page: Page) => card(page).getAttribute('data-step');
const activeTestId = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);
const tourOnServer = async (host: Host) => ((await callApi(app, host, 'GET', '/user/me')) as { userData: { guideTour: boolean } }).userData.guideTour;
const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
};

describe.each(['he', 'en'] as const)('guide tour and hash popups, in %s', (lang) => {
  const text = TEXT[lang];
  let host: Host;
  let context: BrowserContext;
  let page: Page;
  let eventId: string;

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'tour');
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
    await page.setViewportSize(DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('starts after an event is created through the wizard, with the page under it blocked', async () => {
    await page.goto(`${app.url}/create-event`);
    await page.waitForSelector('[data-testid="event-step-details"]');
    await page.fill(`input[name="names.${lang}"]`, text.name);
    await page.click('[data-testid="wizard-next"]');
    await page.waitForURL(/\/create-event\/when-where$/);
    await typeDate(page, 'date', addDays(todayInBusinessZone(), 60));
    await typeTime(page, 'time', '19:30');
    await page.fill('input[name="location"]', text.place);
    await page.locator('[role="option"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    for (const next of [/questions$/, /image$/, /rsvp$/]) {
      await page.click('[data-testid="wizard-next"]');
      await page.waitForURL(next);
    }
    await page.click('[data-testid="wizard-create"]');
    await page.waitForURL(/\/event\/[0-9a-f-]{36}\/statistics$/);
    eventId = /\/event\/([0-9a-f-]{36})\//.exec(page.url())![1]!;

    // The first step: a dialog in the middle, its main button focused, the step announced.
    await card(page).waitFor();
    expect(await stepOf(page)).toBe('welcome');
    expect(await card(page).getAttribute('role')).toBe('dialog');
    expect(await card(page).getAttribute('aria-modal')).toBe('true');
    expect(plain(await page.textContent('[data-testid="tour-step-of"]'))).toBe(text.stepOf(1));
    expect(await page.getAttribute('[data-testid="tour-step-of"]', 'aria-live')).toBe('polite');
    await expect.poll(() => activeTestId(page)).toBe('tour-next');
    expect(await page.locator('[data-testid="buy-package"]').count()).toBe(0);
    expect(await tourOnServer(host)).toBe(true);

    // A click on a menu link lands on the cover: the screen stays (given time to move, had it been able to).
    const groupsLink = `a[data-tour-placement="side"][href="/event/${eventId}/guest/groups"]`;
    await page.click(groupsLink, { force: true });
    await settled(page);
    expect(page.url()).toMatch(/\/statistics$/);
    // Focus cannot reach the page: the rest of the document is inert, the link refuses a programmatic focus too.
    expect(await page.locator('#root').getAttribute('inert')).toBe('');
    await page.locator(groupsLink).evaluate((link: HTMLElement) => link.focus());
    expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="tour-card"]') !== null)).toBe(true);
    // Tab goes round the card's buttons (Skip, Next on the first step).
    const seen = new Set<string | null>();
    for (let press = 0; press < 4; press += 1) {
      await page.keyboard.press('Tab');
      seen.add(await activeTestId(page));
      expect(await page.evaluate(() => document.activeElement?.closest('[data-testid="tour-card"]') !== null)).toBe(true);
    }
    expect([...seen].sort()).toEqual(['tour-next', 'tour-skip']);
    await expectAxeClean(page, `tour welcome ${lang}`);
  });

  it('walks every step beside its element, in the side menu on a desktop and at the tab bar on a phone', async () => {
    const rtl = lang === 'he';
    for (const [index, step] of STEPS.entries()) {
      await expect.poll(() => stepOf(page)).toBe(step);
      expect(plain(await page.textContent('[data-testid="tour-step-of"]'))).toBe(text.stepOf(index + 1));
      if (step !== 'welcome' && step !== 'done') {
        await page.locator('[data-testid="tour-spotlight"]').waitFor();
        const cardBox = await box(page, '[data-testid="tour-card"]');
        if (step === 'payment') {
          // No menu item leads to checkout: the tab does, and the card is below it.
          const tab = await box(page, `[data-testid="tab-bar"] [data-tour="payment"]`);
          expect(cardBox.y).toBeGreaterThanOrEqual(tab.y + tab.height);
        } else {
          const item = await box(page, `nav [data-tour="${step}"][data-tour-placement="side"]`);
          // Beside the side menu: on its right in English, on its left in Hebrew (the menu is on the right).
          if (rtl) expect(cardBox.x + cardBox.width).toBeLessThanOrEqual(item.x + 1);
          else expect(cardBox.x).toBeGreaterThanOrEqual(item.x + item.width - 1);
        }
        if (step === 'guests') {
          await shoot(page, 'tour-step-guests', lang);
          // shoot leaves the phone's width: the menu is a closed drawer, so the step points at the tab.
          await expect
            .poll(async () => {
              const spot = await box(page, '[data-testid="tour-spotlight"]');
              const tab = await box(page, '[data-testid="tab-bar"] [data-tour="guests"]');
              return Math.abs(spot.x + spot.width / 2 - (tab.x + tab.width / 2)) < 2 && Math.abs(spot.y + spot.height / 2 - (tab.y + tab.height / 2)) < 2;
            })
            .toBe(true);
          const cardOnPhone = await box(page, '[data-testid="tour-card"]');
          const tab = await box(page, '[data-testid="tab-bar"] [data-tour="guests"]');
          expect(cardOnPhone.y).toBeGreaterThanOrEqual(tab.y + tab.height);
          expect(cardOnPhone.x).toBeGreaterThanOrEqual(0);
          expect(cardOnPhone.x + cardOnPhone.width).toBeLessThanOrEqual(PHONE.width);
          await page.setViewportSize(DESKTOP);
        }
      }
      if (index === 2) {
        // Back returns a step, Next comes again.
        await page.click('[data-testid="tour-back"]');
        await expect.poll(() => stepOf(page)).toBe(STEPS[1]);
        await page.click('[data-testid="tour-next"]');
        await expect.poll(() => stepOf(page)).toBe(step);
      }
      expect(plain(await page.textContent('[data-testid="tour-next"]'))).toBe(step === 'done' ? text.finish : text.next);
      await page.click('[data-testid="tour-next"]');
    }
    await card(page).waitFor({ state: 'detached' });
    await expect.poll(() => tourOnServer(host)).toBe(false);
    expect(await page.locator('#root').getAttribute('inert')).toBeNull();
    // Off for good: a reload shows none, and the menu works again.
    await page.reload();
    await page.waitForSelector('[data-testid="event-banner"]');
    await page.locator('[data-testid="buy-package"]').waitFor();
    expect(await card(page).count()).toBe(0);
    await page.click(`a[data-tour-placement="side"][href="/event/${eventId}/guest/groups"]`);
    await page.waitForURL(/\/guest\/groups$/);
  });

  it('comes back from the top bar and Esc skips it', async () => {
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.click('[data-testid="tour-start"]');
    await card(page).waitFor();
    expect(await stepOf(page)).toBe('welcome');
    expect(await tourOnServer(host)).toBe(true);
    await page.click('[data-testid="tour-next"]');
    await expect.poll(() => stepOf(page)).toBe('guests');
    await page.keyboard.press('Escape');
    await card(page).waitFor({ state: 'detached' });
    await expect.poll(() => tourOnServer(host)).toBe(false);
    await page.reload();
    await page.waitForSelector('[data-testid="event-banner"]');
    await page.locator('[data-testid="buy-package"]').waitFor();
    expect(await card(page).count()).toBe(0);
  });

  it("ties a guest's delete question to the hash: back closes it, a reload and a shared link open it", async () => {
    const guest = await addGuestViaApi(app, host, eventId, { fullName: text.guest, phoneNumber: `052-555-71${lang === 'he' ? 1 : 2}0`, lang });
    const guestId = guest.id;
    const list = `${app.url}/event/${eventId}/guest/list`;
    await page.goto(list);
    const deleteButton = page.locator(`[data-testid="guest-row"] button[aria-label="${text.delete}: ${text.guest}"]`).first();
    await deleteButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).hash).toBe(`#guest-delete/${guestId}`);
    expect(plain(await dialog.textContent())).toContain(text.guest);

    // The browser's back button closes it and leaves the list.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    expect(new URL(page.url()).pathname).toBe(`/event/${eventId}/guest/list`);

    // Opened again, a reload opens it again; its own Cancel pops the entry (back then leaves the list).
    await deleteButton.click();
    await dialog.waitFor();
    await page.reload();
    await dialog.waitFor();
    expect(new URL(page.url()).hash).toBe(`#guest-delete/${guestId}`);
    await shoot(page, 'hash-popup-guest-delete', lang);
    await page.setViewportSize(DESKTOP);
    const historyBefore = await page.evaluate(() => history.length);
    await dialog.getByRole('button').first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).hash).toBe('');
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
    await page.goBack();
    await page.waitForURL((url) => url.pathname !== `/event/${eventId}/guest/list`);

    // A shared link opens it in a fresh tab; closing it there stays on the list.
    const shared = await context.newPage();
    await shared.setViewportSize(DESKTOP);
    await shared.goto(`${list}#guest-delete/${guestId}`);
    const sharedDialog = shared.getByRole('dialog');
    await sharedDialog.waitFor();
    await shared.keyboard.press('Escape');
    await sharedDialog.waitFor({ state: 'detached' });
    expect(new URL(shared.url()).pathname).toBe(`/event/${eventId}/guest/list`);
    expect(new URL(shared.url()).hash).toBe('');
    await shared.close();
  });
});
