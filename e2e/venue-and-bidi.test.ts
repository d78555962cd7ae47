import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayInBusinessZone, type EventDto, type GuestDto } from '@magiim/shared';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { API_HEADERS, callApi, contextWithSession, signUpHost, type Host } from './host-fixtures.js';
import { plain, shoot, textOf } from './invitation-kit.js';

/**
 * Issue 16: the venue (the hall) and the place (the city) are two fields — pick "ראשון לציון", type the hall,
 * and both reach the event card, the guest page in each language and the settings, each kept apart; a Hebrew
 * venue with quotation marks reads with its marks at the right ends on an English page.
 */
let app: RunningApp;
let browser: Browser;
let host: Host;
let eventId: string;
let guest: GuestDto;

const VENUE = 'אולמי "הגן הקסום"';
const CITY = { he: 'ראשון לציון', en: 'Rishon LeZion' };

const api = (method: string, url: string, body?: unknown) => callApi(app, host, method, url, body);
const hostPage = async (lang: 'he' | 'en'): Promise<Page> => {
  const page = await (await contextWithSession(browser, host, lang)).newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  return page;
};

/**
 * Where the first and the last letter of the venue are drawn: in a right-to-left venue the opening letter
 * is at the right and the closing quotation mark at the left end.
 */
