import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, callApi, contextWithSession, createEventViaApi, signUpHost } from './host-fixtures.js';
import { shoot } from './invitation-kit.js';

/**
 * Issue 28: one direction rule for "next" and "back" (apps/web/src/design/direction-icons.tsx): next points the way
 * the page reads — left in Hebrew, right in English — in the guest list's pagination, the new-event wizard and the
 * event settings' steps alike; back the other way. The glyph itself points there (no CSS mirroring on top).
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

/** Where an arrow icon points, as marked, and that nothing mirrors it. */
const pointing = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((svg) => ({ points: svg.getAttribute('data-points'), transform: getComputedStyle(svg).transform }));

describe.each(['he', 'en'] as const)('next and back arrows (%s)', (lang) => {
  const next = lang === 'he' ? 'left' : 'right';
  const back = lang === 'he' ? 'right' : 'left';

  it('point the same way in the pagination, the wizard and the settings steps', async () => {
    const host = await signUpHost(app, lang, 'arrows');
    const eventId = await createEventViaApi(app, host, { lang, name: lang === 'he' ? 'בר המצווה של איתי' : "Itai's bar mitzvah" });
    await addGuestViaApi(app, host, eventId, { fullName: lang === 'he' ? 'רון לוי' : 'Ron Levi', phoneNumber: `052-555-91${lang === 'he' ? 1 : 2}1` });
    await callApi(app, host, 'PUT', '/user/guide-tour', { on: false });
    const page = await (await contextWithSession(browser, host, lang)).newPage();
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    // MUI's pagination: its second button goes to the next page, its first to the previous one.
    const actions = page.locator('.MuiTablePagination-actions button');
    await actions.nth(1).waitFor();
    expect(await pointing(page, '.MuiTablePagination-actions button:nth-child(2) svg')).toEqual({ points: next, transform: 'none' });
    expect(await pointing(page, '.MuiTablePagination-actions button:nth-child(1) svg')).toEqual({ points: back, transform: 'none' });

    await page.goto(`${app.url}/create-event`);
    await page.locator('[data-testid="wizard-next"]').waitFor();
    expect(await pointing(page, '[data-testid="wizard-next"] svg')).toEqual({ points: next, transform: 'none' });

    await page.goto(`${app.url}/event/${eventId}/settings/when-where`);
    const stepLinks = page.locator(`a[href="/event/${eventId}/settings/details"] svg[data-points], a[href="/event/${eventId}/settings/questions"] svg[data-points]`);
    await stepLinks.first().waitFor();
    const marks = await stepLinks.evaluateAll((icons) => icons.map((svg) => svg.getAttribute('data-points')));
    expect(marks).toEqual([back, next]);
    await shoot(page, 'arrows-settings-steps', lang);
    await page.context().close();
  });
});
