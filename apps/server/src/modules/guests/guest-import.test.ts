import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_IMPORT_MAX_BYTES, RATE_LIMITS, type GroupDto, type GuestListResponse, type ImportResult } from '@magiim/shared';
import { createTestApp, signUpHost, type TestApp } from '../../../test/test-app.js';
import { createEvent, sendMultipart } from '../events/event-test-kit.js';
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
        { row: 5, column: 'phoneNumber', code: 'DUPLICATE_PHONE' },
        { row: 6, column: 'countOfInvites', code: 'COUNT_OUT_OF_RANGE' },
        { row: 6, column: 'lang', code: 'UNKNOWN_LANGUAGE' },
      ],
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

  it('refuses what is not an xlsx, a file over the limit, a sheet without titles and a missing file part', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const csv = await uploadFile(token, eventId, Buffer.from('Full name,Phone\nDana,0501234567\n'), true);
    expect(csv.statusCode).toBe(415);
    expect(csv.json().code).toBe('INVALID_FILE_TYPE');

    const big = await uploadFile(token, eventId, Buffer.alloc(GUEST_IMPORT_MAX_BYTES + 1, 1), true);
    expect(big.statusCode).toBe(413);

    const untitled = await uploadFile(token, eventId, await xlsx([['Dana', '0501234567']]), true);
    expect(untitled.json().code).toBe('FILE_NEEDS_TITLES');

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
    expect(result).toEqual({ total: 3, valid: 2, imported: 2, errors: [{ row: 4, column: 'fullName', code: 'INVITEE_LIMIT_REACHED' }] });
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

describe('pasted rows and picked contacts', () => {
  it('checks rows like a file, numbering them from 1, and adds the good ones on commit', async () => {
    const { token, eventId } = await hostWithEvent(t);
    const rows = [
      { fullName: 'Noa', phoneNumber: '050-865-4321', countOfInvites: 3 },
      { fullName: 'Tom', phoneNumber: '12' },
      { fullName: 'Lior', phoneNumber: '0528654321', countOfInvites: '2', group: 'Friends', lang: 'en' },
    ];
    const preview = (await pasteRows(token, eventId, rows, false)).json();
    expect(preview).toEqual({ total: 3, valid: 2, imported: 0, errors: [{ row: 2, column: 'phoneNumber', code: 'INVALID_PHONE' }] });
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
    expect(result).toEqual({ total: 3, valid: 2, imported: 2, errors: [{ row: 2, column: 'group', code: 'TOO_MANY_GROUPS' }] });
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
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('GOOGLE_CONTACTS_FAILED');
    const res = await t.request('POST', '/guests/google-contacts', { token, body: { accessToken: 'sandbox-token-1' } });
    expect(res.statusCode).toBe(200);
    const { contacts } = res.json() as { contacts: { name: string; phoneNumber: string }[] };
    expect(contacts.length).toBeGreaterThan(5);
    const result = (await pasteRows(token, eventId, contacts.map((c) => ({ fullName: c.name, phoneNumber: c.phoneNumber })), true)).json() as ImportResult;
    expect(result.imported).toBe(result.valid);
    expect(result.errors.map((error) => error.code).sort()).toEqual(['DUPLICATE_PHONE', 'INVALID_PHONE', 'INVALID_PHONE']);
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
