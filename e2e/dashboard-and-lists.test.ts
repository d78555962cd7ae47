import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import {
  API_HEADERS,
  callApi,
  contextWithSession,
  createInvitationEventViaApi,
  signUpHost,
  TRANSPORT_OPTIONS,
  type GuestOnList,
  type Host,
} from './host-fixtures.js';
import { expectAxeClean, PHONE, plain, shoot, SHOTS, submit, textOf } from './invitation-kit.js';

/**
 * What a host reads on the dashboard and the lists before any package is bought (issue 16): "not invited
 * yet" said once instead of "awaiting payment" everywhere, group bars each the whole of their group, one name
 * for the dashboard and no one-tab bar, a bulk bar that stays in view, the phone's list first, a guard on
 * unsaved edits, a bell that names who answered; and on the guest's side, a confirmation that repeats the
 * whole answer and a wrong-number page that does not look forward to seeing anyone.
 */
let app: RunningApp;
let browser: Browser;
let host: Host;
let eventId: string;
const guests: GuestOnList[] = [];
let family: string;

const PAYMENT_WORDS = /awaiting payment|waiting for payment|ממתינ(ים|ה|)? לתשלום/i;
const FAMILY = ['דנה לוי', 'יוסי לוי', 'רינה לוי', 'אבי לוי'];

