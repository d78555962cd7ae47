// `npm run bench:invite`: the guest's invitation page on the built app (embedded default), beside a plain Fastify
// "hello" measured in the same run. Prints figures; asserts nothing.
//  - the personal page (server-rendered HTML) and its JSON: target ≥ 1,500 req/s with p99 < 50 ms on 2 cores;
//  - the answer POST (the same answer again: the guest's second tap);
//  - 500 concurrent answers from 500 different guests: none lost;
//  - the page's compressed sizes (HTML ≤ 14 KB, all JS ≤ 50 KB);
//  - with the limits on: 10,000 guessed links, and the phones one address answers for on a public link until 429.
// BENCH_SECONDS (default 5) sets each load's length.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { addDays, todayInBusinessZone, type EventStatsDto, type GuestListResponse } from '@magiim/shared';
import { API_HEADERS, ensureBuilt, fmt, load, signedInToken, startBuiltApp, startPlainFastify } from './bench-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const GUESTS = 600;

await ensureBuilt(true);
const plain = await startPlainFastify();
const app = await startBuiltApp();
try {
  const token = await signedInToken(app.url);
  const auth = { ...API_HEADERS, authorization: `Bearer ${token}` };
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${app.url}/api${route}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<T>;
  };

  const [place] = await api<{ placeId: string }[]>('GET', `/places/suggest?q=${encodeURIComponent('תל אביב')}&lang=he`);
  if (!place) throw new Error('no place suggestion');
  const today = todayInBusinessZone();
  const event = await api<{ id: string }>('POST', '/event/newEvent', {
    names: { he: 'החתונה של נועה ודני', en: "Noa and Dani's wedding", ru: 'Свадьба Ноа и Дани', ar: 'زفاف نوعا وداني' },
    date: addDays(today, 60),
    time: '19:30',
    location: { placeId: place.placeId, name: 'אולמי הגן' },
    defaultLang: 'he',
    langs: ['he', 'en', 'ru', 'ar'],
    rsvpStartDate: addDays(today, 40),
    meals: { ask: 'all_guests', options: ['vegetarian', 'vegan', 'gluten_free'] },
    transport: { ask: 'all_guests', options: ['מתל אביב', 'מחיפה'] },
    includeCallsPreference: false,
    messageSystemPreference: 3,
  });
  const rows = Array.from({ length: GUESTS }, (_, i) => ({
    fullName: `אורח ${i + 1}`,
    phoneNumber: `052${String(1_000_000 + i).padStart(7, '0')}`,
    countOfInvites: '2',
  }));
  await api('POST', `/guests/rows/${event.id}?commit=true`, { rows });
  const urls: string[] = [];
  for (let page = 1; urls.length < GUESTS; page += 1) {
    const list = await api<GuestListResponse>('GET', `/guests/list/${event.id}?page=${page}&pageSize=200`);
    if (list.items.length === 0) break;
    urls.push(...list.items.map((guest) => guest.inviteUrl));
  }
  const tokens = urls.map((url) => url.slice(url.lastIndexOf('/') + 1));
  const first = tokens[0]!;

  const hello = await load({ url: plain.url, seconds: SECONDS });
  console.log(`\nplain Fastify "hello": ${fmt(hello.rps)} req/s, p99 ${hello.p99} ms`);
  console.log('route                               req/s   ratio   p99 ms  target');
  const row = (name: string, r: { rps: number; p99: number; errors: number }, target: string) =>
    console.log(`${name.padEnd(32)}${fmt(r.rps)}${fmt(r.rps / hello.rps, 2)}${fmt(r.p99)}  ${target}${r.errors ? `  (${r.errors} errors)` : ''}`);

  const browser = { 'accept-encoding': 'br, gzip', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile' };
  row('GET /invite/<token> (HTML)', await load({ url: `${app.url}/invite/${first}`, headers: browser, seconds: SECONDS }), '≥ 1,500 req/s, p99 < 50');
  row('GET /api/invite/<token> (JSON)', await load({ url: `${app.url}/api/invite/${first}`, headers: API_HEADERS, seconds: SECONDS }), '');
  const answer = JSON.stringify({ status: 'approved', attending: 2, meals: { vegan: 1 }, transport: { option: 'מחיפה' }, comments: 'מחכים!' });
  await fetch(`${app.url}/api/invite/${tokens[1]}`, { method: 'POST', headers: API_HEADERS, body: answer });
  row('POST /api/invite/<token> (again)', await load({ url: `${app.url}/api/invite/${tokens[1]}`, method: 'POST', headers: API_HEADERS, body: answer, seconds: SECONDS }), '');

  // 500 guests answer at once; every answer must be stored.
  const burst = tokens.slice(2, 502);
  const started = performance.now();
  const results = await Promise.all(
    burst.map((guestToken, i) =>
      fetch(`${app.url}/api/invite/${guestToken}`, {
        method: 'POST',
        headers: API_HEADERS,
        body: JSON.stringify({ status: i % 3 === 0 ? 'declined' : 'approved', attending: 1 + (i % 2) }),
      }).then((res) => res.status),
    ),
  );
  const ms = performance.now() - started;
  const stats = await api<EventStatsDto>('GET', `/stats/${event.id}`);
  const failed = results.filter((status) => status !== 200).length;
  const stored = stats.approved + stats.declined - 1; // minus the guest answered above
  console.log(`\n500 concurrent answers: ${fmt(ms)} ms, ${failed} refused, ${stored} stored (${stored === 500 ? 'none lost' : 'LOST SOME'})`);

  // Sizes as a phone receives them.
  const html = await (await fetch(`${app.url}/invite/${tokens[600 - 1]}`, { headers: { 'user-agent': browser['user-agent'] } })).text();
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!);
  let js = 0;
  for (const src of scripts) js += brotliCompressSync(Buffer.from(await (await fetch(new URL(src, app.url))).arrayBuffer())).length;
  console.log(
    `page HTML: ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB raw, ${(gzipSync(html).length / 1024).toFixed(1)} KB gzip, ` +
      `${(brotliCompressSync(html).length / 1024).toFixed(1)} KB brotli (target ≤ 14); JS: ${scripts.length} file(s), ${(js / 1024).toFixed(1)} KB brotli (target ≤ 50)`,
  );
} finally {
  await app.stop();
  await plain.stop();
}

