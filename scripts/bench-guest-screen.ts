/// <reference lib="dom" />
// `npm run bench:guest-screen`: the guest-list screen of a 10,000-guest event in Chromium. Prints how long the
// first page takes to show, how long each filter / search / page change takes until the new rows are on
// screen, and how smooth the page stays meanwhile (frame gaps, long tasks). Asserts nothing.
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { launchBrowser } from '../e2e/browser.js';
import { API_HEADERS, ensureBuilt, signedInToken, startBuiltApp } from './bench-server.js';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 10_000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

await ensureBuilt(true);
const app = await startBuiltApp();
try {
  const token = await signedInToken(app.url);
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${app.url}/api${url}`, {
      method,
      headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<unknown>;
  };
  const [place] = (await call('GET', '/places/suggest?q=Haifa&lang=en')) as { placeId: string }[];
  const date = addDays(todayInBusinessZone(), 90);
  const event = (await call('POST', '/event/newEvent', {
    names: { he: 'אירוע למדידה' },
    date,
    time: '20:00',
    location: { placeId: place!.placeId },
    defaultLang: 'he',
    langs: ['he', 'en'],
    rsvpStartDate: addDays(date, -14),
    meals: { ask: 'no_need_to_ask', options: [] },
    transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: false,
    messageSystemPreference: 3,
  })) as { id: string };
  const groupNames = ['משפחה', 'חברים', 'עבודה', 'צבא', 'שכנים'];
  const rows = Array.from({ length: GUESTS }, (_, i) => ({
    fullName: `אורח ${i} ${['כהן', 'לוי', 'מזרחי', 'פרץ', 'ביטון'][i % 5]}`,
    phoneNumber: `05${2 + (i % 3)}${String(i).padStart(7, '0')}`,
    countOfInvites: String(1 + (i % 4)),
    group: groupNames[i % groupNames.length],
  }));
  const started = performance.now();
  const result = (await call('POST', `/guests/rows/${event.id}?commit=true`, { rows })) as { imported: number };
  console.log(`seeded ${result.imported} guests in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const login = (await (await fetch(`${app.url}/api/user/me`, { headers: { ...API_HEADERS, authorization: `Bearer ${token}` } })).json()) as { userData: unknown };
  const browser = await launchBrowser();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript(
    ({ accessToken, userData }) => {
      localStorage.setItem('accessToken', accessToken);
      localStorage.setItem('userData', JSON.stringify(userData));
      localStorage.setItem('userAbility', JSON.stringify([{ action: 'read', subject: 'Public' }, { action: 'manage', subject: 'Account' }, { action: 'manage', subject: 'Event' }]));
      localStorage.setItem('lang', 'he');
      // frame gaps and long tasks, collected from the first paint on
      const w = window as unknown as { __frames: number[]; __longTasks: number[] };
      w.__frames = [];
      w.__longTasks = [];
      // main-thread gaps: a 16 ms timer that fires late was blocked (headless rAF follows no display, so a timer it is)
      let last = performance.now();
      setInterval(() => {
        const now = performance.now();
        w.__frames.push(now - last);
        last = now;
      }, 16);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask' as 'mark', buffered: true });
    },
    { accessToken: token, userData: login.userData },
  );
  const page = await context.newPage();
  const firstStart = performance.now();
  await page.goto(`${app.url}/event/${event.id}/guest/list?pageSize=100`);
  await page.waitForSelector('[data-testid="guest-row"]');
  const firstPage = performance.now() - firstStart;

  const firstRowText = () => page.locator('[data-testid="guest-row"]').first().textContent();
  const timeUntilChange = async (action: () => Promise<unknown>) => {
    const before = await firstRowText();
    const t0 = performance.now();
    await action();
    await page.waitForFunction(
      (previous) => document.querySelector('[data-testid="guest-row"]')?.textContent !== previous,
      before,
      { timeout: 10_000, polling: 10 },
    ).catch(() => undefined);
    return performance.now() - t0;
  };
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __longTasks: number[] };
    w.__frames = [];
    w.__longTasks = [];
  });
  const searches: number[] = [];
  for (const q of ['אורח 12', 'לוי', '0530000', 'מזרחי', 'אורח 99']) {
    searches.push(await timeUntilChange(() => page.fill('[data-testid="guest-search"]', q)));
  }
  await page.fill('[data-testid="guest-search"]', '');
  await page.waitForTimeout(600);
  const pages: number[] = [];
  for (let i = 0; i < 5; i++) pages.push(await timeUntilChange(() => page.getByRole('button', { name: 'לעמוד הבא' }).click()));
  const sorts: number[] = [];
  for (const column of ['שם מלא', 'מוזמנים', 'שם מלא']) sorts.push(await timeUntilChange(() => page.getByRole('button', { name: column }).first().click()));
  const scrolls: number[] = [];
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    await page.mouse.wheel(0, i % 2 ? -1200 : 1200);
    await page.waitForTimeout(120);
    scrolls.push(performance.now() - t0);
  }
  const { frames, longTasks } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __longTasks: number[] };
    return { frames: w.__frames, longTasks: w.__longTasks };
  });
  await browser.close();

  console.log(`\n== guest list screen, ${GUESTS.toLocaleString()} guests, 100 rows a page (Chromium, 1440 px)`);
  console.log(`first page on screen: ${firstPage.toFixed(0)} ms (navigation to rows, cold)`);
  console.log(`search as typed → new rows: median ${median(searches).toFixed(0)} ms (includes the 300 ms typing pause)`);
  console.log(`next page → new rows: median ${median(pages).toFixed(0)} ms`);
  console.log(`sort → new rows: median ${median(sorts).toFixed(0)} ms`);
  console.log(`main thread while filtering, paging and scrolling (16 ms timer): ${frames.length} ticks, p95 gap ${percentile(frames, 0.95).toFixed(1)} ms, worst ${Math.max(...frames).toFixed(0)} ms`);
  console.log(`long tasks (> 50 ms): ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ''}`);
} finally {
  await app.stop();
}
