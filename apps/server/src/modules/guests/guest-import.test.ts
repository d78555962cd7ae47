import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_IMPORT_MAX_BYTES, RATE_LIMITS, type GroupDto, type GuestListResponse, type ImportResult } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, sendMultipart } from '../events/event-test-kit.js';
import { guestImportBuckets } from './guest-import.service.js';
import { addGuest, hostWithEvent, setInviteeLimit } from './guest-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const xlsx = async (rows: unknown[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Guests');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const readXlsx = async (file: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values: unknown[][] = [];
  sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return { sheet, values };
};

const uploadFile = (token: string, eventId: string, file: Buffer, commit: boolean) =>
  sendMultipart(t, 'POST', `/guests/import/${eventId}?commit=${commit}`, [{ name: 'file', value: file, filename: 'guests.xlsx', contentType: XLSX_TYPE }], token);

const pasteRows = (token: string, eventId: string, rows: object[], commit: boolean) =>
  t.request('POST', `/guests/rows/${eventId}?commit=${commit}`, { token, body: { rows } });

const list = async (token: string, eventId: string, query = 'sort=createdAt&pageSize=200'): Promise<GuestListResponse> =>
  (await t.request('GET', `/guests/list/${eventId}?${query}`, { token })).json() as GuestListResponse;

