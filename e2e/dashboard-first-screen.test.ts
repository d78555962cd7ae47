import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useFirstScreenHost } from './first-screen-host.js';
import { callApi, contextWithSession, createEventViaApi, signUpHost, type Host } from './host-fixtures.js';

/**
 * Issue 16: a signed-in host's first screens on a slow phone. The entry asks for the screen's data while the
 * app's code is still downloading, and the code comes in a few files, not dozens; what the screens do is unchanged
 * (an event that is not there is not found, a session that ended signs out).
 */
const setup = useFirstScreenHost('first-screen-data');

interface Sent {
  url: string;
  kind: string;
  sentMs: number;
  doneMs: number | undefined;
}

/** A cold page on a slow link (1.6 Mbps, 400 ms), recording when each request leaves and when its answer is in. */
const slowPage = async (as: Host): Promise<{ page: Page; sent: Sent[] }> => {
  const { browser } = setup;
  const context = await contextWithSession(browser, as, 'he');
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 200_000, uploadThroughput: 94_000 });
  const sent: Sent[] = [];
  const started = Date.now();
  page.on('request', (request) => sent.push({ url: request.url(), kind: request.resourceType(), sentMs: Date.now() - started, doneMs: undefined }));
  page.on('requestfinished', (request) => {
    const entry = sent.find((s) => s.url === request.url() && s.doneMs === undefined);
    if (entry) entry.doneMs = Date.now() - started;
  });
  return { page, sent };
};

// A few files, not dozens: the entry, the app and its vendors, the two screens' shared and own files (the
// dashboard's own texts apart), and what loads right after paint (the other texts, the answer checks) when the
// harness sees the content a poll late.
const scripts = (sent: Sent[]) => sent.filter((s) => s.kind === 'script');
const path = (s: Sent) => new URL(s.url).pathname;

describe('a signed-in first screen on a slow phone', () => {
  it("asks for the dashboard's event and figures before its code has arrived, and gets the code in a few files", async () => {
    const { app, host, eventId } = setup;
    const { page, sent } = await slowPage(host);
    await page.goto(`${app.url}/event/${eventId}/statistics`, { waitUntil: 'commit' });
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="stat-invitees-value"]')?.textContent ?? ''), null, { timeout: 60_000 });
    await page.waitForSelector('[data-testid="stat-attending-value"] bdi', { timeout: 60_000 });
    const before = [...sent];

    const eventCall = before.filter((s) => path(s) === `/api/event/${eventId}`);
    const statsCall = before.find((s) => path(s) === `/api/stats/${eventId}`);
    expect(eventCall).toHaveLength(1);
    expect(statsCall).toBeDefined();
    // The figures were asked for while scripts were still arriving, not after the last one.
    const lastScriptDone = Math.max(...scripts(before).map((s) => s.doneMs ?? Infinity));
    expect(eventCall[0]!.sentMs).toBeLessThan(lastScriptDone);
    expect(statsCall!.sentMs).toBeLessThan(lastScriptDone);
    expect(scripts(before).length, scripts(before).map(path).join('\n')).toBeLessThanOrEqual(12);
    await page.context().close();
  });

  it('asks for the event list with the code on /manage-events', async () => {
    const { app, host } = setup;
    const { page, sent } = await slowPage(host);
    await page.goto(`${app.url}/manage-events`, { waitUntil: 'commit' });
    await page.waitForSelector('[data-testid="event-card-name"]', { timeout: 60_000 });
    const before = [...sent];
    const listCall = before.filter((s) => path(s) === '/api/event/fetchEvents');
    expect(listCall).toHaveLength(1);
    expect(listCall[0]!.sentMs).toBeLessThan(Math.max(...scripts(before).map((s) => s.doneMs ?? Infinity)));
    expect(scripts(before).length, scripts(before).map(path).join('\n')).toBeLessThanOrEqual(12);
    await page.context().close();
  });

  it('shows the not-found page for an event that is not there, as before', async () => {
    const { app, browser, host } = setup;
    const context = await contextWithSession(browser, host, 'he');
    const page = await context.newPage();
    await page.goto(`${app.url}/event/00000000-0000-4000-8000-000000000000/statistics`);
    await page.waitForURL(/\/error-404$/);
    await context.close();
  });

  it('signs out to the sign-in page when the stored session has ended', async () => {
    const { app, browser } = setup;
    const other = await signUpHost(app, 'he', 'first-screen-ended');
    const otherEvent = await createEventViaApi(app, other, { lang: 'he', name: 'בר מצווה' });
    const context = await contextWithSession(browser, other, 'he');
    await callApi(app, other, 'POST', '/auth/logout', {});
    const page = await context.newPage();
    await page.goto(`${app.url}/event/${otherEvent}/statistics`);
    await page.waitForURL(/\/login/);
    await page.waitForSelector('input[name="email"]', { state: 'visible' });
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    await context.close();
  });
});