const venueEnds = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const text = element.firstChild as Text;
    const at = (index: number) => {
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      return range.getBoundingClientRect().left;
    };
    const isolated = element.tagName === 'BDI' || element.getAttribute('dir') === 'auto';
    return { isolated, first: at(0), lastQuote: at(text.length - 1), text: text.data };
  });

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  host = await signUpHost(app, 'he', 'venue');
  const [haifa] = (await api('GET', `/places/suggest?q=${encodeURIComponent('חיפה')}&lang=he`)) as { placeId: string }[];
  const date = addDays(todayInBusinessZone(), 60);
  eventId = (
    (await api('POST', '/event/newEvent', {
      names: { he: 'החתונה של נועה ודניאל', en: "Noa & Daniel's wedding" },
      date,
      time: '19:30',
      location: { placeId: haifa!.placeId },
      defaultLang: 'he',
      langs: ['he', 'en'],
      rsvpStartDate: addDays(date, -14),
      meals: { ask: 'no_need_to_ask', options: [] },
      transport: { ask: 'no_need_to_ask', options: [] },
      includeCallsPreference: false,
      messageSystemPreference: 3,
    })) as { id: string }
  ).id;
  guest = (await api('POST', `/guests/new/${eventId}`, { fullName: 'Dana Levi', phoneNumber: '052-555-7101', lang: 'en' })) as GuestDto;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the venue and the city', () => {
  it('picks the city, then types the hall: both saved apart, and the settings show them apart again', async () => {
    const page = await hostPage('he');
    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await page.waitForSelector('input[name="location"]');
    await page.fill('input[name="location"]', 'ראשון');
    await page.locator('[role="option"]', { hasText: CITY.he }).first().click();
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    await page.fill('input[name="location.venue.he"]', VENUE);
    // One venue field per event language, each written in its own direction.
    expect(await page.getAttribute('input[name="location.venue.en"]', 'dir')).toBe('ltr');
    await page.click('[data-testid="settings-save"]');
    await expect
      .poll(async () => ((await api('GET', `/event/${eventId}`)) as EventDto).location.venue.he, { timeout: 10_000 })
      .toBe(VENUE);
    const saved = ((await api('GET', `/event/${eventId}`)) as EventDto).location;
    expect(saved.place.name).toMatchObject(CITY);
    expect(saved.name).toBe(VENUE);
    expect(saved.address.startsWith(CITY.he)).toBe(true);

    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await page.waitForSelector('input[name="location"]');
    await expect.poll(() => page.inputValue('input[name="location"]')).toBe(CITY.he);
    expect(await page.inputValue('input[name="location.venue.he"]')).toBe(VENUE);
    await shoot(page, 'venue-settings', 'he');
  });

  it.each(['he', 'en'] as const)('shows the hall and the city on the event card and the event banner (%s)', async (lang) => {
    const page = await hostPage(lang);
    await page.goto(`${app.url}/manage-events`);
    await page.waitForSelector('[data-testid="event-card"] [data-testid="event-place"]');
    const place = await textOf(page, '[data-testid="event-card"] [data-testid="event-place"]');
    expect(place).toBe(`${VENUE}, ${CITY[lang]}`);
    // Each part is isolated in its own direction.
    expect(await page.locator('[data-testid="event-card"] [data-testid="event-place"] bdi[dir="auto"]').count()).toBe(2);
    if (lang === 'en') {
      // On an English page the Hebrew venue keeps its quotation marks at its own ends: the closing mark is
      // drawn at the left end, left of the first letter.
      const ends = await venueEnds(page, '[data-testid="event-card"] [data-testid="event-place"] bdi >> nth=0');
      expect(ends.isolated).toBe(true);
      expect(ends.lastQuote).toBeLessThan(ends.first);
    }
    await shoot(page, 'venue-event-card', lang);
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="event-banner"] [data-testid="event-place"]');
    expect(await textOf(page, '[data-testid="event-banner"] [data-testid="event-place"]')).toBe(`${VENUE}, ${CITY[lang]}`);
  });

  it('reads a Hebrew hall and city venue first from the right on a Russian page (issue 28)', async () => {
    const page = await (await contextWithSession(browser, host, 'ru')).newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${app.url}/manage-events`);
    const line = page.locator('[data-testid="event-card"] [data-testid="event-place"]');
    await line.waitFor();
    // The event has no Russian texts: both parts are Hebrew, so the line runs right to left as a whole.
    expect(await line.getAttribute('dir')).toBe('rtl');
    const [venue, city] = await line.locator('bdi[dir="auto"]').evaluateAll((parts) => parts.map((part) => part.getBoundingClientRect()));
    expect(venue!.left).toBeGreaterThan(city!.right - 1);
    await page.context().close();
  });

  it.each(['he', 'en'] as const)('shows the hall and the city on the guest page (%s)', async (lang) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto(`${app.url}/invite/${guest.inviteUrl.split('/').pop()}?lang=${lang}`);
    await page.waitForSelector('[data-place]');
    expect(plain(await page.textContent('[data-venue]'))).toBe(VENUE);
    expect(plain(await page.textContent('[data-place]'))).toBe(CITY[lang]);
    expect(plain(await page.textContent('[data-hero-location]'))).toBe(`${VENUE}, ${CITY[lang]}`);
    if (lang === 'en') {
      const ends = await venueEnds(page, '[data-venue] bdi');
      expect(ends.isolated).toBe(true);
      expect(ends.lastQuote).toBeLessThan(ends.first);
    }
    await shoot(page, 'venue-guest-page', lang);
  });

  it('gives English readers the hall in English once the host writes it', async () => {
    const page = await hostPage('en');
    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await page.waitForSelector('input[name="location.venue.en"]');
    await page.fill('input[name="location.venue.en"]', 'The Magic Garden Halls');
    await shoot(page, 'venue-settings', 'en');
    await page.click('[data-testid="settings-save"]');
    await expect
      .poll(async () => ((await api('GET', `/event/${eventId}`)) as EventDto).location.venue.en, { timeout: 10_000 })
      .toBe('The Magic Garden Halls');
    const guestPage = await (await browser.newContext()).newPage();
    await guestPage.goto(`${app.url}/invite/${guest.inviteUrl.split('/').pop()}?lang=en`);
    expect(plain(await guestPage.textContent('[data-venue]'))).toBe('The Magic Garden Halls');
    await guestPage.goto(`${app.url}/invite/${guest.inviteUrl.split('/').pop()}?lang=he`);
    expect(plain(await guestPage.textContent('[data-venue]'))).toBe(VENUE);
  });
});

describe('pickup points per language', () => {
  it('lets the host name a pickup point in English; an English guest sees it, and an earlier answer still matches', async () => {
    await api('POST', `/event/editEvent/${eventId}`, { transport: { ask: 'all_guests', options: ['תל אביב, ארלוזורוב'] } });
    const token = guest.inviteUrl.split('/').pop()!;
    const answered = await fetch(`${app.url}/api/invite/${token}`, {
      method: 'POST',
      headers: API_HEADERS,
      body: JSON.stringify({ status: 'approved', attending: 1, transport: { option: 'תל אביב, ארלוזורוב' } }),
    });
    expect(answered.status, await answered.clone().text()).toBe(200);

    const page = await hostPage('he');
    await page.goto(`${app.url}/event/${eventId}/settings/questions`);
    await page.waitForSelector('[data-testid="transport-translations"]');
    await page.fill('input[name="transport.translations.0.en"]', 'Tel Aviv, Arlozorov station');
    await shoot(page, 'venue-pickup-translations', 'he');
    await page.click('[data-testid="settings-save"]');
    await expect
      .poll(async () => ((await api('GET', `/event/${eventId}`)) as EventDto).transport.translations, { timeout: 10_000 })
      .toEqual([{ en: 'Tel Aviv, Arlozorov station' }]);

    const guestPage = await (await browser.newContext()).newPage();
    await guestPage.goto(`${app.url}/invite/${token}?lang=en`);
    // The earlier answer is still the one checked, under its English name.
    const checked = guestPage.locator('input[name="transport"]:checked');
    expect(await checked.getAttribute('value')).toBe('תל אביב, ארלוזורוב');
    expect(plain(await guestPage.locator('label.choice', { has: checked }).textContent())).toBe('Tel Aviv, Arlozorov station');
  });
});
