import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gematriya, HDate } from '@hebcal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Lang } from '@magiim/shared';
import { launchBrowser, settled, startBuiltApp, type RunningApp } from './harness.js';
import {
  addGuestViaApi,
  callApi,
  contextWithSession,
  createInvitationEventViaApi,
  getGuestViaApi,
  INVITATION_EVENT_NAMES,
  invitationImage,
  signUpHost,
  viewsWritten,
  TRANSPORT_OPTIONS,
  type GuestOnList,
  type Host,
} from './host-fixtures.js';
import { expectAxeClean, expectNoSidewaysScroll, icsUtc, jerusalemInstant, PHONE, plain, shoot, SHOTS, submit, textOf } from './invitation-kit.js';

/**
 * Guests open their personal invitations on a phone and answer in Hebrew, Arabic and English (one changes
 * the answer); the page is axe clean in all four languages and reads at 320 px; the navigation page, the
 * calendar file and the link preview carry the right facts; the host sees every answer on the statistics
 * page and in the bell.
 */
let app: RunningApp;
let browser: Browser;
let host: Host;
let eventId: string;
let event: { date: string; location: { lat: number; lng: number } };
let guestContext: BrowserContext;
const guests = {} as Record<Lang, GuestOnList>;

const GUESTS: Record<Lang, { fullName: string; phoneNumber: string; countOfInvites: number }> = {
  he: { fullName: 'דנה כהן', phoneNumber: '052-555-2001', countOfInvites: 3 },
  ar: { fullName: 'ليلى حداد', phoneNumber: '052-555-2002', countOfInvites: 2 },
  en: { fullName: 'Dana Miller', phoneNumber: '052-555-2003', countOfInvites: 2 },
  ru: { fullName: 'Ольга Петрова', phoneNumber: '052-555-2004', countOfInvites: 1 },
};

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  host = await signUpHost(app, 'he', 'invitations');
  eventId = await createInvitationEventViaApi(app, host, { image: await invitationImage() });
  event = (await callApi(app, host, 'GET', `/event/${eventId}`)) as typeof event;
  for (const lang of ['he', 'ar', 'en', 'ru'] as const) guests[lang] = await addGuestViaApi(app, host, eventId, { ...GUESTS[lang], lang });
  guestContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, acceptDownloads: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const openInvitation = async (lang: Lang): Promise<Page> => {
  const page = await guestContext.newPage();
  await page.goto(guests[lang].inviteUrl);
  return page;
};

const direction = async (page: Page) => ({ lang: await page.getAttribute('html', 'lang'), dir: await page.getAttribute('html', 'dir') });

