import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import {
  addGuestViaApi,
  callApi,
  contextWithSession,
  createInvitationEventViaApi,
  getGuestViaApi,
  INVITATION_EVENT_NAMES,
  signUpHost,
  viewsWritten,
  type GuestOnList,
  type Host,
} from './host-fixtures.js';
import { expectAxeClean, PHONE, plain, shoot, submit, textOf } from './invitation-kit.js';

/**
 * The host previews the invitation (nothing counted, nothing sent); guests answer with JavaScript disabled
 * through the plain form POST (a refused answer keeps what was typed), report a wrong number, and answer on
 * the event's public page (a new person is added, a known phone updates its guest); the host sees it all.
 */
let app: RunningApp;
let browser: Browser;
let host: Host;
let hostPage: Page;
let eventId: string;
let publicInviteUrl: string;
let noScript: BrowserContext;
const guests: Record<'yossi' | 'avi' | 'shira', GuestOnList> = {} as never;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off' });
  browser = await launchBrowser();
  host = await signUpHost(app, 'en', 'invitations');
  eventId = await createInvitationEventViaApi(app, host);
  ({ publicInviteUrl } = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { publicInviteUrl: string });
  guests.yossi = await addGuestViaApi(app, host, eventId, { fullName: 'Yossi Levi', phoneNumber: '052-555-3001', countOfInvites: 2, lang: 'en' });
  guests.avi = await addGuestViaApi(app, host, eventId, { fullName: 'Avi Mizrahi', phoneNumber: '052-555-3002', lang: 'en' });
  guests.shira = await addGuestViaApi(app, host, eventId, { fullName: 'שירה ביטון', phoneNumber: '052-555-3003', countOfInvites: 2, lang: 'he' });
  hostPage = await (await contextWithSession(browser, host, 'en')).newPage();
  await hostPage.setViewportSize({ width: 1440, height: 900 });
  noScript = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});


const stats = () => callApi(app, host, 'GET', `/stats/${eventId}`) as Promise<{ viewed: number; wrongNumber: number; approved: number; declined: number; attending: number; guests: number }>;

describe("the host's preview", () => {
  const previewFrame = async (path: RegExp): Promise<Frame> => {
    await hostPage.waitForSelector('[data-testid="preview-frame"]');
    await expect.poll(() => hostPage.frames().some((frame) => path.test(frame.url()))).toBe(true);
    const frame = hostPage.frames().find((candidate) => path.test(candidate.url()))!;
    await frame.waitForSelector('h1');
    return frame;
  };

  it('opens from the dashboard, shows the page in each language with the ribbon, cannot send, and counts no view', async () => {
    await hostPage.goto(`${app.url}/event/${eventId}/statistics`);
    await hostPage.click(`a[href="/event/${eventId}/invitation"]`);
    await hostPage.waitForURL(/\/invitation(\?|$)/);
    let frame = await previewFrame(/\/preview\/invite\/.+lang=en/);
    expect(await frame.getAttribute('html', 'dir')).toBe('ltr');
    expect(plain(await frame.textContent('.ribbon'))).toBe('Preview – this is how guests see the page; the form works only on their links');
    expect(plain(await frame.textContent('h1'))).toBe(INVITATION_EVENT_NAMES.en);
    // The form goes nowhere and its controls are off.
    expect(await frame.getAttribute('#rsvp', 'action')).toBeNull();
    expect(await frame.isDisabled('#rsvp button[type="submit"]')).toBe(true);
    expect(await frame.isDisabled('#status-approved')).toBe(true);
    await shoot(hostPage, 'invitation-preview', 'en');
    await hostPage.setViewportSize({ width: 1440, height: 900 });

    await hostPage.click('[data-testid="preview-lang-he"]');
    frame = await previewFrame(/\/preview\/invite\/.+lang=he/);
    expect(await frame.getAttribute('html', 'dir')).toBe('rtl');
    expect(plain(await frame.textContent('h1'))).toBe(INVITATION_EVENT_NAMES.he);
    expect(plain(await frame.textContent('.ribbon'))).toBe('תצוגה מקדימה – כך המוזמנים יראו את הדף; הטופס פעיל רק בקישורים שלהם');
    // Posting to the preview anyway is refused.
    const posted = await fetch(frame.url(), { method: 'POST', body: new URLSearchParams({ status: 'approved', attending: '1' }) });
    expect(posted.status).toBeGreaterThanOrEqual(400);

    await hostPage.click('[data-testid="preview-other"]');
    await hostPage.waitForURL(/\/navigate\?lang=he/);
    frame = await previewFrame(/\/preview\/navigate\/.+lang=he/);
    expect(await frame.isVisible('a[href^="https://waze.com/"]')).toBe(true);

    // Views are written in batches: once a later real view is written, a view the previews counted would be too.
    await viewsWritten(app);
    expect((await stats()).viewed).toBe(0);
    for (const guest of Object.values(guests)) expect((await getGuestViaApi(app, host, eventId, guest.id)).viewedCount).toBe(0);
  });
});

