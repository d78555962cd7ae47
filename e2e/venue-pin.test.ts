import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { addDays, todayInBusinessZone, type EventDto, type GuestDto } from '@magiim/shared';
import { launchBrowser, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';
import { callApi, contextWithSession, signUpHost, type Host } from './host-fixtures.js';
import { shoot } from './invitation-kit.js';

/**
 * Issue 27 §6: without a Google key the place is a locality's centre. On the wizard's where step the host puts
 * the pin on the hall (a map that loads only there; tiles do not load offline, the pin moves by keyboard or typed
 * coordinates) or types its street address; the step says where guests will be sent, and the guest's Waze and
 * Google Maps links go to the pin.
 */
let app: RunningApp;
let browser: Browser;
let host: Host;

const api = (method: string, url: string, body?: unknown) => callApi(app, host, method, url, body);

/** A page for the host whose map tiles fail at once (no network in tests), recording the scripts it loads. */
const hostPage = async (lang: 'he' | 'en'): Promise<{ page: Page; scripts: string[] }> => {
  const page = await (await contextWithSession(browser, host, lang)).newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return { page, scripts };
};

const pinValue = (page: Page) => page.inputValue('input[name="venueCoordinates"]');

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  host = await signUpHost(app, 'en', 'venuepin');
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the hall, not the city', () => {
  it('the wizard’s where step: the map loads only there, the pin moves by keyboard and typed coordinates, it says where guests go; axe clean', async () => {
    const { page, scripts } = await hostPage('en');
    await page.goto(`${app.url}/create-event`);
    await page.waitForSelector('[data-testid="event-step-details"]');
    await page.fill('input[name="names.en"]', 'Pin wedding');
    await page.click('[data-testid="wizard-next"]');
    await page.waitForURL(/\/create-event\/when-where$/);
    await page.waitForSelector('input[name="location"]');
    const before = scripts.length;
    // Nothing of the map before a place is chosen.
    expect(await page.locator('[data-testid="venue-map"]').count()).toBe(0);
    expect(scripts.some((path) => /venue-map/.test(path))).toBe(false);

    await page.fill('input[name="location"]', 'Rishon');
    await page.locator('[role="option"]', { hasText: 'Rishon LeZion' }).first().click();
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    await page.locator('[data-testid="venue-map"] .leaflet-marker-icon').waitFor();
    // The map's code came with this step, in its own chunk.
    expect(scripts.slice(before).some((path) => /venue-map/.test(path))).toBe(true);
    // OpenStreetMap's attribution is shown.
    expect(await page.textContent('[data-testid="venue-map"] .leaflet-control-attribution')).toContain('OpenStreetMap');
    // No pin yet: guests would go to the city's centre, and the step says so.
    expect(await page.textContent('[data-testid="sent-to"]')).toContain('centre of Rishon LeZion');
    expect(await pinValue(page)).toBe('');

    // The host confirms the pin, then moves it by keyboard (two steps north, one east).
    await page.click('button:has-text("The venue is here")');
    // The field fills once the form has taken the click (a re-render later): waited for, not read at once.
    await expect.poll(() => pinValue(page)).toMatch(/^31\.\d{6}, 34\.\d{6}$/);
    const confirmed = await pinValue(page);
    await page.focus('[data-testid="venue-map"] .leaflet-marker-icon');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    const [lat0, lng0] = confirmed.split(', ').map(Number) as [number, number];
    await expect.poll(() => pinValue(page)).toBe(`${(lat0 + 0.0002).toFixed(6)}, ${(lng0 + 0.0001).toFixed(6)}`);
    await page.fill('input[name="location.venue.en"]', 'Garden Halls');
    expect(await page.textContent('[data-testid="sent-to"]')).toContain('Guests will be sent to: Garden Halls, Rishon LeZion');

    // Typed coordinates move the pin too; a wrong pair is refused on the field.
    await page.fill('input[name="venueCoordinates"]', 'north of here');
    await page.press('input[name="venueCoordinates"]', 'Enter');
    await page.locator('input[name="venueCoordinates"][aria-invalid="true"]').waitFor();
    await page.fill('input[name="venueCoordinates"]', '31.95123, 34.80456');
    await page.press('input[name="venueCoordinates"]', 'Enter');
    await page.locator('input[name="venueCoordinates"][aria-invalid="false"]').waitFor();
    await page.fill('input[name="location.venueAddress"]', 'Herzl 12');
    expect(await page.textContent('[data-testid="sent-to"]')).toContain('Guests will be sent to: Garden Halls, Herzl 12, Rishon LeZion (the pin on the map)');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shoot(page, 'venue-pin-step', 'en');
  });

  it('saved from the settings: the event keeps the pin and the guest’s Waze and Google Maps links go to it (he, axe clean)', async () => {
    const [rishon] = (await api('GET', `/places/suggest?q=${encodeURIComponent('ראשון לציון')}&lang=he`)) as { placeId: string }[];
    const date = addDays(todayInBusinessZone(), 60);
    const eventId = (
      (await api('POST', '/event/newEvent', {
        names: { he: 'החתונה עם הסיכה' },
        date,
        time: '19:30',
        location: { placeId: rishon!.placeId, venue: { he: 'אולמי הגן' } },
        defaultLang: 'he',
        langs: ['he'],
        rsvpStartDate: addDays(date, -14),
        meals: { ask: 'no_need_to_ask', options: [] },
        transport: { ask: 'no_need_to_ask', options: [] },
        includeCallsPreference: false,
        messageSystemPreference: 3,
      })) as { id: string }
    ).id;
    const guest = (await api('POST', `/guests/new/${eventId}`, { fullName: 'Dana Levi', phoneNumber: '052-555-7301', lang: 'he' })) as GuestDto;

    const { page } = await hostPage('he');
    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await page.locator('[data-testid="venue-map"] .leaflet-marker-icon').waitFor();
    await page.fill('input[name="venueCoordinates"]', '31.95123, 34.80456');
    await page.press('input[name="venueCoordinates"]', 'Enter');
    expect(await page.textContent('[data-testid="sent-to"]')).toContain('אולמי הגן');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.click('[data-testid="settings-save"]');
    await expect
      .poll(async () => ((await api('GET', `/event/${eventId}`)) as EventDto).location.venuePoint, { timeout: 10_000 })
      .toEqual({ lat: 31.95123, lng: 34.80456 });

    const guestPage = await (await browser.newContext()).newPage();
    await guestPage.goto(`${app.url}/navigate/${guest.inviteUrl.split('/').pop()}?lang=he`);
    expect(await guestPage.getAttribute('a[href^="https://waze.com/"]', 'href')).toBe('https://waze.com/ul?ll=31.951230,34.804560&navigate=yes');
    expect(await guestPage.getAttribute('a[href^="https://www.google.com/maps/"]', 'href')).toBe('https://www.google.com/maps/dir/?api=1&destination=31.951230,34.804560');
  });
});