describe('importing a file', () => {
  const sheet = () =>
    xlsx([
      ['שם מלא', 'טלפון', 'מספר מוזמנים', 'קבוצה', 'שפה'],
      ['ישראל ישראלי', '050-123-4567', 2, 'משפחה', 'עברית'],
      ['Dana Cohen', 541234568, '', 'Work', 'English'],
      ['', '0521112233', 1, '', ''],
      ['Avi', '050-123-4567', 1, '', ''],
      ['Roni', '0531112233', 25, 'work', 'ru'],
      ['Gil', '0541112233', 1, 'WORK', ''],
    ]);

  it('reports without writing when commit=false, then imports the good rows with their new groups', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const expected: ImportResult = {
      total: 6,
      valid: 3,
      imported: 0,
      errors: [
        { row: 4, column: 'fullName', code: 'NAME_REQUIRED' },
        { row: 5, column: 'phoneNumber', code: 'DUPLICATE_PHONE', name: 'Avi', value: '050-123-4567' },
        { row: 6, column: 'countOfInvites', code: 'COUNT_OUT_OF_RANGE', name: 'Roni', value: '25' },
        { row: 6, column: 'lang', code: 'UNKNOWN_LANGUAGE', name: 'Roni', value: 'ru' },
      ],
      sheet: {
        titleRow: 1,
        firstRow: 1,
        columns: [
          { column: 1, title: 'שם מלא', field: 'fullName', samples: ['ישראל ישראלי', 'Dana Cohen', 'Avi'], filled: 5 },
          { column: 2, title: 'טלפון', field: 'phoneNumber', samples: ['050-123-4567', '541234568', '0521112233'], filled: 6 },
          { column: 3, title: 'מספר מוזמנים', field: 'countOfInvites', samples: ['2', '1', '1'], filled: 5 },
          { column: 4, title: 'קבוצה', field: 'group', samples: ['משפחה', 'Work', 'work'], filled: 4 },
          { column: 5, title: 'שפה', field: 'lang', samples: ['עברית', 'English', 'ru'], filled: 3 },
        ],
      },
    };
    const preview = await uploadFile(token, eventId, await sheet(), false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toEqual(expected);
    expect((await list(token, eventId)).total).toBe(0);
    expect((await t.request('GET', `/groups/fetch/${eventId}`, { token })).json()).toEqual([]);

    const committed = await uploadFile(token, eventId, await sheet(), true);
    expect(committed.json()).toEqual({ ...expected, imported: 3 });
    const groups = (await t.request('GET', `/groups/fetch/${eventId}`, { token })).json() as GroupDto[];
    expect(groups.map(({ name, guestCount }) => ({ name, guestCount }))).toEqual([
      { name: 'משפחה', guestCount: 1 },
      { name: 'Work', guestCount: 2 },
    ]);
    const guests = (await list(token, eventId)).items;
    expect(guests.map(({ fullName, phoneNumber, countOfInvites, lang }) => ({ fullName, phoneNumber, countOfInvites, lang }))).toEqual([
      { fullName: 'ישראל ישראלי', phoneNumber: '+972501234567', countOfInvites: 2, lang: 'he' },
      { fullName: 'Dana Cohen', phoneNumber: '+972541234568', countOfInvites: 1, lang: 'en' },
      { fullName: 'Gil', phoneNumber: '+972541112233', countOfInvites: 1, lang: 'he' },
    ]);

    // The same file again: everyone is on the list now.
    const again = (await uploadFile(token, eventId, await sheet(), true)).json() as ImportResult;
    expect(again.imported).toBe(0);
    expect(again.errors.filter((error) => error.code === 'PHONE_EXISTS').map((error) => error.row)).toEqual([2, 3, 7]);
  });

  it('refuses what is not an xlsx, a file over the limit and a missing file part', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const csv = await uploadFile(token, eventId, Buffer.from('Full name,Phone\nDana,0501234567\n'), true);
    expect(csv.statusCode).toBe(415);
    expect(csv.json().code).toBe('INVALID_FILE_TYPE');

    const big = await uploadFile(token, eventId, Buffer.alloc(GUEST_IMPORT_MAX_BYTES + 1, 1), true);
    expect(big.statusCode).toBe(413);

    const noFile = await sendMultipart(t, 'POST', `/guests/import/${eventId}?commit=true`, [{ name: 'other', value: 'x' }], token);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().issues).toEqual([{ path: 'file', message: 'validation.required' }]);

    const json = await t.request('POST', `/guests/import/${eventId}?commit=true`, { token, body: { rows: [] } });
    expect(json.statusCode).toBe(415);
    expect((await list(token, eventId)).total).toBe(0);
  });

  it('stops at the package cap and reports the rows left out', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await addGuest(t, token, eventId);
    await setInviteeLimit(t, eventId, 3);
    const file = await xlsx([['Full name', 'Phone'], ['A', '0501000001'], ['B', '0501000002'], ['C', '0501000003']]);
    const result = (await uploadFile(token, eventId, file, true)).json() as ImportResult;
    expect(result).toMatchObject({ total: 3, valid: 2, imported: 2, errors: [{ row: 4, column: 'fullName', code: 'INVITEE_LIMIT_REACHED', name: 'C' }] });
    expect((await list(token, eventId)).total).toBe(3);
  });

  it('never passes the cap when imports and adds run in parallel', async () => {
    const { token, eventId } = await hostWithEvent(t);
    await setInviteeLimit(t, eventId, 10);
    const files = await Promise.all(
      [0, 1, 2].map((n) => xlsx([['Full name', 'Phone'], ...Array.from({ length: 4 }, (_, i) => [`F${n}-${i}`, `05020${n}000${i}`])])),
    );
    await Promise.all([
      ...files.map((file) => uploadFile(token, eventId, file, true)),
      ...Array.from({ length: 4 }, (_, i) => t.request('POST', `/guests/new/${eventId}`, { token, body: { fullName: `Hand ${i}`, phoneNumber: `05030000${i}0` } })),
    ]);
    expect((await list(token, eventId)).total).toBe(10);
  });
});

