import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, useFakePlaces } from '../events/event-test-kit.js';

/** `expenses/{id}` and `expense/export/{id}/{lang}` on the real database: rules, versions, access and the sheet. */

let t: TestApp;
let owner: string;
let intruder: string;
let cohost: string;
let cohostEmail: string;
let eventId: string;

interface ExpensesBody {
  version: number;
  expenses: { id: string; description: string; supplierName: string; totalPayment: number; paidAmount: number; leftToPay: number }[];
  totals: { totalPayment: number; paidAmount: number; leftToPay: number };
}

const read = async (token = owner, id = eventId) => {
  const res = await t.request('GET', `/expenses/${id}`, { token });
  return { status: res.statusCode, body: res.json() as ExpensesBody };
};
const save = (body: unknown, token = owner, id = eventId) => t.request('PUT', `/expenses/${id}`, { token, body });

const openSheet = async (lang: string, token = owner) => {
  const res = await t.request('GET', `/expense/export/${eventId}/${lang}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
  return { res, workbook };
};

beforeAll(async () => {
  t = await createTestApp();
  useFakePlaces(t);
  owner = (await signUpHost(t)).token;
  intruder = (await signUpHost(t)).token;
  const co = await signUpHost(t, { fullName: 'Dani Levi' });
  cohost = co.token;
  cohostEmail = co.email;
  eventId = await createEvent(t, owner);
  // The intruder has an event of their own: being a host elsewhere opens nothing here.
  await createEvent(t, intruder);
});
afterAll(async () => {
  await t?.close();
});

describe('expenses/{id}', () => {
  it('reads an empty list at version 0 with zero totals', async () => {
    const { status, body } = await read();
    expect(status).toBe(200);
    expect(body).toEqual({ version: 0, expenses: [], totals: { totalPayment: 0, paidAmount: 0, leftToPay: 0 } });
  });

  it('saves the rows in order, computes left to pay and the totals, and bumps the version', async () => {
    const res = await save({
      version: 0,
      expenses: [
        { description: 'אולם', supplierName: 'אולמי הגן', totalPayment: 8_000_050, paidAmount: 2_000_000 },
        { description: 'צלם', supplierName: '', totalPayment: 1_200_000, paidAmount: 1_200_000 },
        { description: 'DJ', totalPayment: 450_099 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ExpensesBody;
    expect(body.version).toBe(1);
    expect(body.expenses.map((row) => [row.description, row.supplierName, row.totalPayment, row.paidAmount, row.leftToPay])).toEqual([
      ['אולם', 'אולמי הגן', 8_000_050, 2_000_000, 6_000_050],
      ['צלם', '', 1_200_000, 1_200_000, 0],
      ['DJ', '', 450_099, 0, 450_099],
    ]);
    expect(body.totals).toEqual({ totalPayment: 9_650_149, paidAmount: 3_200_000, leftToPay: 6_450_149 });
    expect((await read()).body).toEqual(body);
  });

  it('keeps ids of its own rows, reorders, edits and deletes in one save; an unknown id becomes a new row', async () => {
    const before = (await read()).body;
    const [hall, photo] = before.expenses;
    const res = await save({
      version: before.version,
      expenses: [
        { id: photo!.id, description: 'צלם וידאו', supplierName: 'סטודיו', totalPayment: 1_300_000, paidAmount: 100 },
        { id: hall!.id, description: hall!.description, supplierName: hall!.supplierName, totalPayment: hall!.totalPayment, paidAmount: hall!.paidAmount },
        { id: '00000000-0000-4000-8000-000000000001', description: 'פרחים', totalPayment: 5000 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as ExpensesBody;
    expect(after.version).toBe(before.version + 1);
    expect(after.expenses.map((row) => row.description)).toEqual(['צלם וידאו', 'אולם', 'פרחים']);
    expect(after.expenses[0]!.id).toBe(photo!.id);
    expect(after.expenses[1]!.id).toBe(hall!.id);
    expect(after.expenses[2]!.id).not.toBe('00000000-0000-4000-8000-000000000001');
    const { rows } = await t.ctx.database.pool.query('select count(*)::int as n from expenses where event_id = $1', [eventId]);
    expect(rows[0].n).toBe(3);
  });

  it('answers 409 STALE_VERSION to a save at an old version and changes nothing', async () => {
    const before = (await read()).body;
    const res = await save({ version: before.version - 1, expenses: [{ description: 'stale', totalPayment: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_VERSION');
    expect((await read()).body).toEqual(before);
  });

  it('lets only one of two saves at the same version through', async () => {
    const before = (await read()).body;
    const rows = before.expenses.map(({ leftToPay: _left, ...row }) => row);
    const results = await Promise.all([
      save({ version: before.version, expenses: [...rows, { description: 'A', totalPayment: 1 }] }),
      save({ version: before.version, expenses: [...rows, { description: 'B', totalPayment: 2 }] }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const after = (await read()).body;
    expect(after.version).toBe(before.version + 1);
    expect(after.expenses).toHaveLength(before.expenses.length + 1);
    // Back to the list the next tests expect.
    expect((await save({ version: after.version, expenses: rows })).statusCode).toBe(200);
  });

  it('refuses a paid amount above the total with the translated message, and changes nothing', async () => {
    const before = (await read()).body;
    const res = await save({ version: before.version, expenses: [{ description: 'שמלה', totalPayment: 100, paidAmount: 101 }] });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; issues?: { path: string; message: string }[] };
    expect(body.code).toBe('VALIDATION');
    expect(body.issues).toContainEqual(expect.objectContaining({ path: 'expenses.0.paidAmount', message: 'validation.paidAboveTotal' }));
    expect((await read()).body).toEqual(before);
  });

  it('refuses bad rows: negative, fractional or too large amounts, empty or unsafe text, too many rows, duplicate ids', async () => {
    const before = (await read()).body;
    const bad = [
      [{ description: 'x', totalPayment: -1 }],
      [{ description: 'x', totalPayment: 10.5 }],
      [{ description: 'x', totalPayment: 10_000_000_001 }],
      [{ description: '   ', totalPayment: 1 }],
      [{ description: 'a\u202Eb', totalPayment: 1 }],
      [{ description: 'x'.repeat(121), totalPayment: 1 }],
      Array.from({ length: 201 }, () => ({ description: 'x', totalPayment: 1 })),
      [
        { id: before.expenses[0]!.id, description: 'x', totalPayment: 1 },
        { id: before.expenses[0]!.id, description: 'y', totalPayment: 1 },
      ],
    ];
    for (const expenses of bad) {
      const res = await save({ version: before.version, expenses });
      expect(res.statusCode, JSON.stringify(expenses).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await save({ version: before.version, expenses: [{ description: 'x', totalPayment: 10_000_000_000, paidAmount: 10_000_000_000 }] })).statusCode).toBe(200);
    expect((await read()).body.totals.leftToPay).toBe(0);
    const current = (await read()).body;
    const restore = before.expenses.map(({ leftToPay: _left, ...row }) => row);
    expect((await save({ version: current.version, expenses: restore })).statusCode).toBe(200);
  });

  it('answers 404 to another host and 401 to no one, reading, saving or exporting, and nothing changes', async () => {
    const before = (await read()).body;
    expect((await t.request('GET', `/expenses/${eventId}`, { token: intruder })).statusCode).toBe(404);
    expect((await save({ version: before.version, expenses: [] }, intruder)).statusCode).toBe(404);
    expect((await t.request('GET', `/expense/export/${eventId}/he`, { token: intruder })).statusCode).toBe(404);
    expect((await t.request('GET', `/expenses/${eventId}`)).statusCode).toBe(401);
    expect((await t.request('PUT', `/expenses/${eventId}`, { body: { version: before.version, expenses: [] } })).statusCode).toBe(401);
    expect((await t.request('GET', `/expense/export/${eventId}/he`)).statusCode).toBe(401);
    // A co-host before being one: the same 404.
    expect((await t.request('GET', `/expenses/${eventId}`, { token: cohost })).statusCode).toBe(404);
    expect((await read()).body).toEqual(before);
  });

  it('lets a co-host read, save and export, and refuses again once removed', async () => {
    const pool = t.ctx.database.pool;
    const { rows } = await pool.query('select id from users where email = $1', [cohostEmail]);
    await pool.query("insert into event_members (event_id, user_id, role) values ($1, $2, 'cohost')", [eventId, rows[0].id]);
    const before = (await read(cohost)).body;
    expect(before).toEqual((await read()).body);
    const rowsBack = before.expenses.map(({ leftToPay: _left, ...row }) => row);
    const res = await save({ version: before.version, expenses: [...rowsBack, { description: 'רב', supplierName: 'הרב כהן', totalPayment: 180_000 }] }, cohost);
    expect(res.statusCode, res.body).toBe(200);
    await openSheet('en', cohost);
    const after = (await read()).body;
    expect(after.expenses.at(-1)?.description).toBe('רב');
    await pool.query('delete from event_members where event_id = $1 and user_id = $2', [eventId, rows[0].id]);
    expect((await t.request('GET', `/expenses/${eventId}`, { token: cohost })).statusCode).toBe(404);
    expect((await save({ version: after.version, expenses: [] }, cohost)).statusCode).toBe(404);
    expect((await read()).body).toEqual(after);
  });
});

describe('expense/export/{id}/{lang}', () => {
  it('writes a right-to-left Hebrew sheet with titles, ₪ amounts, the totals row and formula-safe text', async () => {
    const before = (await read()).body;
    const rows = before.expenses.map(({ leftToPay: _left, ...row }) => row);
    const saved = await save({
      version: before.version,
      expenses: [...rows, { description: '=HYPERLINK("http://evil.example","x")', supplierName: '+972 DJ', totalPayment: 99 }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const list = saved.json() as ExpensesBody;

    const { res, workbook } = await openSheet('he');
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent('החתונה של נועה ודני - הוצאות.xlsx')}`);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('הוצאות');
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['תיאור', 'ספק', 'סכום כולל', 'שולם', 'נותר לתשלום']);
    expect(sheet.rowCount).toBe(list.expenses.length + 2);
    list.expenses.forEach((row, index) => {
      const cells = sheet.getRow(index + 2);
      expect(cells.getCell(3).value).toBe(row.totalPayment / 100);
      expect(cells.getCell(4).value).toBe(row.paidAmount / 100);
      expect(cells.getCell(5).value).toBe(row.leftToPay / 100);
      expect(cells.getCell(3).numFmt).toContain('₪');
    });
    expect(sheet.getRow(2).getCell(1).value).toBe(list.expenses[0]!.description);
    const evil = sheet.getRow(list.expenses.length + 1);
    expect(evil.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(evil.getCell(1).value).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(evil.getCell(2).value).toBe(`'+972 DJ`);
    const totals = sheet.getRow(list.expenses.length + 2);
    expect(totals.getCell(1).value).toBe('סה״כ');
    expect(totals.getCell(3).value).toBeCloseTo(list.totals.totalPayment / 100, 2);
    expect(totals.getCell(4).value).toBeCloseTo(list.totals.paidAmount / 100, 2);
    expect(totals.getCell(5).value).toBeCloseTo(list.totals.leftToPay / 100, 2);
    expect(totals.getCell(5).numFmt).toContain('₪');
    expect(totals.font?.bold).toBe(true);
  });

  it('writes English titles left to right, and an empty list as titles and a zero totals row', async () => {
    const { workbook } = await openSheet('en');
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Expenses');
    expect(sheet.views[0]?.rightToLeft).toBe(false);
    expect(sheet.getRow(1).getCell(5).value).toBe('Left to pay');

    const other = await createEvent(t, owner);
    const res = await t.request('GET', `/expense/export/${other}/ar`, { token: owner });
    expect(res.statusCode).toBe(200);
    const empty = new ExcelJS.Workbook();
    await empty.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const ws = empty.worksheets[0]!;
    expect(ws.views[0]?.rightToLeft).toBe(true);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(1).value).toBe('المجموع');
    expect(ws.getRow(2).getCell(3).value).toBe(0);
  });

  it('refuses an unknown language', async () => {
    expect((await t.request('GET', `/expense/export/${eventId}/fr`, { token: owner })).statusCode).toBe(400);
  });
});
