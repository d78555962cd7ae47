// `npm run bench:web`: what the first screen costs. Builds if needed, starts the built server, opens /login in
// Chromium on a throttled phone profile and prints the compressed bytes it fetched, the build's totals and
// largest chunks, and the time until the login form is visible (median of BENCH_RUNS). Asserts nothing.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { launchBrowser, resolveBrowser } from '../e2e/browser.js';
import { ensureBuilt, root, startBuiltApp } from './bench-server.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const TARGET_MS = 2000;
const JS_BUDGET = 150 * 1024;
/** A mid-range phone on a weak 3G/4G link: ~1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU 4× slower. */
const PHONE = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0, cpuSlowdown: 4 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Kind = 'js' | 'css' | 'font' | 'html' | 'other';
const kindOf = (url: string, mime: string): Kind => {
  if (/javascript/.test(mime) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (/css/.test(mime)) return 'css';
  if (/font|woff2?/.test(mime) || /\.woff2?$/.test(url)) return 'font';
  if (/html/.test(mime)) return 'html';
  return 'other';
};

const distReport = () => {
  const dist = path.join(root, 'apps/web/dist');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => (statSync(path.join(dir, name)).isDirectory() ? walk(path.join(dir, name)) : [path.join(dir, name)]));
  const files = walk(dist).filter((f) => !/\.(br|gz)$/.test(f));
  const size = (f: string) => statSync(f).size;
  const brSize = (f: string) => {
    try {
      return statSync(`${f}.br`).size;
    } catch {
      return size(f);
    }
  };
  const js = files.filter((f) => f.endsWith('.js'));
  const sum = (list: string[], of: (f: string) => number) => list.reduce((total, f) => total + of(f), 0);
  console.log('\n== build (apps/web/dist)');
  console.log(`files ${files.length}; all ${kb(sum(files, size))} raw, ${kb(sum(files, brSize))} as served (brotli where precompressed)`);
  console.log(`JavaScript ${js.length} chunks: ${kb(sum(js, size))} raw, ${kb(sum(js, brSize))} brotli`);
  console.log('largest chunks (brotli / raw):');
  for (const f of [...js].sort((a, b) => brSize(b) - brSize(a)).slice(0, 8)) {
    console.log(`  ${kb(brSize(f)).padStart(9)} / ${kb(size(f)).padStart(9)}  ${path.basename(f)}`);
  }
};

interface Run {
  formVisibleMs: number;
  firstPaintMs: number;
  bytes: Record<Kind, number>;
  encodings: Set<string>;
  files: number;
}

const loadLogin = async (browser: Awaited<ReturnType<typeof launchBrowser>>, url: string): Promise<Run> => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE.latency,
    downloadThroughput: PHONE.downloadThroughput,
    uploadThroughput: PHONE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
  const requests = new Map<string, { url: string; mime: string; encoding: string }>();
  const bytes: Record<Kind, number> = { js: 0, css: 0, font: 0, html: 0, other: 0 };
  const encodings = new Set<string>();
  let files = 0;
  cdp.on('Network.responseReceived', (event) => {
    const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), String(v)]));
    requests.set(event.requestId, { url: event.response.url, mime: event.response.mimeType, encoding: headers['content-encoding'] ?? 'identity' });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (!request || request.url.includes('/api/')) return;
    const kind = kindOf(request.url, request.mime);
    bytes[kind] += event.encodedDataLength;
    files += 1;
    if (kind === 'js' || kind === 'css' || kind === 'html') encodings.add(`${kind}:${request.encoding}`);
  });
  await page.goto(`${url}/login`, { waitUntil: 'commit' });
  await page.waitForSelector('input[name="email"]', { state: 'visible', timeout: 60_000 });
  const timing = await page.evaluate(() => ({
    now: performance.now(),
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  }));
  // Let the fonts and late chunks finish, so the byte count is complete.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { formVisibleMs: timing.now, firstPaintMs: timing.paint, bytes, encodings, files };
};

const main = async () => {
  await ensureBuilt(true);
  distReport();
  const binary = await resolveBrowser();
  const app = await startBuiltApp({ LOG_LEVEL: 'warn' });
  const browser = await launchBrowser();
  try {
    console.log(`\n== /login on a phone profile (${PHONE.downloadThroughput * 8 / 1e6} Mbps down, ${PHONE.latency} ms RTT, CPU ${PHONE.cpuSlowdown}× slower), ${RUNS} cold runs`);
    console.log(`browser: ${binary.source} ${browser.version()} (${binary.executablePath}); playwright-core ${chromium.name()}`);
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await loadLogin(browser, app.url);
      runs.push(run);
      console.log(`  run ${i + 1}: first paint ${run.firstPaintMs.toFixed(0)} ms, login form visible ${run.formVisibleMs.toFixed(0)} ms`);
    }
    const last = runs[runs.length - 1]!;
    console.log(`fetched (${last.files} files, bytes on the wire incl. headers; ${[...last.encodings].sort().join(', ')}):`);
    console.log(`  JavaScript ${kb(last.bytes.js)}${last.bytes.js <= JS_BUDGET ? '' : '  OVER the 150 KB budget'}`);
    console.log(`  CSS ${kb(last.bytes.css)}, fonts ${kb(last.bytes.font)}, HTML ${kb(last.bytes.html)}, other ${kb(last.bytes.other)}`);
    const visible = median(runs.map((r) => r.formVisibleMs));
    console.log(`median: first paint ${median(runs.map((r) => r.firstPaintMs)).toFixed(0)} ms; login form visible ${visible.toFixed(0)} ms (target < ${TARGET_MS} ms)${visible < TARGET_MS ? '' : '  SLOWER than target'}`);
  } finally {
    await browser.close();
    await app.stop();
  }
};

await main();