// Guessing: 10,000 made-up links from one address, with the limits on as in production. A real guest's link
// from the same address (a carrier IP many phones share) keeps opening.
const limited = await startBuiltApp({ RATE_LIMITS: 'on' });
try {
  const token = await signedInToken(limited.url);
  const auth = { ...API_HEADERS, authorization: `Bearer ${token}` };
  const api = async <T>(method: string, route: string, body?: unknown): Promise<T> =>
    (await fetch(`${limited.url}/api${route}`, { method, headers: auth, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })).json() as Promise<T>;
  const [place] = await api<{ placeId: string }[]>('GET', `/places/suggest?q=${encodeURIComponent('חיפה')}&lang=he`);
  const today = todayInBusinessZone();
  const event = await api<{ id: string }>('POST', '/event/newEvent', {
    names: { he: 'חתונה' }, date: addDays(today, 60), time: '19:30', location: { placeId: place!.placeId }, defaultLang: 'he', langs: ['he'],
    rsvpStartDate: addDays(today, 40), meals: { ask: 'no_need_to_ask', options: [] }, transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: false, messageSystemPreference: 3,
  });
  const guest = await api<{ inviteUrl: string }>('POST', `/guests/new/${event.id}`, { fullName: 'Dana', phoneNumber: '0529876543' });
  const statuses = new Map<number, number>();
  const started = performance.now();
  for (let batch = 0; batch < 100; batch += 1) {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${limited.url}/invite/${Buffer.from(`guess-${batch}-${i}-${Math.random()}`).toString('base64url').slice(0, 22)}`).then((res) => res.status),
      ),
    );
    for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const own = await fetch(`${limited.url}/invite/${guest.inviteUrl.slice(guest.inviteUrl.lastIndexOf('/') + 1)}`);
  console.log(
    `\n10,000 guessed links from one address: ${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')} in ${fmt(performance.now() - started)} ms; ` +
      `a real guest's link from the same address: ${own.status}`,
  );

  // The public link from one address: distinct phones, one after another, until the first 429; then the
  // rest of a 3,461-phone run (the probe of issue 15) in parallel batches.
  const publicToken = (await api<{ publicInviteUrl: string }>('GET', `/event/${event.id}`)).publicInviteUrl.split('/').pop()!;
  const publicAnswer = (i: number) =>
    fetch(`${limited.url}/api/invite/public/${publicToken}`, {
      method: 'POST',
      headers: API_HEADERS,
      body: JSON.stringify({ fullName: `Probe ${i}`, phoneNumber: `054${String(2_000_000 + i).padStart(7, '0')}`, lang: 'he', status: 'declined' }),
    }).then((res) => res.status);
  let untilLimit = 0;
  while (untilLimit < 1_000 && (await publicAnswer(untilLimit)) === 200) untilLimit += 1;
  const probe = new Map<number, number>();
  const probeStarted = performance.now();
  for (let from = untilLimit + 1; from < 3_461; from += 100) {
    const answers = await Promise.all(Array.from({ length: Math.min(100, 3_461 - from) }, (_, i) => publicAnswer(from + i)));
    for (const status of answers) probe.set(status, (probe.get(status) ?? 0) + 1);
  }
  const added = await api<GuestListResponse>('GET', `/guests/list/${event.id}?pageSize=1`);
  console.log(
    `phones per address until 429 on the public link: ${untilLimit}; the next ${3_461 - untilLimit - 1}: ` +
      `${[...probe].map(([status, n]) => `${n} × ${status}`).join(', ')} in ${fmt(performance.now() - probeStarted)} ms; guests on the list: ${added.total}`,
  );
} finally {
  await limited.stop();
}