describe('importing a sheet as hosts keep it', () => {
  const withMapping = (token: string, eventId: string, file: Buffer, commit: boolean, mapping: unknown) =>
    sendMultipart(
      t,
      'POST',
      `/guests/import/${eventId}?commit=${commit}`,
      [
        { name: 'mapping', value: JSON.stringify(mapping) },
        { name: 'file', value: file, filename: 'guests.xlsx', contentType: XLSX_TYPE },
      ],
      token,
    );

  const hostsSheet = () =>
    xlsx([
      ['רשימת מוזמנים – החתונה של דנה ויוסי'],
      [],
      ['שם', 'טלפון', "מס' מוזמנים", 'צד', 'הערות'],
      ['משפחת לוי', '050-765-4321', 4, 'כלה', 'מגיעים מחיפה'],
      ['יוסי כהן', '05-123', 2, 'חתן', ''],
    ]);

  it('finds the titles under a title line, imports "מס\' מוזמנים" as the count and the notes column "הערות" as comments', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const result = (await uploadFile(token, eventId, await hostsSheet(), true)).json() as ImportResult;
    expect(result).toMatchObject({ total: 2, valid: 1, imported: 1 });
    expect(result.sheet?.titleRow).toBe(3);
    expect(result.sheet?.columns.map(({ title, field, filled }) => [title, field, filled])).toEqual([
      ['שם', 'fullName', 2],
      ['טלפון', 'phoneNumber', 2],
      ["מס' מוזמנים", 'countOfInvites', 2],
      ['צד', 'side', 2],
      ['הערות', 'comments', 1],
    ]);
    expect(result.sheet?.columns[4]?.samples).toEqual(['מגיעים מחיפה']);
    // The error names the row's guest and the value, not only the row.
    expect(result.errors).toEqual([{ row: 5, column: 'phoneNumber', code: 'INVALID_PHONE', name: 'יוסי כהן', value: '05-123' }]);
    const [guest] = (await list(token, eventId)).items;
    expect(guest).toMatchObject({ fullName: 'משפחת לוי', phoneNumber: '+972507654321', countOfInvites: 4, comments: 'מגיעים מחיפה', side: null });
    // "כלה" is no side of this event (its sides are the default A and B): the column grouped the guests, as before.
    const groups = (await t.request('GET', `/groups/fetch/${eventId}`, { token })).json() as GroupDto[];
    expect(groups.map((g) => g.name)).toEqual(['כלה']);
  });

  it('maps a notes column in every language to the comments; a note too long or with a bidi override is refused by row', async () => {
    for (const [title, note] of [
      ['Notes', 'Vegan, comes late'],
      ['Примечания', 'Приедет из Хайфы'],
      ['ملاحظات', 'يصل متأخرًا'],
      ['הערה', 'שולחן 4'],
      ['Comments', 'Line one\nline two'],
    ] as const) {
      const { token, eventId } = await hostWithEvent(t);
      const file = await xlsx([
        ['Name', 'Phone', title],
        ['Ada', '0507770001', note],
        ['Bob', '0507770002', 'x'.repeat(501)],
        ['Cy', '0507770003', 'a\u202Eb'],
      ]);
      const result = (await uploadFile(token, eventId, file, true)).json() as ImportResult;
      expect(result.sheet?.columns[2]?.field).toBe('comments');
      expect(result).toMatchObject({ total: 3, valid: 1, imported: 1 });
      expect(result.errors.map(({ row, column, code }) => [row, column, code])).toEqual([
        [3, 'comments', 'COMMENTS_TOO_LONG'],
        [4, 'comments', 'INVALID_CHARACTERS'],
      ]);
      expect((await list(token, eventId)).items[0]).toMatchObject({ fullName: 'Ada', comments: note });
    }
  });

  it("imports with the host's mapping: a column changed, another left out", async () => {
    const { token, eventId } = await hostWithEvent(t);
    const mapping = {
      titleRow: 3,
      columns: [
        { column: 1, field: 'fullName' },
        { column: 2, field: 'phoneNumber' },
        { column: 3, field: null },
        { column: 4, field: null },
        { column: 5, field: 'group' },
      ],
    };
    const preview = (await withMapping(token, eventId, await hostsSheet(), false, mapping)).json() as ImportResult;
    expect(preview.sheet?.columns.map((column) => column.field)).toEqual(['fullName', 'phoneNumber', null, null, 'group']);
    expect(preview).toMatchObject({ total: 2, valid: 1, imported: 0 });
    const done = (await withMapping(token, eventId, await hostsSheet(), true, mapping)).json() as ImportResult;
    expect(done.imported).toBe(1);
    const [guest] = (await list(token, eventId)).items;
    expect(guest).toMatchObject({ fullName: 'משפחת לוי', countOfInvites: 1 });
    const groups = (await t.request('GET', `/groups/fetch/${eventId}`, { token })).json() as GroupDto[];
    expect(groups.map((group) => group.name)).toEqual(['מגיעים מחיפה']);
  });

  it('refuses a mapping that is not JSON, names one field twice or leaves out the phone', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const file = await hostsSheet();
    const notJson = await sendMultipart(
      t,
      'POST',
      `/guests/import/${eventId}?commit=false`,
      [
        { name: 'mapping', value: '{' },
        { name: 'file', value: file, filename: 'guests.xlsx', contentType: XLSX_TYPE },
      ],
      token,
    );
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'mapping', message: 'validation.invalidValue' }] });
    const twice = await withMapping(token, eventId, file, true, { titleRow: 3, columns: [{ column: 1, field: 'fullName' }, { column: 2, field: 'fullName' }] });
    expect(twice.json().code).toBe('VALIDATION');
    const noPhone = await withMapping(token, eventId, file, true, { titleRow: 3, columns: [{ column: 1, field: 'fullName' }] });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({ code: 'IMPORT_MAPPING_INCOMPLETE', message: expect.any(String) });
    expect((await list(token, eventId)).total).toBe(0);
  });

  it('answers titles in words it does not know with the preview to map, then imports with the mapping', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const file = await xlsx([
      ['Invitado', 'Numero', 'Cuantos', 'Notas'],
      ['Dana Levi', '050-123-4567', 3, 'prima'],
      ['Avi Cohen', '0521112233', 2, ''],
      ['Roni', '0541234567', 1, ''],
      ['Tal', '0531234567', 1, ''],
      ['Noa', '05-12', 1, ''],
    ]);
    const preview = await uploadFile(token, eventId, file, true);
    expect(preview.statusCode).toBe(200);
    const read = preview.json() as ImportResult;
    expect(read).toMatchObject({ total: 0, valid: 0, imported: 0, errors: [] });
    expect(read.sheet?.titleRow).toBe(1);
    expect(read.sheet?.columns.map(({ title, field, filled }) => [title, field, filled])).toEqual([
      ['Invitado', null, 5],
      ['Numero', 'phoneNumber', 5],
      ['Cuantos', 'countOfInvites', 5],
      ['Notas', null, 1],
    ]);
    expect((await list(token, eventId)).total).toBe(0);

    const mapping = {
      titleRow: 1,
      columns: [
        { column: 1, field: 'fullName' },
        { column: 2, field: 'phoneNumber' },
        { column: 3, field: 'countOfInvites' },
        { column: 4, field: null },
      ],
    };
    const done = (await withMapping(token, eventId, file, true, mapping)).json() as ImportResult;
    expect(done).toMatchObject({ total: 5, valid: 4, imported: 4, errors: [{ row: 6, column: 'phoneNumber', code: 'INVALID_PHONE', name: 'Noa' }] });
    const guests = (await list(token, eventId)).items;
    expect(guests.map((guest) => [guest.fullName, guest.countOfInvites]).sort()).toEqual([['Avi Cohen', 2], ['Dana Levi', 3], ['Roni', 1], ['Tal', 1]]);
  });

  it('reads a sheet with no titles row: its first row is a guest when the host says so', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const file = await xlsx([['Dana Levi', '0501234567'], ['Avi Cohen', '0521112233']]);
    const preview = (await uploadFile(token, eventId, file, false)).json() as ImportResult;
    expect(preview.sheet).toMatchObject({ titleRow: null, firstRow: 1 });
    expect(preview.sheet?.columns.map((column) => column.field)).toEqual([null, 'phoneNumber']);
    const columns = [
      { column: 1, field: 'fullName' },
      { column: 2, field: 'phoneNumber' },
    ];
    // Read as titles, the first row would be lost; the host says it is a guest.
    const asTitles = (await withMapping(token, eventId, file, false, { titleRow: 1, columns })).json() as ImportResult;
    expect(asTitles.total).toBe(1);
    const done = (await withMapping(token, eventId, file, true, { titleRow: null, columns })).json() as ImportResult;
    expect(done).toMatchObject({ total: 2, valid: 2, imported: 2 });
    expect((await list(token, eventId)).items.map((guest) => guest.fullName).sort()).toEqual(['Avi Cohen', 'Dana Levi']);
  });

  it("refuses another host's event with a mapping, before reading the file", async () => {
    const { eventId } = await hostWithEvent(t);
    const { token: stranger } = await signUpHost(t);
    const res = await withMapping(stranger, eventId, await hostsSheet(), true, { titleRow: 3, columns: [{ column: 1, field: 'fullName' }, { column: 2, field: 'phoneNumber' }] });
    expect(res.statusCode).toBe(404);
  });
});

