// `npm run bench:uploads`: uploads that must not stall the server, on the built app (embedded default, or
// BENCH_DATABASE_URL), over loopback. Prints figures; asserts nothing; every loop is bounded.
//  - the 900,000-row xlsx (4.4 MB, inside the zip limits): time to FILE_TOO_MANY_ROWS alone and five at once,
//    the server's peak RSS, and /api/health p99 while the five are read;
//  - a 10,000-guest export: its time and /api/health p99 meanwhile;
//  - a 6000×6000 AVIF of a few hundred bytes (refused from its header) and a 4800×4800 one (the largest AVIF
//    taken): time to refusal or processing and the server's peak RSS.
import sharp from 'sharp';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { manyRowsWorkbook } from '../apps/server/src/modules/guests/guest-sheet-samples.js';
import { API_HEADERS, ensureBuilt, fmt, rssMb, signedInToken, startBuiltApp } from './bench-server.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Health pollers at once while uploads run (a few clients, not a load test). */
const POLLERS = 4;
/** No phase may run longer than this, whatever the server does. */
const PHASE_LIMIT_MS = 180_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

await ensureBuilt(false);
const app = await startBuiltApp(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {});
const pid = app.child.pid!;

/**
 * Runs `work` while sampling the server's RSS every 10 ms and polling /api/health with a few clients; answers
 * the work's result, its time, the peak RSS and the health latencies.
 */
const watched = async <T>(work: () => Promise<T>) => {
  let done = false;
  let peakRss = rssMb(pid);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 10);
  const latencies: number[] = [];
  const deadline = Date.now() + PHASE_LIMIT_MS;
  const poll = async () => {
    while (!done && Date.now() < deadline) {
      const started = performance.now();
      await (await fetch(`${app.url}/api/health`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const pollers = Array.from({ length: POLLERS }, poll);
  const started = performance.now();
  const value = await work();
  const ms = performance.now() - started;
  done = true;
  await Promise.all(pollers);
  clearInterval(sampler);
  return { value, ms, peakRss, healthP99: percentile(latencies, 99), healthMax: Math.max(0, ...latencies), healthCount: latencies.length };
};

try {
  const token = await signedInToken(app.url);
  const auth = { 'x-platform': 'web', authorization: `Bearer ${token}` };
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${app.url}/api${route}`, { method, headers: { ...API_HEADERS, ...auth }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };
  const upload = async (route: string, parts: Record<string, Blob | string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(parts)) {
      if (typeof value === 'string') form.append(name, value);
      else form.append(name, value, `${name}.bin`);
    }
    const res = await fetch(`${app.url}/api${route}`, { method: 'POST', headers: auth, body: form });
    return { status: res.status, body: (await res.json()) as { code?: string } };
  };

  const [place] = await api<{ placeId: string }[]>('GET', `/places/suggest?q=${encodeURIComponent('תל אביב')}&lang=he`);
  if (!place) throw new Error('no place suggestion');
  const today = todayInBusinessZone();
  const newEvent = () =>
    api<{ id: string }>('POST', '/event/newEvent', {
      names: { he: 'חתונת בנצ׳מרק' },
      date: addDays(today, 60),
      time: '19:30',
      location: { placeId: place.placeId },
      defaultLang: 'he',
      langs: ['he'],
      rsvpStartDate: addDays(today, 40),
      meals: { ask: 'no_need_to_ask', options: [] },
      transport: { ask: 'no_need_to_ask', options: [] },
      includeCallsPreference: false,
      messageSystemPreference: 3,
    });
  const event = await newEvent();
  const idleRss = rssMb(pid);
  console.log(`server idle RSS ${fmt(idleRss)} MB`);

  // The 900,000-row file.
  const many = new Blob([new Uint8Array(manyRowsWorkbook(900_000))], { type: XLSX_TYPE });
  console.log(`\n900,000 one-cell rows: ${(many.size / 1024 / 1024).toFixed(1)} MB`);
  const importMany = () => upload(`/guests/import/${event.id}?commit=false`, { file: many });
  const baseline = await watched(async () => new Promise((resolve) => setTimeout(resolve, 2_000)));
  console.log(`  /api/health with nothing else running: p99 ${fmt(baseline.healthP99, 1)} ms (${baseline.healthCount} requests)`);
  const one = await watched(importMany);
  console.log(`  one upload:  ${one.value.status} ${one.value.body.code} in ${fmt(one.ms)} ms; server peak RSS ${fmt(one.peakRss)} MB (+${(one.peakRss - idleRss).toFixed(0)})`);
  const five = await watched(() => Promise.all(Array.from({ length: 5 }, importMany)));
  console.log(
    `  five at once: ${five.value.map((res) => `${res.status} ${res.body.code}`).join(', ')} in ${fmt(five.ms)} ms; ` +
      `server peak RSS ${fmt(five.peakRss)} MB (+${(five.peakRss - idleRss).toFixed(0)})`,
  );
  console.log(`  /api/health meanwhile: p99 ${fmt(five.healthP99, 1)} ms, longest ${fmt(five.healthMax, 1)} ms (${five.healthCount} requests)`);

  // A 10,000-guest export.
  const big = await newEvent();
  const rows = Array.from({ length: 10_000 }, (_, i) => ({ fullName: `אורח מספר ${i} משפחת כהן-לוי`, phoneNumber: `05${2 + (i % 3)}-${String(i).padStart(7, '0')}`, group: 'חברים' }));
  await api('POST', `/guests/rows/${big.id}?commit=true`, { rows });
  const exported = await watched(async () => {
    const res = await fetch(`${app.url}/api/guests/export/${big.id}/he`, { headers: auth });
    if (!res.ok) throw new Error(`export: ${res.status}`);
    return res.arrayBuffer();
  });
  console.log(`\n10,000-guest export: ${(exported.value.byteLength / 1024).toFixed(0)} KB in ${fmt(exported.ms)} ms`);
  console.log(`  /api/health meanwhile: p99 ${fmt(exported.healthP99, 1)} ms, longest ${fmt(exported.healthMax, 1)} ms`);

  // AVIFs: the issue's 6000×6000 (refused from its header) and the largest one taken (23 MP, decoded once).
  const postImage = (avif: Buffer) => upload(`/event/editEvent/${event.id}`, { data: '{}', image: new Blob([new Uint8Array(avif)], { type: 'image/avif' }) });
  for (const side of [6000, 4800]) {
    const avif = await sharp({ create: { width: side, height: side, channels: 3, background: '#a06' } }).avif({ effort: 0 }).toBuffer();
    const before = rssMb(pid);
    const image = await watched(() => postImage(avif));
    console.log(
      `\n${side}×${side} AVIF of ${avif.length} bytes: ${image.value.status}${image.value.body.code ? ` ${image.value.body.code}` : ''} in ${fmt(image.ms)} ms; ` +
        `server peak RSS ${fmt(image.peakRss)} MB (+${(image.peakRss - before).toFixed(0)})`,
    );
    console.log(`  /api/health meanwhile: p99 ${fmt(image.healthP99, 1)} ms, longest ${fmt(image.healthMax, 1)} ms`);
  }
} finally {
  await app.stop();
}