describe('with JavaScript disabled', () => {
  it('a refused answer shows a translated error and keeps everything typed; the fixed answer is saved', async () => {
    const page = await noScript.newPage();
    await page.goto(guests.yossi.inviteUrl);
    // Without the script every question is on the page.
    expect(await page.isVisible('#attending')).toBe(true);
    await page.check('#status-approved');
    expect(await page.inputValue('#attending')).toBe('2');
    await page.fill('#meal-vegetarian', '2');
    await page.fill('#meal-vegan', '1');
    await page.check('#transport-0');
    await page.fill('#comments', 'We will bring flowers');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(400);

    expect(await textOf(page, '.alert[role="alert"]')).toContain('We could not save your answer. Please check the marked fields.');
    expect(await textOf(page, '.alert a[href="#meals"]')).toBe('Special meals: More special meals than people coming');
    expect(await textOf(page, '#meals-error')).toBe('More special meals than people coming');
    expect(await page.isChecked('#status-approved')).toBe(true);
    expect(await page.inputValue('#meal-vegetarian')).toBe('2');
    expect(await page.inputValue('#meal-vegan')).toBe('1');
    expect(await page.isChecked('#transport-0')).toBe(true);
    expect(await page.inputValue('#comments')).toBe('We will bring flowers');
    expect((await getGuestViaApi(app, host, eventId, guests.yossi.id)).answer).toBeNull();
    await shoot(page, 'invite-error', 'en', { scripts: false });

    await page.fill('#meal-vegan', '');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(200);
    expect(await textOf(page, '.done[role="status"]')).toBe('Thank you! We are so glad you are coming.');
    expect(await textOf(page, '.summary')).toContain('You answered: coming, people coming: 2');
    const saved = await getGuestViaApi(app, host, eventId, guests.yossi.id);
    expect(saved).toMatchObject({ status: 'approved', attending: 2 });
    expect(saved.answer).toMatchObject({ meals: { vegetarian: 2 }, comments: 'We will bring flowers' });
  });

  it('the refused answer is axe clean (checked with the script on, as axe needs it)', async () => {
    const page = await (await browser.newContext({ viewport: PHONE })).newPage();
    await page.goto(guests.yossi.inviteUrl);
    // Yossi answered above: the form is folded behind "change answer".
    await page.click('details.change > summary');
    await page.check('#status-approved');
    await page.fill('#meal-vegetarian', '2');
    await page.fill('#meal-vegan', '1');
    // The script would stop this answer in the browser; send it anyway, as an old browser would.
    await page.evaluate(() => ((document.getElementById('rsvp') as HTMLFormElement).noValidate = true));
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(400);
    expect(await textOf(page, '#errors[role="alert"] a[href="#meals"]')).toBe('Special meals: More special meals than people coming');
    await expectAxeClean(page, 'refused answer en');
  });

  it('"wrong number" tells the host', async () => {
    const page = await noScript.newPage();
    await page.goto(guests.avi.inviteUrl);
    await page.click('details summary');
    expect(await submit(page, 'details button[type="submit"]')).toBe(200);
    expect(await textOf(page, '.done[role="status"]')).toBe('Thank you! We have told the hosts that this invitation reached a wrong number.');
    expect(await page.isVisible('#rsvp')).toBe(false);
    expect((await getGuestViaApi(app, host, eventId, guests.avi.id)).status).toBe('wrongNumber');
  });
});