describe('a guest answers the invitation on a phone', () => {
  let hePage: Page;

  it('in Hebrew: right to left, the event, the Hebrew date and the guest’s name; coming, 2 of 3, a meal and transport', async () => {
    hePage = await openInvitation('he');
    expect(await direction(hePage)).toEqual({ lang: 'he', dir: 'rtl' });
    expect(await textOf(hePage, 'h1')).toBe(INVITATION_EVENT_NAMES.he);
    expect(await textOf(hePage, '.greet')).toContain('דנה כהן');
    const [year, month, day] = event.date.split('-').map(Number) as [number, number, number];
    const weekday = new Intl.DateTimeFormat('he-IL', { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day, 12)));
    const hebrewYear = gematriya(new HDate(new Date(year, month - 1, day, 12)).getFullYear());
    const hero = plain(await hePage.locator('.hero').textContent());
    expect(hero).toContain(weekday);
    expect(hero).toContain(hebrewYear);
    expect(hero).toContain('19:30');
    // The answer questions wait until the guest says they are coming.
    expect(await hePage.isVisible('#coming')).toBe(false);
    await shoot(hePage, 'invite-personal', 'he');

    await hePage.check('#status-approved');
    expect(await hePage.isVisible('#coming')).toBe(true);
    expect(await hePage.inputValue('#attending')).toBe('3');
    await hePage.selectOption('#attending', '2');
    await hePage.fill('#meal-vegan', '1');
    await hePage.check('#transport-0');
    await hePage.fill('#comments', 'נביא עוגה');
    expect(await submit(hePage, '#rsvp button[type="submit"]')).toBe(200);

    expect(await textOf(hePage, '.done[role="status"]')).toBe('תודה! שמחים שתגיעו.');
    expect(await textOf(hePage, '.summary')).toContain('התשובה שלכם: מגיעים, מספר המגיעים: 2');
    // The form shows the answer as saved, ready to change.
    expect(await hePage.inputValue('#attending')).toBe('2');
    expect(await hePage.inputValue('#meal-vegan')).toBe('1');
    expect(await hePage.isChecked('#transport-0')).toBe(true);
    expect(await textOf(hePage, '#rsvp button[type="submit"]')).toBe('עדכון התשובה');
    await shoot(hePage, 'invite-thanks', 'he');

    const saved = await getGuestViaApi(app, host, eventId, guests.he.id);
    expect(saved).toMatchObject({ status: 'approved', attending: 2, changedDecision: false });
    expect(saved.answer).toMatchObject({ meals: { vegan: 1 }, transport: { option: TRANSPORT_OPTIONS[0] }, comments: 'נביא עוגה' });
  });

  it('changes the Hebrew answer to not coming and sees the change', async () => {
    // Once answered, the form waits folded behind "change answer".
    expect(await hePage.isVisible('#rsvp')).toBe(false);
    await hePage.click('details.change > summary');
    await hePage.check('#status-declined');
    expect(await hePage.isVisible('#coming')).toBe(false);
    expect(await submit(hePage, '#rsvp button[type="submit"]')).toBe(200);
    expect(await textOf(hePage, '.done[role="status"]')).toBe('תודה שעדכנתם. נתגעגע!');
    expect(await textOf(hePage, '.summary')).toContain('התשובה שלכם: לא מגיעים');
    expect(await hePage.isChecked('#status-declined')).toBe(true);
    expect(await getGuestViaApi(app, host, eventId, guests.he.id)).toMatchObject({ status: 'declined', changedDecision: true });
  });

  it('in Arabic, right to left: answers maybe', async () => {
    const page = await openInvitation('ar');
    expect(await direction(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    expect(await textOf(page, 'h1')).toBe(INVITATION_EVENT_NAMES.ar);
    expect(await textOf(page, '.greet')).toContain('ليلى حداد');
    await page.check('#status-maybe');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(200);
    expect(await textOf(page, '.done[role="status"]')).toBe('شكرًا! يمكنكم تحديث الرد من هذا الرابط في أي وقت.');
    expect(await textOf(page, '.summary')).toContain('ردّكم: ربما');
    await shoot(page, 'invite-thanks', 'ar');
    expect((await getGuestViaApi(app, host, eventId, guests.ar.id)).status).toBe('maybe');
  });

  it('in English, left to right: too many meals are stopped while typing, then coming with a meal and transport', async () => {
    const page = await openInvitation('en');
    expect(await direction(page)).toEqual({ lang: 'en', dir: 'ltr' });
    expect(await textOf(page, 'h1')).toBe(INVITATION_EVENT_NAMES.en);
    expect(await textOf(page, '.greet')).toBe('Hi Dana Miller, we would love to see you!');
    await shoot(page, 'invite-personal', 'en');

    await page.check('#status-approved');
    await page.fill('#meal-vegetarian', '2');
    await page.fill('#meal-vegan', '1');
    expect(await textOf(page, '#meals-error')).toBe('More special meals than people coming');
    expect(await page.evaluate(() => (document.getElementById('rsvp') as HTMLFormElement).checkValidity())).toBe(false);
    await page.fill('#meal-vegan', '');
    expect(await page.isVisible('#meals-error')).toBe(false);
    await page.check('#transport-1');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(200);
    expect(await textOf(page, '.done[role="status"]')).toBe('Thank you! We are so glad you are coming.');
    expect(await textOf(page, '.summary')).toContain('You answered: coming, people coming: 2');
    await shoot(page, 'invite-thanks', 'en');

    // The switcher shows the same invitation in another of the event's languages.
    await Promise.all([page.waitForNavigation(), page.tap('nav a[lang="he"]')]);
    expect(await direction(page)).toEqual({ lang: 'he', dir: 'rtl' });
    expect(await textOf(page, 'h1')).toBe(INVITATION_EVENT_NAMES.he);
    expect((await getGuestViaApi(app, host, eventId, guests.en.id)).answer).toMatchObject({ meals: { vegetarian: 2 }, transport: { option: TRANSPORT_OPTIONS[1] } });
  });

  it('is axe clean in all four languages and nothing scrolls sideways at 320 px', async () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const page = await openInvitation(lang);
      expect(await direction(page)).toEqual({ lang, dir: lang === 'he' || lang === 'ar' ? 'rtl' : 'ltr' });
      await expectAxeClean(page, `invitation ${lang}`);
      await expectNoSidewaysScroll(page, 320, `invitation ${lang}`);
      await page.close();
    }
  });
});

