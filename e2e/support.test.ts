import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';
import { PHONE, plain, shoot } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/** Support (issue 21): the FAQ search, the contact form to the dev mailbox, and where the WhatsApp button shows. */
const NUMBER = '+972500000000';
const SUPPORT = 'support@magiim.co.il';
const supportTexts = appTexts(['support']);
const supportText = (lang: string, key: string, values: Record<string, string> = {}): string => supportTexts(lang, `support.${key}`, values);

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startBuiltApp({ RATE_LIMITS: 'off', SUPPORT_WHATSAPP_NUMBER: NUMBER });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const widget = '[data-testid="support-chat-widget"]';

describe.each(['he', 'en'] as const)('support (%s)', (lang) => {
  let host: Host;
  let email: string;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;
  const eventName = lang === 'he' ? 'החתונה של מאיה ויואב' : "Maya and Yoav's wedding";

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'support');
    email = (host.session.userData as { email: string }).email;
    eventId = await createEventViaApi(app, host, { lang, name: eventName });
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
    await page.setViewportSize(PHONE);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows the WhatsApp button on the dashboard at the bottom-end corner, with the event id prefilled on event pages', async () => {
    await page.goto(`${app.url}/manage-events`);
    const button = page.locator(widget);
    await button.waitFor();
    expect(await button.getAttribute('target')).toBe('_blank');
    expect(await button.getAttribute('rel')).toContain('noopener');
    const href = (await button.getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/972500000000?text=')).toBe(true);
    expect(decodeURIComponent(href.split('text=')[1]!)).toBe(supportText(lang, 'widget.prefillGeneral'));
    expect(await button.getAttribute('aria-label')).toBe(supportText(lang, 'widget.label'));

    // The end corner: left in Hebrew (RTL), right in English.
    const box = (await button.boundingBox())!;
    if (lang === 'he') expect(box.x + box.width).toBeLessThan(PHONE.width / 2);
    else expect(box.x).toBeGreaterThan(PHONE.width / 2);
    expect(box.y + box.height).toBeGreaterThan(PHONE.height - 100);
    // Our own origin: no script from anywhere else was loaded for it.
    const foreign = await page.evaluate((origin) => performance.getEntriesByType('resource').map((r) => r.name).filter((n) => !n.startsWith(origin) && !n.startsWith('data:') && !n.startsWith('blob:')), app.url);
    expect(foreign).toEqual([]);

    await page.goto(`${app.url}/event/${eventId}/statistics`);
    await page.waitForFunction((id) => decodeURIComponent(document.querySelector('[data-testid="support-chat-widget"]')?.getAttribute('href') ?? '').includes(id), eventId);
    const eventHref = (await page.locator(widget).getAttribute('href'))!;
    expect(decodeURIComponent(eventHref.split('text=')[1]!)).toBe(supportText(lang, 'widget.prefill', { eventId }));
  });

  it('hides the button on the pricing page and the invitation preview', async () => {
    // Each hidden page is reached in the app from one that shows the button: the setting is loaded and the button
    // drawn, so its absence is the route's rule, not a page still loading (waiting for a quiet network was not a
    // page marker: a busy machine's polling kept it from coming in 30 s).
    const fromShownButton = async () => {
      await page.goto(`${app.url}/event/${eventId}/statistics`);
      await page.locator(widget).waitFor();
    };
    await fromShownButton();
    await page.locator(`[data-testid="tab-bar"] a[href="/pricing/${eventId}"]`).click();
    await page.waitForSelector('[data-testid="order-step"]');
    expect(await page.locator(widget).count()).toBe(0);

    await fromShownButton();
    await page.getByRole('button', { name: supportTexts(lang, 'layout.openMenu') }).click();
    await page.locator(`.MuiDrawer-root a[href="/event/${eventId}/invitation"]`).click();
    await page.waitForSelector('iframe');
    expect(await page.locator(widget).count()).toBe(0);

    // Back on a page that has it: the button returns (the hiding was the route's, not a failed load).
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.locator(widget).waitFor();
  });

  it('never covers an action: the page leaves room for the button at 390 and 1440 px (issue 28)', async () => {
    // Enough events that a card sits in the grid's end column at 1440 px, and a guest row with its end actions.
    for (const n of [2, 3]) await createEventViaApi(app, host, { lang, name: lang === 'he' ? `ברית ${n}` : `Bris ${n}` });
    await addGuestViaApi(app, host, eventId, { fullName: lang === 'he' ? 'דנה כהן' : 'Dana Cohen', phoneNumber: `052-555-83${lang === 'he' ? 1 : 2}1` });
    const pages = [`${app.url}/manage-events`, `${app.url}/event/${eventId}/guest/list`, `${app.url}/event/${eventId}/settings/details`];
    for (const size of [PHONE, { width: 1440, height: 900 }]) {
      await page.setViewportSize(size);
      for (const url of pages) {
        await page.goto(url);
        await page.locator(widget).waitFor();
        await page.locator('main button, main a').first().waitFor();
        const covered = await page.evaluate(
          ({ selector, wide }) => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const button = document.querySelector(selector)!.getBoundingClientRect();
            const actions = Array.from(document.querySelectorAll('main :is(a, button, input, select, textarea, [role="button"], [role="combobox"])'));
            return actions
              .filter((element) => {
                const box = element.getBoundingClientRect();
                if (box.width === 0 || box.height === 0) return false;
                const sideways = box.left < button.right && box.right > button.left;
                // At 1440 px the page's column stops short of the button's side at any scroll; at the end of a
                // page (phone or desktop) nothing is under it.
                if (wide) return sideways;
                return sideways && box.top < button.bottom && box.bottom > button.top;
              })
              .map((element) => `${element.tagName} ${element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.textContent?.slice(0, 30)}`);
          },
          { selector: widget, wide: size.width >= 1200 },
        );
        expect(covered, `${url} at ${size.width} px`).toEqual([]);
      }
    }
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.locator(widget).waitFor();
    await shoot(page, 'support-button-room', lang);
    await page.setViewportSize(PHONE);
  });

  it('searches the FAQ as the host types, with a "no results" state, and opens an answer', async () => {
    await page.goto(`${app.url}/FAQS-contact-us`);
    await page.waitForSelector('[data-testid="faq-list"]');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'he' ? 'rtl' : 'ltr');
    const items = page.locator('[data-testid="faq-list"] > .MuiAccordion-root');
    expect(await items.count()).toBe(8);

    const search = page.locator('[data-testid="faq-search"]');
    await search.fill(lang === 'he' ? 'עמלה' : 'fee');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="faq-list"] > .MuiAccordion-root').length === 1);
    await page.locator('[data-testid="faq-gifts"]').waitFor();

    await search.fill('zzqx-nothing');
    await page.locator('[data-testid="faq-no-results"]').waitFor();
    expect(plain(await page.locator('[data-testid="faq-no-results"]').textContent())).toBe(supportText(lang, 'faq.noResults', { query: 'zzqx-nothing' }));

    await search.fill(lang === 'he' ? 'שבועיים' : 'two weeks');
    const rsvp = page.locator('[data-testid="faq-rsvpStart"]');
    await rsvp.waitFor();
    const summary = rsvp.locator('[aria-expanded]');
    expect(await summary.getAttribute('aria-expanded')).toBe('false');
    await summary.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-testid="faq-rsvpStart"] [aria-expanded]')?.getAttribute('aria-expanded') === 'true');
    expect(plain(await rsvp.textContent())).toContain(supportText(lang, 'faq.items.rsvpStart.a'));
    await search.fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="faq-list"] > .MuiAccordion-root').length === 8);

    const hours = plain(await page.locator('[data-testid="service-hours"]').textContent());
    expect(hours).toContain(lang === 'he' ? 'יום ראשון–יום חמישי 09:00–21:00' : 'Sunday–Thursday 09:00–21:00');
    expect(hours).toContain(lang === 'he' ? 'יום שישי 09:00–15:00' : 'Friday 09:00–15:00');
  });

  it('sends the contact form: a toast, the e-mail to support in the dev mailbox, a confirmation to the host', async () => {
    const subject = lang === 'he' ? `שאלה על הסבבים ${Date.now()}` : `Question about rounds ${Date.now()}`;
    await page.locator('[data-testid="contact-subject"]').fill(subject);
    await page.locator('[data-testid="contact-message"]').fill(lang === 'he' ? 'מתי נשלח הסבב השני?' : 'When does the second round go?');
    await page.locator('[data-testid="contact-event"]').click();
    await page.locator('[role="option"]', { hasText: eventName }).click();
    await page.waitForSelector('[role="listbox"]', { state: 'detached' });
    await shoot(page, 'support-faq-contact', lang);
    await page.locator('[data-testid="contact-submit"]').click();
    await page.locator('[data-testid="toast"]', { hasText: supportText(lang, 'contact.sent') }).waitFor();
    expect(await page.locator('[data-testid="contact-subject"]').inputValue()).toBe('');

    const toSupport = await app.waitForMail(SUPPORT, (m) => m.subject.includes(subject));
    expect(toSupport.text).toContain(email);
    expect(toSupport.text).toContain(eventId);
    await app.waitForMail(email, (m) => m.text.includes(subject));

    await page.goto(`${app.url}/dev/mailbox`);
    await page.locator('[data-testid="mail-item"]', { hasText: subject }).first().waitFor();
  });
});

describe('guest pages', () => {
  it('are server-rendered without the app, so they never carry the support button', async () => {
    const html = await (await fetch(`${app.url}/invite/AAAAAAAAAAAAAAAAAAAAAA`)).text();
    expect(html).toMatch(/<html/);
    expect(html).not.toMatch(/assets\/main-[\w-]+\.js/);
    expect(html).not.toContain('id="root"');
    expect(html).not.toContain('wa.me');
  });
});
