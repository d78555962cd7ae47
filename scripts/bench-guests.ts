// `npm run bench:guests`: the guest list at 10,000 guests, on the embedded PostgreSQL (or BENCH_DATABASE_URL),
// through HTTP on the app built from source in this process. Prints figures; asserts nothing.
//  - import a 10,000-row xlsx (upload, parse, validate, insert): target < 5 s;
//  - first page of the list with a filter (status, q): median of 50 runs, target < 30 ms.
// BENCH_EXPLAIN=1 also prints the plans of the filtered list queries.
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { addDays, todayInBusinessZone, type GuestListResponse, type ImportResult } from '@magiim/shared';
import { fmt } from './bench-server.js';
import { startInProcessApp } from './bench-in-process.js';

const ROWS = Number(process.env.BENCH_GUESTS ?? 10_000);
const RUNS = 50;

const { built, url, auth, api, place } = await startInProcessApp();

const newEvent = async (): Promise<string> => {
  const today = todayInBusinessZone();
  const event = (await api('POST', '/event/newEvent', {
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
  return event.id;
};

const FIRST = ['נועה', 'דניאל', 'מאיה', 'איתי', 'Dana', 'Avi', 'Olga', 'Salma', 'יוסי', 'שירה', 'Lior', 'Tamar'];
const LAST = ['כהן', 'לוי', 'מזרחי', 'פרץ', 'Cohen', 'Levi', 'Petrova', 'Khoury', 'ביטון', 'אברהם', 'Friedman', 'Azoulay'];
const GROUPS = ['משפחה', 'חברים', 'עבודה', 'צבא', 'Family', 'Friends', 'Work', 'Neighbours'];

const guestSheet = async (): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('מוזמנים');
  sheet.addRow(['שם מלא', 'טלפון', 'מספר מוזמנים', 'קבוצה', 'שפה']);
  for (let i = 0; i < ROWS; i++) {
    const prefix = ['050', '052', '053', '054', '058'][i % 5]!;
    const phone = `${prefix}-${String(1_000_000 + i * 7).slice(-7, -4)}-${String(1_000_000 + i * 7).slice(-4)}`;
    sheet.addRow([`${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]} ${i}`, phone, 1 + (i % 4), GROUPS[i % GROUPS.length], i % 6 === 0 ? 'English' : '']);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const upload = async (eventId: string, file: Buffer, commit: boolean): Promise<{ ms: number; result: ImportResult }> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'guests.xlsx');
  const started = performance.now();
  const res = await fetch(`${url}/api/guests/import/${eventId}?commit=${commit}`, { method: 'POST', headers: auth, body: form });
  const result = (await res.json()) as ImportResult;
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`import: ${res.status} ${JSON.stringify(result)}`);
  return { ms, result };
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)]!;

