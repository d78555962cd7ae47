import { launchBrowser } from '../e2e/browser.js';
import { signedInSession, startBuiltApp } from './bench-server.js';
const H = (t: string) => ({ 'x-platform': 'web', 'content-type': 'application/json', authorization: `Bearer ${t}` });
const main = async () => {
  const app = await startBuiltApp({ LOG_LEVEL: 'warn' });
  const browser = await launchBrowser();
  try {
    const session = await signedInSession(app.url);
    const [place] = (await (await fetch(`${app.url}/api/places/suggest?q=${encodeURIComponent('חיפה')}&lang=he`, { headers: H(session.accessToken) })).json()) as { placeId: string }[];
    const d = new Date(Date.now() + 60 * 864e5).toISOString().slice(0, 10);
    const ev = (await (await fetch(`${app.url}/api/event/newEvent`, { method: 'POST', headers: H(session.accessToken), body: JSON.stringify({ names: { he: 'החתונה של נועה ודניאל' }, date: d, time: '19:30', location: { placeId: place!.placeId }, defaultLang: 'he', langs: ['he'], rsvpStartDate: new Date(Date.now() + 46 * 864e5).toISOString().slice(0, 10), meals: { ask: 'no_need_to_ask', options: [] }, transport: { ask: 'no_need_to_ask', options: [] }, includeCallsPreference: false, messageSystemPreference: 3 }) })).json()) as { id: string };
    const rows = Array.from({ length: 10 }, (_, i) => ({ fullName: `אורח ${i + 1}`, phoneNumber: `052${String(1_000_000 + i).padStart(7, '0')}`, countOfInvites: '2' }));
    await fetch(`${app.url}/api/guests/rows/${ev.id}?commit=true`, { method: 'POST', headers: H(session.accessToken), body: JSON.stringify({ rows }) });
    for (const [w, h] of [[390, 844], [1440, 900]]) {
      const context = await browser.newContext({ viewport: { width: w!, height: h! } });
      await context.addInitScript((s) => { localStorage.setItem('accessToken', s.accessToken); localStorage.setItem('userData', JSON.stringify(s.userData)); localStorage.setItem('userAbility', JSON.stringify(s.userAbility)); localStorage.setItem('lang', 'he'); }, session);
      const page = await context.newPage();
      await page.goto(`${app.url}/manage-events`);
      await page.waitForSelector('[data-testid="event-card-name"]');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shot-events-${w}.png` });
      await page.goto(`${app.url}/event/${ev.id}/statistics`);
      await page.waitForSelector('[data-testid="stat-attending-value"]');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shot-dash-${w}.png` });
      await context.close();
    }
  } finally { await browser.close(); await app.stop(); }
};
void main();
