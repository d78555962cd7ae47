import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { launchBrowser, settled, seriousAxeViolations, startBuiltApp, type RunningApp } from './harness.js';
import { callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { asPickerDate, pickerGroup, pickerText, typeDate, typeTime } from './picker-fields.js';

/**
 * A host creates an event through the wizard (one URL per step), lands on its dashboard, edits it in the
 * settings, finds it on the event list and deletes another; an event that is not theirs is not found —
 * in Hebrew (right to left) and English, axe clean, with screenshots at 390 and 1440 px.
 */
const SHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../test-results/screenshots');
const SIZES = [
  { label: 'phone', width: 390, height: 844 },
  { label: 'desktop', width: 1440, height: 900 },
] as const;

let app: RunningApp;
let browser: Browser;
/** The first language's event, which the second language's host must not see. */
const eventIds: Partial<Record<'he' | 'en', string>> = {};

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const api = (host: Host, method: string, url: string, body?: unknown) => callApi(app, host, method, url, body);
const signUp = (lang: 'he' | 'en') => signUpHost(app, lang, 'events');
const createEvent = (host: Host, name: string) => createEventViaApi(app, host, { lang: 'en', name, daysAway: 90 });
/** Signed in from the first page; later pages keep what the app stored (e.g. the refreshed user data). */
const contextFor = (host: Host, lang: string) => contextWithSession(browser, host, lang);

const expectAxeClean = async (page: Page, what: string) => {
  const violations = await seriousAxeViolations(page);
  expect(violations, `${what}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
};

/** Both widths: a full-page shot, axe, and nothing wider than the screen. Leaves the desktop width set. */
const shoot = async (page: Page, name: string, lang: string) => {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await settled(page);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${lang}-${size.label}.png`), fullPage: true });
    await expectAxeClean(page, `${name} ${lang} ${size.label}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${name} ${lang} ${size.label} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

/** A small real PNG for the image step (the server decodes what it gets): a lilac 120×80 picture. */
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (data: Buffer) => {
  let c = 0xffffffff;
  for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};
const samplePng = (width = 120, height = 80): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([0xee, 0xeb, 0xfd]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
};

const TEXT = {
  he: {
    name: 'החתונה של נועה ודניאל',
    renamed: 'החתונה של נועה ודניאל בגן',
    place: 'חיפה',
    transport: 'תל אביב, תחנת ארלוזורוב',
    mealError: 'לפחות 2',
    pastDate: 'תאריך האירוע עבר',
    notFound: 'not-found',
  },
  en: {
    name: "Noa & Daniel's wedding",
    renamed: "Noa & Daniel's garden wedding",
    place: 'Haifa',
    transport: 'Tel Aviv, Arlozorov station',
    mealError: 'at least 2',
    pastDate: 'The event date has passed',
    notFound: 'not-found',
  },
} as const;

describe.each(['he', 'en'] as const)('events in %s', (lang) => {
  let host: Host;
  let context: BrowserContext;
  let page: Page;
  let eventId: string;
  const text = TEXT[lang];
  const eventDate = addDays(todayInBusinessZone(), 45);

  beforeAll(async () => {
    host = await signUp(lang);
    context = await contextFor(host, lang);
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
  });
  // Contexts stay open until the browser closes: the packaged single-process Chromium exits with its last one.

  it('creates an event through the wizard and opens its dashboard', async () => {
    await page.goto(`${app.url}/manage-events`);
    await page.waitForSelector('[data-testid="events-empty"]');
    await page.click('[data-testid="events-empty"] a[href="/create-event"]');
    await page.waitForSelector('[data-testid="event-step-details"]');

    // A step further on than the host has come is not open yet.
    await page.goto(`${app.url}/create-event/rsvp`);
    await page.waitForURL(/\/create-event\/details$/);

    // Names: the default language is the interface's; a second language brings its own name field.
    await page.click('[data-testid="wizard-next"]');
    await page.locator(`input[name="names.${lang}"][aria-invalid="true"]`).waitFor();
    await page.check(`input[name="lang-${lang === 'he' ? 'en' : 'he'}"]`);
    await page.fill(`input[name="names.${lang}"]`, text.name);
    if (lang === 'he') {
      expect(await page.getAttribute('input[name="names.he"]', 'dir')).toBe('rtl');
      expect(await page.getAttribute('input[name="names.en"]', 'dir')).toBe('ltr');
    }
    await shoot(page, 'event-wizard-details', lang);
    await page.click('[data-testid="wizard-next"]');
    await page.waitForURL(/\/create-event\/when-where$/);

    // When and where: a date too close is refused on the field; the place must come from the suggestions.
    await typeDate(page, 'date', addDays(todayInBusinessZone(), 1));
    await typeTime(page, 'time', '19:30');
    await page.click('[data-testid="wizard-next"]');
    await pickerGroup(page, 'date').and(page.locator('[aria-invalid="true"]')).waitFor();
    await page.locator('input[name="location"][aria-invalid="true"]').waitFor();
    await typeDate(page, 'date', eventDate);
    await page.fill('input[name="location"]', text.place);
    await page.locator('[role="option"]').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.locator('[role="listbox"]').waitFor({ state: 'detached' });
    // The place is the city; the venue is its own field and does not take the city's name.
    expect(await page.inputValue(`input[name="location.venue.${lang}"]`)).toBe('');
    await shoot(page, 'event-wizard-when-where', lang);
    await page.click('[data-testid="wizard-next"]');
    await page.waitForURL(/\/create-event\/questions$/);

    // Meals: asking needs at least two options; transport options are typed and become chips.
    await page.check('input[name="meals.ask"][value="all_guests"]');
    await page.check('input[name="meal-vegetarian"]');
    await page.click('[data-testid="wizard-next"]');
    await expect.poll(() => page.textContent('[data-testid="event-step-questions"]')).toContain(text.mealError);
    await page.check('input[name="meal-vegan"]');
    await page.check('input[name="transport.ask"][value="some_guests"]');
    await page.fill('input[name="transport-option"]', text.transport);
    await page.press('input[name="transport-option"]', 'Enter');
    // The chip (a second language's translation field names the point again below it).
    await page.locator('.MuiChip-root', { hasText: text.transport }).waitFor();
    await shoot(page, 'event-wizard-questions', lang);
    await page.click('[data-testid="wizard-next"]');
    await page.waitForURL(/\/create-event\/image$/);

    // Image: picked, previewed with its size.
    await page.setInputFiles('[data-testid="image-input"]', { name: 'invitation.png', mimeType: 'image/png', buffer: samplePng() });
    await page.waitForSelector('[data-testid="image-preview"]');
    expect(await page.textContent('[data-testid="image-file"]')).toContain('invitation.png');
    await shoot(page, 'event-wizard-image', lang);
    await page.click('[data-testid="wizard-next"]');
    await page.waitForURL(/\/create-event\/rsvp$/);

    // RSVP start: prefilled 14 days before the event.
    await expect.poll(() => pickerText(page, 'rsvpStartDate')).toBe(asPickerDate(addDays(eventDate, -14)));
    // WhatsApp (the default) offers the daily-limit choice; it stays chosen if the host then picks SMS.
    await page.check('input[name="whatsappOverflow"][value="wait"]');
    await shoot(page, 'event-wizard-rsvp-whatsapp', lang);
    await page.check('input[name="messageSystemPreference"][value="1"]');
    expect(await page.locator('input[name="whatsappOverflow"]').count()).toBe(0);
    await shoot(page, 'event-wizard-rsvp', lang);
    await page.click('[data-testid="wizard-create"]');
    await page.waitForURL(/\/event\/[0-9a-f-]{36}\/statistics$/);
    eventId = /\/event\/([0-9a-f-]{36})\//.exec(page.url())![1]!;
    eventIds[lang] = eventId;

    await page.waitForSelector('[data-testid="stats-empty"]');
    expect(await page.textContent('[data-testid="event-name"]')).toBe(text.name);
    const saved = (await api(host, 'GET', `/event/${eventId}`)) as Record<string, unknown>;
    expect(saved).toMatchObject({
      date: eventDate,
      time: '19:30',
      rsvpStartDate: addDays(eventDate, -14),
      langs: lang === 'he' ? ['he', 'en'] : ['he', 'en'],
      defaultLang: lang,
      meals: { ask: 'all_guests', options: ['vegetarian', 'vegan'] },
      transport: { ask: 'some_guests', options: [text.transport] },
      messageSystemPreference: 1,
      whatsappOverflow: 'wait',
    });
    expect(saved.imageUrl).toEqual(expect.any(String));
    // The guide tour is on, and the stored user data knows it.
    const userData = JSON.parse((await page.evaluate(() => localStorage.getItem('userData')))!) as { guideTour?: boolean };
    expect(userData.guideTour).toBe(true);
    // The tour takes the screen (e2e/tour.test.ts walks it); skipping it leaves the dashboard to the tests below.
    await page.locator('[data-testid="tour-card"]').waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid="tour-card"]').waitFor({ state: 'detached' });
    await shoot(page, 'event-dashboard-empty', lang);
  });

  it('shows only the screens that exist in the side menu and tabs', async () => {
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="stats-empty"]');
    const hrefs = await page.locator('nav a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toContain(`/event/${eventId}/guest/list`);
    expect(hrefs).toContain(`/event/${eventId}/settings`);
    expect(hrefs).toContain(`/event/${eventId}/message-template`);
    expect(hrefs).toContain(`/event/${eventId}/guest/timing`);
    expect(hrefs).toContain(`/pricing/${eventId}`);
    expect(hrefs).toContain(`/event/${eventId}/my-expenses`);
    expect(hrefs).toContain(`/event/${eventId}/gifts`);
    // The call script is in the side menu (spec §2); its tab only for an event with calls included (e2e/call-round.test.ts).
    expect(hrefs).toContain(`/event/${eventId}/call-messages`);
  });

  it('edits the event in the settings, sending what changed', async () => {
    await page.goto(`${app.url}/event/${eventId}/settings`);
    await page.waitForSelector('[data-testid="event-step-details"]');
    await page.fill(`input[name="names.${lang}"]`, text.renamed);
    await shoot(page, 'event-settings-details', lang);
    await page.click('[data-testid="settings-save"]');
    await expect.poll(async () => ((await api(host, 'GET', `/event/${eventId}`)) as { names: Record<string, string> }).names[lang]).toBe(text.renamed);
    await expect.poll(() => page.textContent('[data-testid="event-name"]')).toBe(text.renamed);

    // A date in the past is refused on its field before anything is sent.
    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    await typeDate(page, 'date', addDays(todayInBusinessZone(), -3));
    await page.click('[data-testid="settings-save"]');
    await pickerGroup(page, 'date').and(page.locator('[aria-invalid="true"]')).waitFor();
    if (lang === 'en') expect(await page.textContent('[data-testid="event-step-when-where"]')).toContain(text.pastDate);
    await shoot(page, 'event-settings-when-where', lang);
    const unchanged = (await api(host, 'GET', `/event/${eventId}`)) as { date: string };
    expect(unchanged.date).toBe(eventDate);

    // The image can be removed.
    await page.goto(`${app.url}/event/${eventId}/settings/image`);
    await page.click('[data-testid="image-remove"]');
    await expect.poll(async () => ((await api(host, 'GET', `/event/${eventId}`)) as { imageUrl: string | null }).imageUrl).toBeNull();
  });

  it('shows totals by status once guests are added', async () => {
    const guests = [
      { fullName: 'Dana Levi', phoneNumber: '0521234567', countOfInvites: 2 },
      { fullName: 'Yossi Mizrahi', phoneNumber: '0539876543', countOfInvites: 3 },
      { fullName: 'Rina Katz', phoneNumber: '0547654321', countOfInvites: 1 },
    ];
    for (const guest of guests) await api(host, 'POST', `/guests/new/${eventId}`, guest);
    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForSelector('[data-testid="stat-guests"]');
    expect(await page.textContent('[data-testid="stat-guests-value"]')).toBe('3');
    expect(await page.textContent('[data-testid="stat-invitees-value"]')).toBe('6');
    // Nobody is invited before a package: said once, not as an "awaiting payment" figure beside "no answer yet".
    expect(await page.textContent('[data-testid="stat-noAnswer-value"]')).toBe('3');
    expect(await page.locator('[data-testid="not-invited-note"]').count()).toBe(1);
    expect(await page.locator('[data-testid="stat-pending"]').count()).toBe(0);
    await expect.poll(() => page.textContent('[data-testid="stat-viewed-value"]')).toBe('0');
    await shoot(page, 'event-dashboard', lang);
  });

  it('lists the event as a card and deletes another after asking', async () => {
    const other = await createEvent(host, 'Bar mitzvah of Ari');
    await page.goto(`${app.url}/manage-events`);
    await page.waitForSelector(`[data-testid="event-card"][data-event-id="${eventId}"]`);
    const card = page.locator(`[data-testid="event-card"][data-event-id="${eventId}"]`);
    expect(await card.locator('[data-testid="event-card-name"]').textContent()).toBe(text.renamed);
    await shoot(page, 'event-list', lang);

    await page.locator(`[data-testid="event-card"][data-event-id="${other}"] [data-testid="event-card-delete"]`).click();
    await page.waitForSelector('[data-testid="delete-event-dialog"]');
    await shoot(page, 'event-delete-dialog', lang);
    await page.click('[data-testid="delete-event-confirm"]');
    await page.locator(`[data-testid="event-card"][data-event-id="${other}"]`).waitFor({ state: 'detached' });
    const events = (await api(host, 'GET', '/event/fetchEvents')) as { id: string }[];
    expect(events.map((event) => event.id)).toEqual([eventId]);

    await page.click(`[data-testid="event-card"][data-event-id="${eventId}"] [data-testid="event-card-open"]`);
    await page.waitForURL(new RegExp(`/event/${eventId}/statistics$`));
  });

  it("shows not found for another host's event and for a wrong id", async () => {
    const foreign = lang === 'en' ? eventIds.he : await createEvent(await signUp('en'), 'Not yours');
    for (const id of [foreign, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      await page.goto(`${app.url}/event/${id}/statistics`);
      await page.waitForSelector('[data-testid="not-found"]');
    }
  });
});