try {
  const file = await guestSheet();
  console.log(`${ROWS} rows: ${(file.length / 1024).toFixed(0)} KB xlsx`);
  console.log('\n== import (upload, read, check, insert)          ms   target');
  let listEvent = '';
  for (let round = 1; round <= 3; round++) {
    const eventId = await newEvent();
    const preview = await upload(eventId, file, false);
    const commit = await upload(eventId, file, true);
    if (commit.result.imported !== ROWS) throw new Error(`imported ${commit.result.imported} of ${ROWS}: ${JSON.stringify(commit.result.errors.slice(0, 3))}`);
    console.log(`round ${round}: preview (commit=false)          ${fmt(preview.ms)}`);
    console.log(`round ${round}: import  (commit=true)           ${fmt(commit.ms)}   < 5000`);
    listEvent = eventId;
  }

  // Answers as messaging will leave them: a mix of statuses, some coming with fewer than invited, some views.
  await built.ctx.db.execute(sql`
    update guests set
      status = (array['pending','inProgress','approved','declined','maybe','changedDecision','wrongNumber'])[1 + (abs(hashtext(id::text)) % 7)],
      viewed_count = abs(hashtext(phone_number)) % 3
    where event_id = ${listEvent}`);
  await built.ctx.db.execute(sql`update guests set attending = greatest(1, count_of_invites - (abs(hashtext(full_name)) % 2)) where event_id = ${listEvent} and status = 'approved'`);
  await built.ctx.db.execute(sql`analyze guests`);
  const groupId = ((await api('GET', `/groups/fetch/${listEvent}`)) as { id: string }[])[0]!.id;

  const queries: [string, string][] = [
    ['no filter (newest first)', ''],
    ['status=approved', 'status=approved'],
    ['status=partiallyComing', 'status=partiallyComing'],
    ['q=name (כהן)', `q=${encodeURIComponent('כהן')}`],
    ['q=phone (052-10)', `q=${encodeURIComponent('052-10')}`],
    ['status=pending & q=Dana', 'status=pending&q=Dana'],
    ['status=declined & q=name, by name', `status=declined&q=${encodeURIComponent('לוי')}&sort=name`],
    [`group & viewed`, `groupId=${groupId}&viewed=true`],
    ['no filter, by name', 'sort=name'],
    ['no filter, page 100', 'page=100'],
  ];
  const timeRoute = async (route: string) => {
    for (let i = 0; i < 5; i++) await api('GET', route);
    const times: number[] = [];
    let body: unknown;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      body = await api('GET', route);
      times.push(performance.now() - started);
    }
    return { times, body };
  };
  console.log(`\n== first page of the list, ${ROWS} guests (median / p95 of ${RUNS} runs, HTTP included)`);
  console.log('query                                      median     p95   total   target');
  // The floor: a signed-in call that reads one row (session lookup, HTTP, JSON).
  const floor = await timeRoute('/user/me');
  console.log(`${'(floor: GET /user/me)'.padEnd(38)}${fmt(median(floor.times), 1)}${fmt(p95(floor.times), 1)}`);
  for (const [label, query] of queries) {
    const { times, body } = await timeRoute(`/guests/list/${listEvent}${query ? `?${query}` : ''}`);
    console.log(`${label.padEnd(38)}${fmt(median(times), 1)}${fmt(p95(times), 1)}${fmt((body as GuestListResponse).total)}   < 30`);
  }

  const ids = (await built.ctx.db.execute(sql`select id from guests where event_id = ${listEvent}`)).rows.map((row) => String(row.id));
  for (const [label, body] of [
    [`bulk setLang, ${ids.length} guests`, { guestIds: ids, action: 'setLang', lang: 'en' }],
    [`bulk moveToGroup, ${ids.length} guests`, { guestIds: ids, action: 'moveToGroup', groupId }],
  ] as const) {
    const started = performance.now();
    const { affected } = (await api('POST', `/guests/bulk/${listEvent}`, body)) as { affected: number };
    console.log(`${label.padEnd(38)}${fmt(performance.now() - started)} ms (${affected} changed)`);
  }

  if (process.env.BENCH_EXPLAIN) {
    const tally = await built.ctx.db.execute(
      sql`explain (analyze, buffers) select status, count(*), count(*) filter (where viewed_count > 0) from guests where event_id = ${listEvent} group by status`,
    );
    console.log(`\n${tally.rows.map((row) => Object.values(row)[0]).join('\n')}`);
    for (const where of [
      sql`event_id = ${listEvent} and status = 'pending' and (full_name ilike '%Dana%')`,
      sql`event_id = ${listEvent} and (full_name ilike '%כהן%' or phone_number like '%97252%')`,
    ]) {
      const plan = await built.ctx.db.execute(
        sql`explain (analyze, buffers) select * from guests where ${where} order by created_at desc, id desc limit 50`,
      );
      console.log(`\n${plan.rows.map((row) => Object.values(row)[0]).join('\n')}`);
    }
  }
} finally {
  await built.close();
}
process.exit(0);
