import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, linkPathFrom, registerViaApi, startBuiltApp, uniqueEmail, type RunningApp } from './harness.js';
import { addGuestViaApi, API_HEADERS, callApi, contextWithSession, createEventViaApi, getGuestViaApi, signUpHost, type Host } from './host-fixtures.js';
import { PHONE, plain, shoot } from './invitation-kit.js';
import { appTexts } from './app-texts.js';

/** Co-hosts (issue 21): the owner invites, the invitee signs in from the e-mailed link, joins, works, and is removed. */
const cohostsTexts = appTexts(['cohosts']);
const cohostText = (lang: string, key: string, values: Record<string, string> = {}): string => cohostsTexts(lang, `cohosts.${key}`, values);

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

describe.each(['he', 'en'] as const)('co-hosts (%s)', (lang) => {
  const dir = lang === 'he' ? 'rtl' : 'ltr';
  const eventName = lang === 'he' ? 'החתונה של רותם ועידו' : "Rotem and Ido's wedding";
  const guestName = lang === 'he' ? 'דודה שושנה' : 'Aunt Shoshana';
  let owner: Host;
  let eventId: string;
  let guestId: string;
  let ownerContext: BrowserContext;
  let ownerPage: Page;
  let invitedContext: BrowserContext;
  let invitedPage: Page;
  const invitedEmail = uniqueEmail(`cohost-${lang}`);
  const invitedName = lang === 'he' ? 'דניאל לוי' : 'Daniel Levi';

  beforeAll(async () => {
    owner = await signUpHost(app, lang, 'cohost-owner');
    eventId = await createEventViaApi(app, owner, { lang, name: eventName });
    guestId = (await addGuestViaApi(app, owner, eventId, { fullName: guestName, phoneNumber: '0507000111' })).id;
    ownerContext = await contextWithSession(browser, owner, lang);
    ownerPage = await ownerContext.newPage();
    await ownerPage.setViewportSize(PHONE);
    // The invitee has an account already (registered and verified), and signs in from the invitation page.
    await registerViaApi(app, invitedEmail, { fullName: invitedName, lang });
    const token = linkPathFrom(await app.waitForMail(invitedEmail), 'verify-email').split('/').pop()!;
    await fetch(`${app.url}/api/auth/verifyEmail`, { method: 'POST', headers: API_HEADERS, body: JSON.stringify({ token }) });
    invitedContext = await browser.newContext();
    await invitedContext.addInitScript((chosen) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', chosen);
    }, lang);
    invitedPage = await invitedContext.newPage();
    await invitedPage.setViewportSize(PHONE);
  });
  afterAll(async () => {
    await ownerContext?.close();
    await invitedContext?.close();
  });

  let link: string;

  it('the owner invites by e-mail from the event settings', async () => {
    await ownerPage.goto(`${app.url}/event/${eventId}/settings`);
    const section = ownerPage.locator('[data-testid="cohosts-section"]');
    await section.waitFor();
    expect(await ownerPage.getAttribute('html', 'dir')).toBe(dir);
    expect(plain(await section.locator('h2').textContent())).toBe(cohostText(lang, 'title'));
    await ownerPage.fill('[data-testid="cohost-invite-form"] input[name="email"]', invitedEmail);
    await ownerPage.click('[data-testid="cohost-invite"]');
    await ownerPage.locator('[data-testid="cohost-invitation"]').waitFor();
    expect(plain(await ownerPage.locator('[data-testid="cohost-invitation"]').textContent())).toContain(invitedEmail);
    await shoot(ownerPage, 'cohosts-settings-owner', lang);

    const mail = await app.waitForMail(invitedEmail, (m) => m.text.includes('/cohost-invite/'));
    expect(mail.html).toContain(`dir="${dir}"`);
    link = /\/cohost-invite\/[A-Za-z0-9_-]+/.exec(mail.text)![0];
  });

  it('the invitee opens the link, signs in, comes back and joins; the event is theirs to work on, without payment', async () => {
    await invitedPage.goto(`${app.url}${link}`);
    await invitedPage.locator('[data-testid="cohost-invite-page"]').waitFor();
    expect(await invitedPage.getAttribute('html', 'dir')).toBe(dir);
    expect(plain(await invitedPage.locator('[data-testid="cohost-invite-event"]').textContent())).toBe(eventName);
    expect(plain(await invitedPage.locator('[data-testid="cohost-invite-inviter"]').textContent())).toContain('Noa Cohen');
    await shoot(invitedPage, 'cohosts-invite-page', lang);

    await invitedPage.click('[data-testid="cohost-sign-in"]');
    await invitedPage.waitForSelector('input[name="email"]');
    await invitedPage.fill('input[name="email"]', invitedEmail);
    await invitedPage.fill('input[name="password"]', E2E_PASSWORD);
    await invitedPage.click('button[type="submit"]');
    await invitedPage.waitForURL((url) => url.pathname === link);
    await invitedPage.locator('[data-testid="cohost-join"]').waitFor();
    await shoot(invitedPage, 'cohosts-invite-signed-in', lang);
    await invitedPage.click('[data-testid="cohost-join"]');
    await invitedPage.waitForURL((url) => url.pathname === `/event/${eventId}/statistics`);

    // No Payment/Upgrade tab and no buy button for a co-host (the guests tab shows the bar is there).
    const tabs = invitedPage.locator('[data-testid="tab-bar"]');
    await tabs.locator(`a[href="/event/${eventId}/guest/list"]`).waitFor();
    // The event has loaded (its name is the title): until then the tabs are an owner's. The tabs and the buy button
    // are drawn from that same answer (its role), so no quiet network is waited for: the dashboard polls.
    await invitedPage.waitForFunction((name) => document.querySelector('[data-testid="content-title"]')?.textContent?.includes(name), eventName);
    expect(await tabs.locator(`a[href="/pricing/${eventId}"]`).count()).toBe(0);
    expect(await invitedPage.locator('[data-testid="buy-package"]').count()).toBe(0);
    // The owner, on the same screen, has both.
    await ownerPage.goto(`${app.url}/event/${eventId}/statistics`);
    await ownerPage.locator(`[data-testid="tab-bar"] a[href="/pricing/${eventId}"]`).waitFor();
    await ownerPage.locator('[data-testid="buy-package"]').waitFor();
    // Issue 28: /pricing/<id> tells a co-host at once that only the owner pays (no step, no box to tick), and the
    // timing page's unpaid warning offers them no "buy" button.
    await invitedPage.goto(`${app.url}/pricing/${eventId}`);
    await invitedPage.locator('[data-testid="pricing-owner-only"]').waitFor();
    expect(await invitedPage.locator('input[type="checkbox"], .MuiStepper-root').count()).toBe(0);
    await invitedPage.goto(`${app.url}/event/${eventId}/guest/timing`);
    await invitedPage.locator('[data-testid="timing-unpaid"]').waitFor();
    expect(await invitedPage.locator('[data-testid="timing-buy"]').count()).toBe(0);

    // The event is in their list, marked, without delete.
    await invitedPage.goto(`${app.url}/manage-events`);
    const card = invitedPage.locator(`[data-testid="event-card"][data-event-id="${eventId}"]`);
    await card.waitFor();
    expect(plain(await card.locator('[data-testid="event-card-cohost"]').textContent())).toBe(cohostText(lang, 'badge'));
    expect(await card.locator('[data-testid="event-card-delete"]').count()).toBe(0);

    // They edit a guest.
    await invitedPage.goto(`${app.url}/event/${eventId}/guest/list`);
    await invitedPage.locator('[data-testid="guest-row"] a[href*="/guest/edit/"]').first().click();
    await invitedPage.waitForSelector('[data-testid="guest-form"]');
    await invitedPage.fill('[data-testid="guest-form"] input[name="fullName"]', `${guestName} (2)`);
    await invitedPage.click('[data-testid="guest-form"] button[type="submit"]');
    await invitedPage.waitForSelector('[data-testid="guest-form"] .MuiAlert-standardSuccess');
    expect((await getGuestViaApi(app, owner, eventId, guestId)).fullName).toBe(`${guestName} (2)`);

    // In the settings, the co-hosts are read-only for them.
    await invitedPage.goto(`${app.url}/event/${eventId}/settings`);
    await invitedPage.locator('[data-testid="cohost-member"]').nth(1).waitFor();
    expect(await invitedPage.locator('[data-testid="cohost-invite-form"]').count()).toBe(0);
    expect(await invitedPage.locator('[data-testid="cohost-remove"]').count()).toBe(0);
    await shoot(invitedPage, 'cohosts-settings-cohost', lang);
  });

  it('a new co-host registers from the invitation, verifies, signs in and lands on the shared event (issue 28)', async () => {
    const newEmail = uniqueEmail(`cohost-new-${lang}`);
    await callApi(app, owner, 'POST', `/event/${eventId}/cohosts`, { email: newEmail });
    const invitation = /\/cohost-invite\/[A-Za-z0-9_-]+/.exec((await app.waitForMail(newEmail, (m) => m.text.includes('/cohost-invite/'))).text)![0];
    const context = await browser.newContext();
    await context.addInitScript((chosen) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', chosen);
    }, lang);
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${app.url}${invitation}`);
    await page.click('[data-testid="cohost-register"]');
    await page.waitForSelector('input[name="fullName"]');
    await page.fill('input[name="fullName"]', lang === 'he' ? 'מיכל אברהם' : 'Michal Avraham');
    await page.fill('input[name="email"]', newEmail);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.fill('input[name="confirmPassword"]', E2E_PASSWORD);
    await page.check('input[name="acceptTerms"]');
    await page.check('input[name="isAdult"]');
    await page.click('button[type="submit"]');
    await page.waitForURL('**/send-verification-email');
    // The verification link carries the invitation on.
    const verifyMail = await app.waitForMail(newEmail, (m) => m.text.includes('/verify-email/'));
    const verifyLink = /\/verify-email\/[A-Za-z0-9_-]+(\?next=[^\s"<>]+)?/.exec(verifyMail.text)![0];
    expect(decodeURIComponent(verifyLink)).toContain(`next=${invitation}?join=1`);
    await page.goto(`${app.url}${verifyLink}`);
    await page.waitForSelector('[data-testid="verify-success"]');
    await shoot(page, 'cohosts-new-verified', lang);
    await page.click('[data-testid="verify-next"]');
    await page.waitForSelector('input[name="password"]');
    await page.fill('input[name="email"]', newEmail);
    await page.fill('input[name="password"]', E2E_PASSWORD);
    await page.click('button[type="submit"]');
    // Not "create your first event": the invitation is accepted and the shared event opens.
    await page.waitForURL((url) => url.pathname === `/event/${eventId}/statistics`);
    const members = (await callApi(app, owner, 'GET', `/event/${eventId}/cohosts`)) as { members: { email: string; userId: string }[] };
    const joined = members.members.find((member) => member.email === newEmail);
    expect(joined).toBeDefined();
    await context.close();
    // The next step counts one co-host: this one leaves again.
    const removed = await fetch(`${app.url}/api/event/${eventId}/cohosts/${joined!.userId}`, {
      method: 'DELETE',
      headers: { 'x-platform': 'web', authorization: `Bearer ${owner.token}` },
    });
    expect(removed.ok).toBe(true);
  });

  it('the owner removes the co-host, whose next request is refused', async () => {
    await ownerPage.goto(`${app.url}/event/${eventId}/settings`);
    const member = ownerPage.locator('[data-testid="cohost-member"]', { hasText: invitedName });
    await member.waitFor();
    await member.locator('[data-testid="cohost-remove"]').click();
    await ownerPage.locator('[data-testid="cohost-remove-dialog"]').waitFor();
    await shoot(ownerPage, 'cohosts-remove-dialog', lang);
    await ownerPage.click('[data-testid="cohost-remove-confirm"]');
    await ownerPage.waitForFunction(() => document.querySelectorAll('[data-testid="cohost-member"]').length === 1);

    // Their very next request: the event is gone for them.
    const session = await invitedPage.evaluate(() => localStorage.getItem('accessToken'));
    const res = await fetch(`${app.url}/api/event/${eventId}`, { headers: { ...API_HEADERS, authorization: `Bearer ${session}` } });
    expect(res.status).toBe(404);
    await invitedPage.goto(`${app.url}/event/${eventId}/statistics`);
    await invitedPage.waitForURL((url) => url.pathname === '/error-404');
    // The owner's event is untouched.
    expect(((await callApi(app, owner, 'GET', `/event/${eventId}`)) as { id: string }).id).toBe(eventId);
  });
});