describe('getting there, the calendar and the link preview', () => {
  it('the navigation page leads Waze and Google Maps to the venue’s coordinates', async () => {
    const page = await guestContext.newPage();
    await page.goto(guests.he.inviteUrl.replace('/invite/', '/navigate/'));
    expect(await direction(page)).toEqual({ lang: 'he', dir: 'rtl' });
    expect(await textOf(page, 'h1')).toBe(INVITATION_EVENT_NAMES.he);
    const ll = `${event.location.lat.toFixed(6)},${event.location.lng.toFixed(6)}`;
    expect(await page.getAttribute('a[href^="https://waze.com/"]', 'href')).toBe(`https://waze.com/ul?ll=${ll}&navigate=yes`);
    expect(await page.getAttribute('a[href^="https://www.google.com/maps/"]', 'href')).toBe(`https://www.google.com/maps/dir/?api=1&destination=${ll}`);
    await shoot(page, 'invite-navigate', 'he');
    // …and back to the answer.
    await Promise.all([page.waitForNavigation(), page.tap('a.btn.main')]);
    expect(await page.isVisible('#answer')).toBe(true);
  });

  it('the calendar file starts at 19:30 Jerusalem time, and so does the Google Calendar link', async () => {
    const page = await openInvitation('he');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('a[download]')]);
    const ics = readFileSync((await download.path())!, 'utf8');
    const start = icsUtc(jerusalemInstant(event.date, '19:30'));
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain(`\r\nDTSTART:${start}\r\n`);
    expect(ics).toContain(`SUMMARY:${INVITATION_EVENT_NAMES.he}`);
    expect(await page.getAttribute('a[href^="https://calendar.google.com/"]', 'href')).toContain(`dates=${start}/`);
  });

  it('a link pasted into WhatsApp previews the event’s name and image in the guest’s language, counting no view', async () => {
    const whatsapp = { 'user-agent': 'WhatsApp/2.24.6.77 A' };
    const viewsOf = async () => (await getGuestViaApi(app, host, eventId, guests.ar.id)).viewedCount;
    // The views of the tests before written (the counter writes in batches), then counted.
    await viewsWritten(app);
    const before = await viewsOf();
    const html = await (await fetch(guests.ar.inviteUrl, { headers: whatsapp })).text();
    const meta = (property: string) => new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];
    expect(meta('og:title')).toBe(INVITATION_EVENT_NAMES.ar);
    expect(meta('og:locale')).toBe('ar_AR');
    const image = meta('og:image')!;
    expect(image.startsWith(`${app.url}/`)).toBe(true);
    expect(Number(meta('og:image:width'))).toBeGreaterThanOrEqual(300);
    const picture = await fetch(image, { headers: whatsapp });
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toMatch(/^image\//);
    await viewsWritten(app);
    expect(await viewsOf()).toBe(before);
  });
});

describe('the host sees the answers', () => {
  let page: Page;

  beforeAll(async () => {
    page = await (await contextWithSession(browser, host, 'he')).newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('on the statistics page: people coming, each answer, the changed decision, meals and transport', async () => {
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    const value = async (id: string) => plain(await page.locator(`[data-testid="stat-${id}-value"]`).textContent());
    // Every guest opened the invitation; the counter writes once a second and the page refreshes itself.
    await expect.poll(() => value('viewed'), { timeout: 15_000 }).toBe('4');
    expect(await value('invitees')).toBe('8');
    expect(await value('attending')).toBe('2');
    expect(await value('approved')).toBe('1');
    expect(await value('declined')).toBe('1');
    expect(await value('maybe')).toBe('1');
    expect(await value('noAnswer')).toBe('1');
    expect(await value('changedDecision')).toBe('1');
    expect(await value('wrongNumber')).toBe('0');
    // The sections below the figures fill in once the figures are painted.
    await page.locator('[data-testid="recent-responses"]:not([aria-busy])').waitFor();
    await page.locator('[data-testid="changed-decisions"]:not([aria-busy])').waitFor();
    const recent = (await page.locator('[data-testid="recent-response"]').allTextContents()).map(plain);
    expect(recent).toHaveLength(3);
    expect(recent[0]).toContain('Dana Miller');
    const changed = (await page.locator('[data-testid="changed-decision"]').allTextContents()).map(plain);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('דנה כהן');
    expect(plain(await page.locator('[data-testid="meal-totals"]').textContent())).toContain('2');
    expect(plain(await page.locator('[data-testid="transport-totals"]').textContent())).toContain(TRANSPORT_OPTIONS[1]);
    await shoot(page, 'statistics', 'he');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('in the bell: grouped notifications with today’s date; opening it clears the badge', async () => {
    const badge = page.locator('[data-testid="notifications-badge"] .MuiBadge-badge');
    await expect.poll(async () => plain(await badge.textContent())).toBe('3');
    await page.click('[data-testid="notifications-bell"]');
    const items = page.locator('[data-testid="notification-item"]');
    await expect.poll(() => items.count()).toBe(3);
    const byType: Record<string, string> = {};
    for (const item of await items.all()) byType[(await item.getAttribute('data-type'))!] = plain(await item.textContent());
    // Who answered, by name: the latest of each kind and how many more.
    expect(byType.approved).toContain('מגיעים: Dana Miller ועוד 1');
    expect(byType.changedDecision).toContain('שינו את התשובה: דנה כהן');
    expect(byType.maybe).toContain('ענו "אולי": ليلى حداد');
    for (const text of Object.values(byType)) expect(text).toContain(INVITATION_EVENT_NAMES.he);
    for (const text of Object.values(byType)) expect(text).toContain('היום');
    await expectAxeClean(page, 'bell he');
    await page.screenshot({ path: path.join(SHOTS, 'notifications-he-desktop.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => badge.getAttribute('class')).toContain('MuiBadge-invisible');
    // The badge after the list is fetched again (not the moment before it comes).
    const listed = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/notifications' && res.request().method() === 'GET');
    await page.reload();
    await listed;
    await page.waitForSelector('[data-testid="notifications-bell"]');
    await settled(page);
    expect(await badge.getAttribute('class')).toContain('MuiBadge-invisible');
  });
});