describe('the public page', () => {
  let page: Page;
  const guestRows = async () => {
    await hostPage.goto(`${app.url}/event/${eventId}/guest/list`);
    await hostPage.waitForSelector('[data-testid="guest-row"]');
    return (await hostPage.locator('[data-testid="guest-row"]').allTextContents()).map(plain);
  };

  beforeAll(async () => {
    page = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
  });

  it('adds a new person who answers with a name and a phone to the host’s list', async () => {
    await page.goto(publicInviteUrl);
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await textOf(page, '#answer')).toContain('ספרו לנו אם תגיעו');
    expect(await page.locator('.greet').count()).toBe(0);
    await expectAxeClean(page, 'public page he');
    await page.fill('#fullName', 'מיכל אברהם');
    await page.fill('#phoneNumber', '054-777-1234');
    await page.check('#status-approved');
    await page.selectOption('#attending', '2');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(200);
    expect(await textOf(page, '.done[role="status"]')).toBe('תודה! התשובה נשלחה למארחים, והם יעדכנו את רשימת המוזמנים.');
    // Every public answer reads "sent to the hosts" (issue 28), the same page whether or not the phone is listed.
    expect(await page.locator('[data-answer-summary]').count()).toBe(0);
    await shoot(page, 'invite-public-thanks', 'he');
    const rows = await guestRows();
    expect(rows).toHaveLength(4);
    expect(rows.some((row) => row.includes('מיכל אברהם'))).toBe(true);
  });

  it('updates the guest whose phone is given, instead of adding another', async () => {
    await page.goto(`${publicInviteUrl}?lang=en`);
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');
    await page.fill('#fullName', 'Shira B.');
    await page.fill('#phoneNumber', '+972 52-555-3003');
    await page.check('#status-declined');
    expect(await submit(page, '#rsvp button[type="submit"]')).toBe(200);
    expect(await textOf(page, '.done[role="status"]')).toBe('Thank you! Your answer was sent to the hosts, who will update the guest list.');
    expect((await getGuestViaApi(app, host, eventId, guests.shira.id)).status).toBe('declined');
    const rows = await guestRows();
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.includes('שירה ביטון'))).toHaveLength(1);
  });
});

describe('the host sees the form answers', () => {
  it('on the statistics page and in the bell, wrong number included', async () => {
    await hostPage.goto(`${app.url}/event/${eventId}/statistics`);
    const value = async (id: string) => plain(await hostPage.locator(`[data-testid="stat-${id}-value"]`).textContent());
    await expect.poll(() => value('wrongNumber'), { timeout: 15_000 }).toBe('1');
    expect(await value('approved')).toBe('2');
    expect(await value('declined')).toBe('1');
    expect(await value('attending')).toBe('4');
    expect(await value('noAnswer')).toBe('0');
    await shoot(hostPage, 'statistics', 'en');
    await hostPage.setViewportSize({ width: 1440, height: 900 });
    await hostPage.click('[data-testid="notifications-bell"]');
    const wrong = hostPage.locator('[data-testid="notification-item"][data-type="wrongNumber"]');
    await wrong.waitFor();
    expect(plain(await wrong.textContent())).toContain('Wrong number: Avi Mizrahi');
    expect(plain(await hostPage.locator('[data-testid="notification-item"][data-type="approved"]').textContent())).toContain('מיכל אברהם and 1 more are coming');
  });
});
