import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';
import { addGuest, setGuestAnswer } from '../guests/guest-test-kit.js';

/** `seating/export/{id}/{lang}` on the real database: the hall's sheet read back with exceljs, and who may have it. */

let t: TestApp;
let owner: string;
let intruder: string;
let cohost: string;
let eventId: string;

const addTable = async (number: number, capacity: number, name?: string) => {
  const res = await t.request('POST', `/seating/${eventId}/tables`, { token: owner, body: { number, capacity, ...(name ? { name } : {}) } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { tables: { id: string; number: number }[] }).tables.find((x) => x.number === number)!.id;
};
const seat = async (guestId: string, tableId: string) =>
  expect((await t.request('PUT', `/seating/${eventId}/guests/${guestId}`, { token: owner, body: { tableId } })).statusCode).toBe(200);

const download = async (lang: string, token = owner) => {
  const res = await t.request('GET', `/seating/export/${eventId}/${lang}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  return { res, workbook };
};
const valuesOf = (sheet: ExcelJS.Worksheet) => {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
};

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  intruder = (await signUpHost(t)).token;
  const co = await signUpHost(t);
  cohost = co.token;
  eventId = await createEvent(t, owner);
  await createEvent(t, intruder);
  const pool = t.ctx.database.pool;
  const { rows } = await pool.query('select id from users where email = $1', [co.email]);
  await pool.query("insert into event_members (event_id, user_id, role) values ($1, $2, 'cohost')", [eventId, rows[0].id]);

  const family = (await pool.query("insert into guest_groups (event_id, name) values ($1, 'Family') returning id", [eventId])).rows[0].id as string;
  const t12 = await addTable(12, 10, 'Family Cohen');
  const t3 = await addTable(3, 8);
  await addTable(20, 6);
  const yossi = await addGuest(t, owner, eventId, { fullName: 'Yossi Cohen', countOfInvites: 4 });
  await setGuestAnswer(t, yossi.id, 'approved', 3);
  await pool.query(`update guests set group_id = $2, answer_meals = '{"vegetarian": 2, "glatt": 1}'::jsonb where id = $1`, [yossi.id, family]);
  const avi = await addGuest(t, owner, eventId, { fullName: 'Avi Levi', countOfInvites: 2 });
  await setGuestAnswer(t, avi.id, 'approved', 2);
  const formula = await addGuest(t, owner, eventId, { fullName: '=SUM(A1) Moshe', countOfInvites: 1 });
  const unseated = await addGuest(t, owner, eventId, { fullName: 'Not Seated', countOfInvites: 5 });
  await setGuestAnswer(t, unseated.id, 'approved', 5);
  await seat(yossi.id, t12);
  await seat(avi.id, t3);
  await seat(formula.id, t12);
});
afterAll(async () => {
  await t?.close();
});

describe('seating/export/{id}/{lang}', () => {
  it('lists each seated guest by table number with the people, the meals in the language and the group', async () => {
    const { res, workbook } = await download('en');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="magiim-seating-en\.xlsx"/);
    const [sheet, summary] = workbook.worksheets;
    expect(sheet!.name).toBe('Seating');
    expect(sheet!.views[0]).toMatchObject({ rightToLeft: false });
    expect(valuesOf(sheet!)).toEqual([
      ['Table', 'Table name', 'Guest', 'People', 'Special meals', 'Group'],
      [3, '', 'Avi Levi', 2, '', ''],
      [12, 'Family Cohen', "'=SUM(A1) Moshe", 1, '', ''],
      [12, 'Family Cohen', 'Yossi Cohen', 3, 'Glatt kosher × 1, Vegetarian × 2', 'Family'],
    ]);
    expect(summary!.name).toBe('Tables');
    expect(valuesOf(summary!)).toEqual([
      ['Table', 'Table name', 'People', 'Seats at the table'],
      [3, '', 2, 8],
      [12, 'Family Cohen', 4, 10],
      [20, '', 0, 6],
      ['Total', undefined, 6, 24],
    ]);
  });

  it('writes Hebrew and Arabic right to left with translated titles and meals; Russian left to right', async () => {
    const he = (await download('he')).workbook.worksheets[0]!;
    expect(he.name).toBe('הושבה');
    expect(he.views[0]).toMatchObject({ rightToLeft: true });
    expect(valuesOf(he)[0]).toEqual(['שולחן', 'שם השולחן', 'אורח', 'מקומות', 'מנות מיוחדות', 'קבוצה']);
    expect(valuesOf(he)[3]![4]).toBe('גלאט × 1, צמחונית × 2');
    const ar = (await download('ar')).workbook.worksheets[0]!;
    expect(ar.views[0]).toMatchObject({ rightToLeft: true });
    expect(valuesOf(ar)[0]![0]).toBe('الطاولة');
    const ru = (await download('ru')).workbook.worksheets[0]!;
    expect(ru.views[0]).toMatchObject({ rightToLeft: false });
    expect(valuesOf(ru)[0]![0]).toBe('Стол');
  });

  it('lets a co-host download it; refuses a stranger, no sign-in, and a language it does not know with {code, message}', async () => {
    expect(valuesOf((await download('en', cohost)).workbook.worksheets[0]!)).toHaveLength(4);
    const stranger = await t.request('GET', `/seating/export/${eventId}/en`, { token: intruder });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.request('GET', `/seating/export/${eventId}/en`)).statusCode).toBe(401);
    const bad = await t.request('GET', `/seating/export/${eventId}/fr`, { token: owner });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
  });
});