const api = (method: string, url: string, body?: unknown) => callApi(app, host, method, url, body);
const tokenOf = (guest: GuestOnList) => guest.inviteUrl.split('/').pop()!;
const answerAs = async (guest: GuestOnList, body: object) => {
  const res = await fetch(`${app.url}/api/invite/${tokenOf(guest)}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(200);
};
const hostPage = async (lang: 'he' | 'en', viewport: { width: number; height: number } = { width: 1440, height: 900 }): Promise<Page> => {
  const page = await (await contextWithSession(browser, host, lang)).newPage();
  await page.setViewportSize(viewport);
  return page;
};

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  host = await signUpHost(app, 'he', 'lists');
  eventId = await createInvitationEventViaApi(app, host);
  family = ((await api('POST', `/groups/new/${eventId}`, { name: 'משפחה' })) as { id: string }).id;
  await api('POST', `/groups/new/${eventId}`, { name: 'עבודה' });
  for (const [index, fullName] of FAMILY.entries()) {
    guests.push((await api('POST', `/guests/new/${eventId}`, { fullName, phoneNumber: `052-555-41${String(index).padStart(2, '0')}`, countOfInvites: 2, groupId: family })) as GuestOnList);
  }
  for (let n = 0; n < 26; n += 1) {
    guests.push((await api('POST', `/guests/new/${eventId}`, { fullName: `Guest ${n + 1}`, phoneNumber: `054-555-42${String(n).padStart(2, '0')}`, countOfInvites: 1 })) as GuestOnList);
  }
  // The family: two coming in full, one coming in part (1 of 2), one not coming.
  await answerAs(guests[0]!, { status: 'approved', attending: 2 });
  await answerAs(guests[1]!, { status: 'approved', attending: 2 });
  await answerAs(guests[2]!, { status: 'approved', attending: 1 });
  await answerAs(guests[3]!, { status: 'declined' });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the dashboard', () => {
  it.each(['he', 'en'] as const)('says once that nobody is invited yet, with one name for the page and no one-tab bar (%s)', async (lang) => {
    const page = await hostPage(lang);
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="group-bar"]');
    await page.waitForSelector('[data-testid="stat-noAnswer-value"] bdi');
    expect(plain(await page.textContent('main'))).not.toMatch(PAYMENT_WORDS);
    expect(await page.locator('[data-testid="not-invited-note"]').count()).toBe(1);
    expect(await page.locator('[data-testid="stat-pending"], [data-testid="stat-inProgress"]').count()).toBe(0);
    // The tabs are plain links (Guests, Payment…), not a one-tab tablist; the menu names the page as its heading does.
    expect(await page.locator('[role="tablist"]').count()).toBe(0);
    const heading = await textOf(page, 'h1');
    const menuItem = page.locator(`nav a[href="/event/${eventId}/statistics"]`);
    expect(plain(await menuItem.textContent())).toBe(heading);
    expect(await menuItem.getAttribute('aria-current')).toBe('page');
    await shoot(page, 'dashboard-lists-statistics', lang);
    await page.context().close();
  });

  it('draws each group as the whole of its group: coming first, the rest of a family its own part, an empty group empty', async () => {
    const page = await hostPage('he');
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="group-bar"]');
    const bars = await page.locator('[data-testid="group-bar"]').evaluateAll((items) =>
      items.map((item) => {
        const track = item.lastElementChild as HTMLElement;
        const inner = track.getBoundingClientRect().width - 2; // the 1 px border on each side
        const parts = Array.from(track.children).map((part) => ({ kind: part.getAttribute('data-segment'), width: part.getBoundingClientRect().width }));
        return { name: item.textContent ?? '', inner, parts };
      }),
    );
    const familyBar = bars.find((bar) => bar.name.includes('משפחה'))!;
    expect(familyBar.parts.map((part) => part.kind)).toEqual(['attending', 'declined', 'other']);
    // 8 invited: 5 coming, 2 not coming, 1 of a family that comes in part; the bar is full.
    const total = familyBar.parts.reduce((sum, part) => sum + part.width, 0);
    expect(Math.abs(total - familyBar.inner)).toBeLessThan(2);
    expect(familyBar.parts[0]!.width / familyBar.inner).toBeCloseTo(5 / 8, 1);
    const workBar = bars.find((bar) => bar.name.includes('עבודה'))!;
    expect(workBar.parts).toEqual([]);
    // Guests without a group: 26 people, all "no answer yet", the full width though the family is smaller.
    const noGroup = bars.find((bar) => bar.parts.length === 1)!;
    expect(noGroup.parts[0]!.kind).toBe('noAnswer');
    expect(Math.abs(noGroup.parts[0]!.width - noGroup.inner)).toBeLessThan(2);
    await page.context().close();
  });
});

describe('the event list', () => {
  it.each(['he', 'en'] as const)('says on the card how many are not invited yet, not that they await payment (%s)', async (lang) => {
    const page = await hostPage(lang);
    await page.goto(`${app.url}/manage-events`);
    const card = page.locator(`[data-testid="event-card"][data-event-id="${eventId}"]`);
    await card.waitFor();
    const text = plain(await card.textContent());
    expect(text).not.toMatch(PAYMENT_WORDS);
    expect(text).toContain(lang === 'he' ? 'טרם הוזמנו: 26' : 'Not invited yet: 26');
    await page.context().close();
  });
});

describe('the guest list', () => {
  it.each(['he', 'en'] as const)('says "not invited yet" once above the list, not on every row (%s)', async (lang) => {
    const page = await hostPage(lang);
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="guest-row"]');
    expect(plain(await page.textContent('main'))).not.toMatch(PAYMENT_WORDS);
    expect(await page.locator('[data-testid="not-invited-note"]').count()).toBe(1);
    // Four of the thirty answered: the chip is not "all" again, so it shows, and the rows stay quiet.
    expect(plain(await page.textContent('[data-testid="filter-pending"]'))).toMatch(/26$/);
    expect(await page.locator('[data-testid="guest-row"] [data-status="pending"]').count()).toBeGreaterThan(0);
    await shoot(page, 'dashboard-lists-guests', lang);
    await page.context().close();
  });

  it('on a phone shows the first guest without scrolling past quick add; adding is one tap away', async () => {
    const page = await hostPage('he', PHONE);
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="guest-row"]');
    const first = await page.locator('[data-testid="guest-row"]').first().boundingBox();
    expect(first!.y).toBeLessThan(PHONE.height - 60);
    expect(await page.locator('[data-testid="quick-add"]').count()).toBe(0);
    await page.tap('[data-testid="open-add-guests"]').catch(() => page.click('[data-testid="open-add-guests"]'));
    await page.waitForSelector('[data-testid="quick-add"]');
    expect(await page.getAttribute('[data-testid="open-add-guests"]', 'aria-expanded')).toBe('true');
    await expectAxeClean(page, 'guest list phone, adding open');
    await page.screenshot({ path: `${SHOTS}/dashboard-lists-guests-adding-he-phone.png` });
    await page.context().close();
  });

  it.each([
    ['desktop', { width: 1440, height: 900 }],
    ['phone', PHONE],
  ] as const)('keeps the bulk bar in view after ticking rows further down (%s)', async (_label, viewport) => {
    const page = await hostPage('en', viewport);
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="guest-row"]');
    const boxes = page.locator('[data-testid="guest-row"] input[type="checkbox"]');
    await boxes.nth(0).check();
    await page.waitForSelector('[data-testid="bulk-bar"]');
    await boxes.nth(20).scrollIntoViewIfNeeded();
    await boxes.nth(20).check();
    const bar = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="bulk-bar"]')!.getBoundingClientRect();
      return { top: box.top, bottom: box.bottom, scrolled: window.scrollY };
    });
    expect(bar.scrolled).toBeGreaterThan(300);
    expect(bar.top).toBeGreaterThanOrEqual(56);
    expect(bar.bottom).toBeLessThan(viewport.height);
    expect(plain(await page.textContent('[data-testid="bulk-bar"]'))).toContain('Selected: 2');
    await page.context().close();
  });

  it('asks before leaving a guest with unsaved changes', async () => {
    const page = await hostPage('he');
    await page.goto(`${app.url}/event/${eventId}/guest/edit/${guests[10]!.id}`);
    await page.waitForSelector('[data-testid="guest-form"] input[name="fullName"]');
    await page.fill('input[name="fullName"]', 'שם חדש');
    await page.click('[data-testid="guest-form"] button:not([type="submit"])');
    const dialog = page.locator('[role="dialog"]');
    await dialog.waitFor();
    expect(plain(await dialog.textContent())).toContain('לצאת בלי לשמור?');
    await expectAxeClean(page, 'unsaved changes dialog');
    await page.screenshot({ path: `${SHOTS}/dashboard-lists-unsaved-he-desktop.png` });
    await dialog.locator('button').first().click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toContain('/guest/edit/');
    expect(await page.inputValue('input[name="fullName"]')).toBe('שם חדש');
    // The menu is a way out too; this time the host lets the change go.
    await page.click(`nav a[href="/event/${eventId}/guest/list"]`);
    await dialog.waitFor();
    await dialog.locator('button').last().click();
    await page.waitForURL(/\/guest\/list/);
    expect((await api('GET', `/guests/${eventId}/${guests[10]!.id}`)) as GuestOnList).toMatchObject({ fullName: 'Guest 7' });
    await page.context().close();
  });
});

describe('the bell', () => {
  it('names who answered and opens that guest, or the answers of several', async () => {
    const page = await hostPage('en');
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.click('[data-testid="notifications-bell"]');
    const approved = page.locator('[data-testid="notification-item"][data-type="approved"]');
    await approved.waitFor();
    expect(plain(await approved.textContent())).toContain('רינה לוי and 2 more are coming');
    expect(await approved.getAttribute('href')).toBe(`/event/${eventId}/guest/answers`);
    const declined = page.locator('[data-testid="notification-item"][data-type="declined"]');
    expect(plain(await declined.textContent())).toContain("אבי לוי can't come");
    await declined.click();
    await page.waitForURL(new RegExp(`/guest/answers\\?guestId=${guests[3]!.id}`));
    await page.waitForSelector('text=אבי לוי');
    await page.context().close();
  });
});

describe("the guest's side", () => {
  it.each(['he', 'en'] as const)('the confirmation repeats the whole answer: people, meals, transport (%s)', async (lang) => {
    const guest = guests[lang === 'he' ? 11 : 12]!;
    const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await page.goto(`${guest.inviteUrl}?lang=${lang}`);
    await page.check('#status-approved');
    await page.fill('#meal-vegetarian', '1');
    await page.check('#transport-1');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(200);
    const summary = await textOf(page, '.summary');
    if (lang === 'he') {
      expect(summary).toContain('התשובה שלכם: מגיעים');
      expect(summary).toContain('מנות מיוחדות: צמחונית 1');
      expect(summary).toContain(`הסעה: ${TRANSPORT_OPTIONS[1]}`);
    } else {
      expect(summary).toContain('You answered: coming');
      expect(summary).toContain('Special meals: Vegetarian 1');
      expect(summary).toContain(`Transport: ${TRANSPORT_OPTIONS[1]}`);
    }
    await shoot(page, 'dashboard-lists-guest-confirmation', lang);
    await page.context().close();
  });

  it.each(['he', 'en'] as const)('after "wrong number" the page no longer looks forward to seeing anyone (%s)', async (lang) => {
    const guest = guests[lang === 'he' ? 13 : 14]!;
    const page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    await page.goto(`${guest.inviteUrl}?lang=${lang}`);
    expect(await textOf(page, '.greet')).toContain(guest.fullName);
    await page.click('details:not(.change) summary');
    expect(await submit(page, 'details:not(.change) button[type="submit"]')).toBe(200);
    const text = plain(await page.textContent('main'));
    expect(text).not.toMatch(/נשמח לראותכם|would love to see you/);
    expect(text).not.toContain(guest.fullName);
    expect(text).toContain(lang === 'he' ? 'ההזמנה הזאת נשלחה בטעות למספר שלכם' : 'This invitation reached your number by mistake');
    await shoot(page, 'dashboard-lists-wrong-number', lang);
    await page.context().close();
  });
});
