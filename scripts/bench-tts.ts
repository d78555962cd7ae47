// `npm run bench:tts`: the call-script preview's time to first audio byte. Boots the app on a real listening server (the
// embedded PostgreSQL, or BENCH_DATABASE_URL), signs up a host with an event in he/en/ru/ar, then for each language
// POSTs `text-to-speech/{id}` with a typical invitation line: cold (a text never rendered: eSpeak NG in a worker
// thread, or Google with TTS_PROVIDER=google) and cached (the same text again: read from tts_audio_cache), BENCH_RUNS
// times each (default 5). Prints the median, min and max of the time from sending the request to the first byte of
// the audio, and the audio's size.
import { request as httpRequest } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, todayInBusinessZone, type Lang } from '@magiim/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/platform/env.js';
import { API_HEADERS, fmt, signedInToken } from './bench-server.js';

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const LANGS: Lang[] = ['he', 'en', 'ru', 'ar'];

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'mgtts-')),
  APP_URL: 'http://127.0.0.1',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'warn',
  SMTP_URL: '',
});
const built = await buildApp(config, { logger: false });
const { ctx } = built;
const place = { placeId: 'bench-hall', name: 'Bench Hall', address: 'Tel Aviv', lat: 32.08, lng: 34.78 };
ctx.places = { name: 'bench', suggest: async () => [], details: async (id) => (id === place.placeId ? place : null) };
await built.app.listen({ port: 0, host: '127.0.0.1' });
const address = built.app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const url = `http://127.0.0.1:${port}`;
const token = await signedInToken(url);

const today = todayInBusinessZone();
const created = await fetch(`${url}/api/event/newEvent`, {
  method: 'POST',
  headers: { ...API_HEADERS, authorization: `Bearer ${token}` },
  body: JSON.stringify({
    names: { he: 'החתונה של נועה ודני', en: "Noa and Dani's wedding", ru: 'Свадьба Ноа и Дани', ar: 'زفاف نوعا وداني' },
    date: addDays(today, 60),
    time: '19:30',
    location: { placeId: place.placeId },
    defaultLang: 'he',
    langs: LANGS,
    rsvpStartDate: addDays(today, 40),
    meals: { ask: 'no_need_to_ask', options: [] },
    transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: true,
    messageSystemPreference: 3,
  }),
});
if (!created.ok) throw new Error(`new event: ${created.status} ${await created.text()}`);
const { id: eventId } = (await created.json()) as { id: string };

/** A typical greeting and invitation line as renderCallScript fills the default script; `name` varies per cold run. */
const lineOf = (lang: Lang, name: string): string =>
  ({
    he: `שלום ${name}! שמחים להזמין אתכם לאירוע החתונה של נועה ודני, ביום שלישי, 12 במאי בשעה 19:30, אולמי הגן, תל אביב.`,
    en: `Hello ${name}! You are warmly invited to Noa and Dani's wedding on Tuesday, May 12 at 7:30 PM, Garden Hall, Tel Aviv.`,
    ru: `Здравствуйте, ${name}! Приглашаем вас на праздник «Свадьба Ноа и Дани»: вторник, 12 мая в 19:30, Garden Hall, Тель-Авив.`,
    ar: `مرحبًا ${name}! يسعدنا دعوتكم لحضور زفاف نوعا وداني يوم الثلاثاء، 12 مايو الساعة 19:30، قاعة الحديقة، تل أبيب.`,
  })[lang];
const NAMES: Record<Lang, string[]> = {
  he: ['דנה', 'יוסי', 'מיכל', 'אבי', 'רונית', 'משה', 'שירה', 'עומר', 'נועה', 'איתי'],
  en: ['Dana', 'Joseph', 'Michelle', 'Avi', 'Ronit', 'Moses', 'Shira', 'Omer', 'Noa', 'Itai'],
  ru: ['Дана', 'Иосиф', 'Мишель', 'Ави', 'Ронит', 'Моше', 'Шира', 'Омер', 'Ноа', 'Итай'],
  ar: ['دانا', 'يوسف', 'ميشيل', 'آفي', 'رونيت', 'موسى', 'شيرا', 'عمر', 'نوعا', 'إيتاي'],
};

/** One preview request: ms from sending to the first body byte, and the body's size. */
const preview = (lang: Lang, text: string): Promise<{ firstByteMs: number; bytes: number; type: string }> =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ lang, text });
    const started = performance.now();
    const req = httpRequest(
      `${url}/api/text-to-speech/${eventId}`,
      { method: 'POST', headers: { ...API_HEADERS, authorization: `Bearer ${token}`, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let firstByteMs = -1;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (firstByteMs < 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`text-to-speech answered ${res.statusCode}`));
          else resolve({ firstByteMs, bytes, type: String(res.headers['content-type']) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)! };
};

// One render before measuring, so the first language does not pay for the process's first thread and JIT alone.
await preview('en', 'Warm up.');

const rows: { lang: Lang; cold: ReturnType<typeof stats>; cached: ReturnType<typeof stats>; bytes: number; type: string }[] = [];
for (const lang of LANGS) {
  const cold: number[] = [];
  const cached: number[] = [];
  let bytes = 0;
  let type = '';
  for (let i = 0; i < RUNS; i += 1) {
    const text = lineOf(lang, NAMES[lang][i % NAMES[lang].length]! + (i >= NAMES[lang].length ? ` ${i}` : ''));
    const first = await preview(lang, text);
    cold.push(first.firstByteMs);
    bytes = first.bytes;
    type = first.type;
    cached.push((await preview(lang, text)).firstByteMs);
  }
  rows.push({ lang, cold: stats(cold), cached: stats(cached), bytes, type });
}

console.log(
  `bench:tts — POST text-to-speech/{id}, time to first audio byte, ${RUNS} runs per language (provider ${ctx.tts.name}, ${String(availableParallelism())} CPUs)`,
);
console.log('  lang   cold median      min      max   cached median      min      max      bytes  type');
for (const row of rows) {
  console.log(
    `  ${row.lang.padEnd(4)} ${fmt(row.cold.median, 1)} ms ${fmt(row.cold.min, 1)} ${fmt(row.cold.max, 1)}   ${fmt(row.cached.median, 1)} ms   ${fmt(row.cached.min, 1)} ${fmt(row.cached.max, 1)} ${fmt(row.bytes)}  ${row.type}`,
  );
}
await built.close();
process.exit(0);