describe('pasted rows and picked contacts', () => {
  it('checks rows like a file, numbering them from 1, and adds the good ones on commit', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const rows = [
      { fullName: 'Noa', phoneNumber: '050-865-4321', countOfInvites: 3 },
      { fullName: 'Tom', phoneNumber: '12' },
      { fullName: 'Lior', phoneNumber: '0528654321', countOfInvites: '2', group: 'Friends', lang: 'en' },
    ];
    const preview = (await pasteRows(token, eventId, rows, false)).json();
    expect(preview).toEqual({ total: 3, valid: 2, imported: 0, errors: [{ row: 2, column: 'phoneNumber', code: 'INVALID_PHONE', name: 'Tom', value: '12' }] });
    expect((await list(token, eventId)).total).toBe(0);
    const done = (await pasteRows(token, eventId, rows, true)).json();
    expect(done).toMatchObject({ valid: 2, imported: 2 });
    const items = (await list(token, eventId)).items;
    expect(items.map((guest) => [guest.fullName, guest.countOfInvites, guest.lang, guest.groupId !== null])).toEqual([
      ['Noa', 3, 'he', false],
      ['Lior', 2, 'en', true],
    ]);
  });

  it('takes 10,000 pasted rows in one request (more than the app-wide 1 MB body limit)', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      fullName: `אורח מספר ${i} משפחת כהן-לוי`,
      phoneNumber: `05${2 + (i % 3)}-${String(i).padStart(7, '0')}`,
      countOfInvites: '2',
      group: 'חברים מהעבודה',
    }));
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(1024 * 1024);
    const preview = await pasteRows(token, eventId, rows, false);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ total: 10_000, valid: 10_000, imported: 0 });
  });

  it('creates no more than 10 groups in all', async () => {
    const { token, eventId } = await hostWithEvent(t);
    for (let i = 0; i < 9; i++) await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: `G${i}` } });
    const result = (
      await pasteRows(
        token,
        eventId,
        [
          { fullName: 'A', phoneNumber: '0501000011', group: 'New one' },
          { fullName: 'B', phoneNumber: '0501000012', group: 'Another' },
          { fullName: 'C', phoneNumber: '0501000013', group: 'g1' },
        ],
        true,
      )
    ).json();
    expect(result).toEqual({ total: 3, valid: 2, imported: 2, errors: [{ row: 2, column: 'group', code: 'TOO_MANY_GROUPS', name: 'B', value: 'Another' }] });
    expect((await t.request('GET', `/groups/fetch/${eventId}`, { token })).json()).toHaveLength(10);
  });

  it('validates the body', async () => {
    const { token, eventId } = await hostWithEvent(t);
    for (const body of [{ rows: [] }, { rows: [{ fullName: 'x' }] }, {}]) {
      const res = await t.request('POST', `/guests/rows/${eventId}?commit=true`, { token, body });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.request('POST', `/guests/rows/${eventId}?commit=maybe`, { token, body: { rows: [{ fullName: 'a', phoneNumber: 'b' }] } })).statusCode).toBe(400);
  });

  it('reads Google contacts through the provider and imports them with one invite each', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const refused = await t.request('POST', '/guests/google-contacts', { token, body: { accessToken: 'not-a-sandbox-token' } });
    // Issue 28: a made-up token is the caller's mistake (4xx), not a failing provider (502).
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('GOOGLE_TOKEN_REFUSED');
    const res = await t.request('POST', '/guests/google-contacts', { token, body: { accessToken: 'sandbox-token-1' } });
    expect(res.statusCode).toBe(200);
    const { contacts } = res.json() as { contacts: { name: string; phoneNumber: string }[] };
    expect(contacts.length).toBeGreaterThan(5);
    const result = (await pasteRows(token, eventId, contacts.map((c) => ({ fullName: c.name, phoneNumber: c.phoneNumber })), true)).json() as ImportResult;
    expect(result.imported).toBe(result.valid);
    // The sandbox's landline contact is taken now (calls only).
    expect(result.errors.map((error) => error.code).sort()).toEqual(['DUPLICATE_PHONE', 'INVALID_PHONE']);
    expect((await list(token, eventId)).items.every((guest) => guest.countOfInvites === 1)).toBe(true);
  });
});

