// `npm run bench:checkin`: the door at 1,000 coming guests, on the embedded PostgreSQL (or BENCH_DATABASE_URL),
// through HTTP on the app built from source in this process. Prints figures; asserts nothing.
//  - `POST checkin/{id}/scan` of a guest's code: median / p95 / max of 200 scans, target < 300 ms;
//  - `POST checkin/{id}/arrivals` and `GET checkin/{id}/summary`: median of 50 runs.
import { sql } from 'drizzle-orm';
import { addDays, todayInBusinessZone } from '@magiim/shared';
import { ensureCheckinCode } from '../apps/server/src/modules/checkin/public.js';
import { fmt } from './bench-server.js';
import { startInProcessApp } from './bench-in-process.js';

const GUESTS = Number(process.env.BENCH_GUESTS ?? 1_000);
const SCANS = 200;
const RUNS = 50;

const { built, api, place } = await startInProcessApp();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
const time = async (fn: () => Promise<unknown>) => {
  const started = performance.now();
  await fn();
  return performance.now() - started;
};

try {
  const today = todayInBusinessZone();
  const { id: eventId } = (await api('POST', '/event/newEvent', {
    names: { he: 'חתונת בנצ׳מרק', en: 'Benchmark wedding' },
    date: addDays(today, 60),
    time: '19:30',
    location: { placeId: place.placeId },
    defaultLang: 'he',
    langs: ['he', 'en'],
    rsvpStartDate: addDays(today, 40),
    meals: { ask: 'no_need_to_ask', options: [] },
    transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: false,
    messageSystemPreference: 3,
  })) as { id: string };
  // The guests straight into the table: the import is not what is measured here.
  await built.ctx.db.execute(sql`insert into guests (event_id, full_name, phone_number, count_of_invites, lang, status, attending)
    select ${eventId}, 'Guest ' || g, '+9725' || lpad(g::text, 8, '0'), 1 + g % 4, 'he', 'approved', 1 + g % 4 from generate_series(1, ${GUESTS}) g`);
  const ids = (await built.ctx.db.execute<{ id: string }>(sql`select id from guests where event_id = ${eventId}`)).rows.map((r) => r.id);
  const codes: string[] = [];
  for (const id of ids) codes.push(await ensureCheckinCode(built.ctx, eventId, id));
  await built.ctx.db.execute(sql`analyze checkin_codes; analyze guests; analyze checkin_arrivals`);

  const scans: number[] = [];
  for (let i = 0; i < SCANS; i++) scans.push(await time(() => api('POST', `/checkin/${eventId}/scan`, { code: codes[(i * 37) % codes.length] })));
  console.log(`scan (${GUESTS} guests, ${SCANS} scans)`.padEnd(38) + `median${fmt(median(scans), 1)} ms  p95${fmt(pct(scans, 0.95), 1)} ms  max${fmt(Math.max(...scans), 1)} ms  (target < 300 ms)`);

  const arrivals: number[] = [];
  for (let i = 0; i < RUNS; i++) arrivals.push(await time(() => api('POST', `/checkin/${eventId}/arrivals`, { guestId: ids[i], people: 2 })));
  console.log('arrival'.padEnd(38) + `median${fmt(median(arrivals), 1)} ms`);

  const summaries: number[] = [];
  for (let i = 0; i < RUNS; i++) summaries.push(await time(() => api('GET', `/checkin/${eventId}/summary`)));
  console.log(`summary (${GUESTS} guests)`.padEnd(38) + `median${fmt(median(summaries), 1)} ms`);
} finally {
  await built.close();
}
process.exit(0);
