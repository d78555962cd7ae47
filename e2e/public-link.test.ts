import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, startBuiltApp, type RunningApp } from './harness.js';
import { addGuestViaApi, API_HEADERS, callApi, contextWithSession, createEventViaApi, getGuestViaApi, signUpHost, type Host } from './host-fixtures.js';
import { expectAxeClean, plain, shoot } from './invitation-kit.js';

/**
 * The host chooses who may answer on the general link (new guests wait for approval, a budget for new guests),
 * approves a new guest who answered on it, and applies a public answer kept beside a listed guest's own answer;
 * the guest's own answer is untouched until then; the bell names both by what they typed and opens where each
 * waits. Hebrew and English, phone and desktop, axe clean.
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

const TEXTS = {
  he: { event: 'החתונה של נועה ואורי', listed: 'דנה כהן', typed: 'אמא של דנה', newcomer: 'יוסי לוי', saved: 'הגדרות הקישור נשמרו', budget: 'מתוך 80' },
  en: { event: "Noa & Uri's wedding", listed: 'Dana Cohen', typed: "Dana's mum", newcomer: 'Yossi Levi', saved: 'Link settings saved', budget: 'of 80' },
} as const;

const answerOnPublicLink = async (publicUrl: string, body: Record<string, unknown>) => {
  const token = publicUrl.split('/').pop()!;
  const res = await fetch(`${app.url}/api/invite/public/${token}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.json();
};

describe.each(['he', 'en'] as const)('the general link, in %s', (lang) => {
  const texts = TEXTS[lang];
  let host: Host;
  let eventId: string;
  let context: BrowserContext;
  let page: Page;
  let listedId: string;

  beforeAll(async () => {
    host = await signUpHost(app, lang, 'public-link');
    eventId = await createEventViaApi(app, host, { lang, name: texts.event });
    const listed = await addGuestViaApi(app, host, eventId, { fullName: texts.listed, phoneNumber: '052-555-3101', countOfInvites: 3, lang });
    listedId = listed.id;
    // The guest answered on their own link.
    const own = listed.inviteUrl.split('/').pop()!;
    await fetch(`${app.url}/api/invite/${own}`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ status: 'approved', attending: 3 }) });
    context = await contextWithSession(browser, host, lang);
    page = await context.newPage();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('sets the link to ask before adding new guests, and raises the new-guest budget', async () => {
    await page.goto(`${app.url}/event/${eventId}/guest/list`);
    await page.waitForSelector('[data-testid="public-link-settings"]');
    await Promise.all([page.waitForResponse((res) => res.url().includes('/public-link') && res.request().method() === 'PUT'), page.click('[data-testid="public-link-approve"]')]);
    await page.getByText(texts.saved).first().waitFor();
    await page.fill('[data-testid="public-link-budget-input"]', '80');
    await Promise.all([page.waitForResponse((res) => res.url().includes('/public-link') && res.request().method() === 'PUT'), page.click('[data-testid="public-link-budget-save"]')]);
    await page.waitForFunction((needle) => document.querySelector('[data-testid="public-link-budget"]')?.textContent?.replace(/[\u2066-\u2069]/g, '').includes(needle), texts.budget);
    const state = (await callApi(app, host, 'GET', `/event/${eventId}/public-link`)) as { mode: string; approveNewGuests: boolean; newGuestBudget: number };
    expect(state).toMatchObject({ mode: 'open', approveNewGuests: true, newGuestBudget: 80 });
    await expectAxeClean(page, `public link settings ${lang}`);
  });

  it('approves a new guest who answered on the link; until then they are not on the list', async () => {
    const { publicInviteUrl } = (await callApi(app, host, 'GET', `/event/${eventId}`)) as { publicInviteUrl: string };
    await answerOnPublicLink(publicInviteUrl, { fullName: texts.newcomer, phoneNumber: '052-555-3202', lang, status: 'approved', attending: 2, comments: '' });
    // A public answer from the listed guest's phone, typed by someone else: kept beside her own answer.
    await answerOnPublicLink(publicInviteUrl, { fullName: texts.typed, phoneNumber: '052-555-3101', lang, status: 'declined', comments: '' });
    expect(((await callApi(app, host, 'GET', `/guests/list/${eventId}`)) as { total: number }).total).toBe(1);

    // The bell names both by what they typed and leads to where each waits.
    await page.reload();
    await page.click('[data-testid="notifications-bell"]');
    const keptLine = page.locator('[data-testid="notification-item"][data-type="publicAnswerKept"]');
    const waitingLine = page.locator('[data-testid="notification-item"][data-type="publicGuestWaiting"]');
    await waitingLine.waitFor();
    expect(plain(await keptLine.textContent())).toContain(texts.typed);
    expect(plain(await waitingLine.textContent())).toContain(texts.newcomer);
    expect(await keptLine.getAttribute('href')).toBe(`/event/${eventId}/guest/edit/${listedId}`);
    await shoot(page, 'public-link-bell', lang);
    await waitingLine.click();
    await page.waitForURL(new RegExp(`/event/${eventId}/guest/list#waiting-guests$`));
    const waiting = page.locator('[data-testid="public-answers-newGuests"]');
    await waiting.waitFor();
    // In view, below the fixed app bar.
    await page.waitForFunction(() => {
      const top = document.getElementById('waiting-guests')?.getBoundingClientRect().top;
      const bar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
      return top !== undefined && top >= bar - 1 && top < window.innerHeight;
    });
    expect(plain(await waiting.textContent())).toContain(texts.newcomer);
    await shoot(page, 'public-link-waiting', lang);
    await waiting.locator('[data-testid="public-answer-apply"]').click();
    await waiting.waitFor({ state: 'detached' });
    const list = (await callApi(app, host, 'GET', `/guests/list/${eventId}`)) as { total: number; items: { fullName: string; status: string; attending: number }[] };
    expect(list.total).toBe(2);
    expect(list.items.find((guest) => guest.fullName === texts.newcomer)).toMatchObject({ status: 'approved', attending: 2 });
  });

  it("shows the kept answer beside the guest's own on the edit screen, and applies it", async () => {
    expect(await getGuestViaApi(app, host, eventId, listedId)).toMatchObject({ status: 'approved', attending: 3 });
    await page.goto(`${app.url}/event/${eventId}/guest/edit/${listedId}`);
    const kept = page.locator('[data-testid="public-answers-guest"]');
    await kept.waitFor();
    expect(plain(await kept.textContent())).toContain(texts.typed);
    await page.waitForSelector('[data-testid="guest-answer-card"]');
    await shoot(page, 'public-answer-kept', lang);
    await kept.locator('[data-testid="public-answer-apply"]').click();
    await kept.waitFor({ state: 'detached' });
    expect(await getGuestViaApi(app, host, eventId, listedId)).toMatchObject({ status: 'declined', changedDecision: true });

    await page.goto(`${app.url}/event/${eventId}/guest/answers`);
    await page.waitForSelector('[data-testid="answer-entry"]');
    expect(plain(await page.locator('[data-testid="answer-entry"]').first().textContent())).toContain(texts.typed);
    await shoot(page, 'public-answers-history', lang);
  });
});