describe('template and export', () => {
  it("downloads the template with the titles in the host's language", async () => {
    const { token } = await hostWithEvent(t);
    const res = await t.request('GET', '/guests/import-template/en', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]+\.xlsx"; filename\*=UTF-8''/);
    const { values } = await readXlsx(res.rawPayload);
    expect(values[0]).toEqual(['Full name', 'Phone', 'Invited', 'Group', 'Language']);
    expect((await t.request('GET', '/guests/import-template/de', { token })).statusCode).toBe(400);
    expect((await t.request('GET', '/guests/import-template/he')).statusCode).toBe(401);
  });

  it('exports the list with the event name in the file name, and the export imports back', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const group = (await t.request('POST', `/groups/new/${eventId}`, { token, body: { name: 'Family' } })).json() as GroupDto;
    await addGuest(t, token, eventId, { fullName: '=HYPERLINK("x")', phoneNumber: '0501112233', groupId: group.id, countOfInvites: 2 });
    await addGuest(t, token, eventId, { fullName: 'Dana', phoneNumber: '+44 7911 123456', lang: 'en' });

    const res = await t.request('GET', `/guests/export/${eventId}/he`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_TYPE);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.xlsx"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe('החתונה של נועה ודני.xlsx');
    const { sheet, values } = await readXlsx(res.rawPayload);
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(values[0]?.slice(0, 5)).toEqual(['שם מלא', 'טלפון', 'מספר מוזמנים', 'קבוצה', 'שפה']);
    expect(values[1]?.slice(0, 4)).toEqual(['\'=HYPERLINK("x")', '050-111-2233', 2, 'Family']);
    expect(values).toHaveLength(3);

    const english = await t.request('GET', `/guests/export/${eventId}/en`, { token });
    expect(decodeURIComponent(String(english.headers['content-disposition']).split("UTF-8''")[1]!)).toBe("Noa and Dani's wedding.xlsx");

    // Into another event, the exported file brings the same guests back.
    const other = await createEvent(t, token);
    const back = (await uploadFile(token, other, res.rawPayload, true)).json() as ImportResult;
    expect(back).toMatchObject({ total: 2, valid: 2, imported: 2, errors: [] });
    const phones = (await list(token, other)).items.map((guest) => guest.phoneNumber).sort();
    expect(phones).toEqual(['+447911123456', '+972501112233']);
  });
  it('exports 10,000 guests without stalling the event loop', { timeout: 120_000 }, async () => {
    const { token, eventId } = await hostWithEvent(t);
    await setInviteeLimit(t, eventId, 10_000);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ fullName: `אורח מספר ${i} משפחת כהן-לוי`, phoneNumber: `05${2 + (i % 3)}-${String(i).padStart(7, '0')}`, group: 'חברים' }));
    expect((await pasteRows(token, eventId, rows, true)).json()).toMatchObject({ imported: 10_000 });
    // The smallest stall of up to four exports: a busy machine pauses the whole process at random (972 ms twice in a
    // row once, with five test files and PostgreSQL on two cores), while work done on the loop stalls every one.
    const stallLimitMs = 400;
    const stalls: number[] = [];
    for (let run = 0; run < 4 && !(Math.min(...stalls) < stallLimitMs); run++) {
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const res = await t.request('GET', `/guests/export/${eventId}/he`, { token });
      delay.disable();
      expect(res.statusCode).toBe(200);
      expect((await readXlsx(res.rawPayload)).values).toHaveLength(10_001);
      stalls.push(delay.max / 1e6);
    }
    // Written on the loop, the sheet held it 0.65–1.4 s; now the longest stall is one page of 1,000 rows (tens of ms).
    expect(Math.min(...stalls)).toBeLessThan(stallLimitMs);
  });
});

