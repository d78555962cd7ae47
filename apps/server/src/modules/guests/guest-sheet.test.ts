import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { GuestDto } from '@magiim/shared';
import { readGuestSheet, writeGuestSheet, writeImportTemplate } from './guest-sheet.js';
import { escapeCellText } from './guest-sheet-write.js';

const xlsx = async (rows: unknown[][], options: { rightToLeft?: boolean } = {}): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1', { views: [{ rightToLeft: options.rightToLeft ?? false }] });
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const codeOf = async (promise: Promise<unknown>): Promise<string | undefined> => {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

/** A zip with one stored-as-deflate entry, written by hand so its sizes can lie. */
const zipWith = (name: string, content: Buffer, declared?: { uncompressed: number }): Buffer => {
  const data = deflateRawSync(content);
  const fileName = Buffer.from(name);
  const uncompressed = declared?.uncompressed ?? content.length;
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(uncompressed, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(0, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(uncompressed, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(0, 42);
  const centralOffset = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(centralOffset, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
};

const guest = (overrides: Partial<GuestDto>): GuestDto => ({
  id: crypto.randomUUID(),
  fullName: 'Dana Cohen',
  phoneNumber: '+972501234567',
  countOfInvites: 2,
  groupId: null,
  lang: 'he',
  askTransport: false,
  askMeals: false,
  comments: '',
  status: 'pending',
  viewedCount: 0,
  attending: null,
  inviteUrl: 'http://localhost:3000/invite/abcdefghijklmnopqrstuv',
  answer: null,
  changedDecision: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...overrides,
});

describe('reading a guest sheet', () => {
  it('finds the columns by their titles in any language and keeps the sheet row numbers', async () => {
    const file = await xlsx([
      [],
      ['הערה', 'שם מלא', 'טלפון', 'מספר מוזמנים', 'קבוצה', 'שפה'],
      ['x', 'ישראל ישראלי', '050-123-4567', 3, 'משפחה', 'עברית'],
      [],
      ['', 'Dana', 501234568, '', '', ''],
    ]);
    expect(await readGuestSheet(file, 'guests.xlsx')).toEqual([
      { row: 3, fullName: 'ישראל ישראלי', phoneNumber: '050-123-4567', countOfInvites: '3', group: 'משפחה', lang: 'עברית' },
      { row: 5, fullName: 'Dana', phoneNumber: '501234568' },
    ]);
  });

  it.each([
    [['Full name', 'Phone', 'Invited']],
    [['Полное имя', 'Телефон', 'Приглашено']],
    [['الاسم الكامل', 'الهاتف', 'عدد المدعوين']],
    [['name', 'Mobile', 'count']],
  ])('reads titles %j', async (titles) => {
    const rows = await readGuestSheet(await xlsx([titles, ['Noa', '0521112233', 1]]), 'g.xlsx');
    expect(rows).toEqual([{ row: 2, fullName: 'Noa', phoneNumber: '0521112233', countOfInvites: '1' }]);
  });

  it('reads formulas by their result, rich text and links by their text, and big numbers without exponents', async () => {
    const file = await xlsx([
      ['Full name', 'Phone'],
      [{ richText: [{ text: 'Ro' }, { text: 'ni', font: { bold: true } }] }, { formula: '"0"&"541234567"', result: '0541234567' }],
      [{ text: 'Avi', hyperlink: 'https://example.com' }, 972541234568],
    ]);
    expect(await readGuestSheet(file, 'g.xlsx')).toEqual([
      { row: 2, fullName: 'Roni', phoneNumber: '0541234567' },
      { row: 3, fullName: 'Avi', phoneNumber: '972541234568' },
    ]);
  });

  it('refuses a sheet without name and phone titles', async () => {
    expect(await codeOf(readGuestSheet(await xlsx([['Dana', '0501234567']]), 'g.xlsx'))).toBe('FILE_NEEDS_TITLES');
  });

  it('refuses an empty sheet and titles without guests', async () => {
    expect(await codeOf(readGuestSheet(await xlsx([]), 'g.xlsx'))).toBe('FILE_EMPTY');
    expect(await codeOf(readGuestSheet(await xlsx([['Full name', 'Phone']]), 'g.xlsx'))).toBe('FILE_EMPTY');
  });

  it('refuses more than 10,000 guests', async () => {
    const rows = [['Full name', 'Phone'], ...Array.from({ length: 10_001 }, (_, i) => [`Guest ${i}`, `05${String(i).padStart(8, '0')}`])];
    expect(await codeOf(readGuestSheet(await xlsx(rows), 'g.xlsx'))).toBe('FILE_TOO_MANY_ROWS');
  });

  it('judges by content, not by name: CSV, random bytes and a zip that is not a workbook are not xlsx', async () => {
    expect(await codeOf(readGuestSheet(Buffer.from('Full name,Phone\nDana,0501234567\n'), 'g.xlsx'))).toBe('INVALID_FILE_TYPE');
    expect(await codeOf(readGuestSheet(Buffer.from(crypto.getRandomValues(new Uint8Array(4096))), 'g.xlsx'))).toBe('INVALID_FILE_TYPE');
    expect(await codeOf(readGuestSheet(zipWith('readme.txt', Buffer.from('hello')), 'g.xlsx'))).toBe('INVALID_FILE_TYPE');
  });

  it('refuses a zip bomb before unpacking it, and an entry that inflates beyond its declared size', async () => {
    const zeros = Buffer.alloc(60 * 1024 * 1024);
    expect(await codeOf(readGuestSheet(zipWith('xl/worksheets/sheet1.xml', zeros), 'g.xlsx'))).toBe('INVALID_FILE');
    expect(await codeOf(readGuestSheet(zipWith('xl/workbook.xml', Buffer.alloc(2 * 1024 * 1024, 0x61), { uncompressed: 100 }), 'g.xlsx'))).toBe(
      'INVALID_FILE',
    );
  });
});

describe('writing guest sheets', () => {
  it('exports titles in the language, right to left for Hebrew, phones as local text, and reads back', async () => {
    const answer = { meals: { vegan: 1 }, transport: { option: 'מחיפה' }, comments: 'מחכים', answeredAt: new Date().toISOString() };
    const file = await writeGuestSheet('he', [guest({ fullName: 'ישראל', groupId: 'g1', status: 'approved', attending: 2, answer, changedDecision: true })], [
      { id: 'g1', name: 'משפחה', guestCount: 1 },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      ...['שם מלא', 'טלפון', 'מספר מוזמנים', 'קבוצה', 'שפה', 'סטטוס', 'מגיעים', 'מנות מיוחדות', 'הסעה', 'הערת האורח', 'שינה תשובה'],
      ...['צפיות בהזמנה', 'הערות', 'קישור אישי להזמנה'],
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('050-123-4567');
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      ...['ישראל', '050-123-4567', 2, 'משפחה', 'עברית', 'מגיע', 2, 'טבעונית × 1', 'מחיפה', 'מחכים', 'כן', 0],
      ...['', 'http://localhost:3000/invite/abcdefghijklmnopqrstuv'],
    ]);
    expect(await readGuestSheet(file, 'export.xlsx')).toEqual([
      { row: 2, fullName: 'ישראל', phoneNumber: '050-123-4567', countOfInvites: '2', group: 'משפחה', lang: 'עברית' },
    ]);
  });

  it('keeps English left to right', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeGuestSheet('en', [guest({})], [])) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.views[0]?.rightToLeft).toBe(false);
    expect(workbook.worksheets[0]!.getRow(1).getCell(1).value).toBe('Full name');
  });

  it('escapes text a spreadsheet would take for a formula', async () => {
    expect(escapeCellText('=HYPERLINK("http://evil","x")')).toBe('\'=HYPERLINK("http://evil","x")');
    for (const text of ['+1', '-2', '@SUM(A1)', '\tx', '\rx']) expect(escapeCellText(text)).toBe(`'${text}`);
    expect(escapeCellText('Dana')).toBe('Dana');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeGuestSheet('en', [guest({ fullName: '=cmd|" /C calc"!A0', comments: '@x' })], [])) as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]!.getRow(2);
    expect(row.getCell(1).value).toBe('\'=cmd|" /C calc"!A0');
    expect(row.getCell(13).value).toBe("'@x");
  });

  it('writes an import template in each language that the reader accepts', async () => {
    for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
      const rows = await readGuestSheet(await writeImportTemplate(lang), 'template.xlsx');
      expect(rows).toHaveLength(1);
      expect(rows[0]?.phoneNumber).toBe('050-123-4567');
    }
  });
});