describe('reading Google contacts is limited per host', () => {
  it('lets exactly the limit through when many reads arrive at once, and counts each host apart', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const [first, second] = [await signUpHost(limited), await signUpHost(limited)];
      const { max } = RATE_LIMITS.googleContactReadsPerUser;
      const read = (token: string) => limited.request('POST', '/guests/google-contacts', { token, body: { accessToken: 'sandbox-token-1' } });
      const statuses = (await Promise.all(Array.from({ length: max + 5 }, () => read(first.token)))).map((res) => res.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(max);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
      const refused = await read(first.token);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await read(second.token)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('file imports are limited per host', () => {
  const userIdOf = async (app: TestApp, token: string) => ((await app.request('GET', '/user/me', { token })).json() as { userData: { id: string } }).userData.id;
  const guestsFile = (count: number) => xlsx([['Full name', 'Phone'], ...Array.from({ length: count }, (_, i) => [`Guest ${i}`, `05${String(i).padStart(8, '0')}`])]);

  it('reads at most two files of a host at once, gives the slots back, and counts each host apart', { timeout: 90_000 }, async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const [first, second] = [await hostWithEvent(limited), await hostWithEvent(limited)];
      const file = await guestsFile(10_000);
      const upload = (host: { token: string; eventId: string }) =>
        sendMultipart(limited, 'POST', `/guests/import/${host.eventId}?commit=false`, [{ name: 'file', value: file, filename: 'g.xlsx', contentType: XLSX_TYPE }], host.token);
      const answers = await Promise.all([upload(first), upload(first), upload(first), upload(second)]);
      const statuses = answers.map((res) => res.statusCode);
      expect(statuses.slice(0, 3).sort()).toEqual([200, 200, 429]);
      const refused = answers.find((res) => res.statusCode === 429)!;
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(20);
      expect(statuses[3]).toBe(200);
      // Both slots came back when the reads ended.
      expect((await Promise.all([upload(first), upload(first)])).map((res) => res.statusCode)).toEqual([200, 200]);
    } finally {
      await limited.close();
    }
  });

  it('frees a slot left by a process that died mid-import once its window passes', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const host = await hostWithEvent(limited);
      const userId = await userIdOf(limited, host.token);
      const file = await guestsFile(2);
      const upload = () => sendMultipart(limited, 'POST', `/guests/import/${host.eventId}?commit=false`, [{ name: 'file', value: file, filename: 'g.xlsx', contentType: XLSX_TYPE }], host.token);
      // Two imports that never gave their slots back.
      const { running } = guestImportBuckets(userId);
      for (let i = 0; i < RATE_LIMITS.guestFileImportsRunningPerUser.max; i++) {
        await limited.ctx.rateLimiter.consume([{ bucket: running, limit: RATE_LIMITS.guestFileImportsRunningPerUser }]);
      }
      expect((await upload()).statusCode).toBe(429);
      await limited.ctx.db.execute(sql`update rate_limit_hits set created_at = created_at - make_interval(mins => ${RATE_LIMITS.guestFileImportsRunningPerUser.windowMinutes})`);
      expect((await upload()).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it(`takes at most ${RATE_LIMITS.guestFileImportsPerUser.max} files of a host an hour`, async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'on' });
    try {
      const [first, second] = [await hostWithEvent(limited), await hostWithEvent(limited)];
      const userId = await userIdOf(limited, first.token);
      const file = await guestsFile(2);
      const upload = (host: { token: string; eventId: string }) =>
        sendMultipart(limited, 'POST', `/guests/import/${host.eventId}?commit=false`, [{ name: 'file', value: file, filename: 'g.xlsx', contentType: XLSX_TYPE }], host.token);
      expect((await upload(first)).statusCode).toBe(200);
      const { hourly } = guestImportBuckets(userId);
      for (let i = 1; i < RATE_LIMITS.guestFileImportsPerUser.max; i++) {
        await limited.ctx.rateLimiter.consume([{ bucket: hourly, limit: RATE_LIMITS.guestFileImportsPerUser }]);
      }
      const refused = await upload(first);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60 * 50);
      expect((await upload(second)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
