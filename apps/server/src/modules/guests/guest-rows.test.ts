import { describe, expect, it } from 'vitest';
import { normalizePhone, type ImportRowError } from '@magiim/shared';
import { checkGuestRows, languageOfCell, normalizeRowPhone, type GuestRowsContext, type RawGuestRow } from './guest-rows.js';

const context = (overrides: Partial<GuestRowsContext> = {}): GuestRowsContext => ({
  langs: ['he', 'en', 'ar'],
  defaultLang: 'he',
  existingPhones: new Set(),
  existingGroups: [],
  maxGroups: 10,
  guestRoom: 1000,
  ...overrides,
});

const rows = (...partial: Partial<RawGuestRow>[]): RawGuestRow[] =>
  partial.map((row, index) => ({ row: index + 2, fullName: 'Dana', phoneNumber: `050-000-00${String(index).padStart(2, '0')}`, ...row }));

/** Where and why, without the quoted name and value (their own test below). */
const placeOf = ({ row, column, code }: ImportRowError) => ({ row, column, code });

describe('checking guest rows', () => {
  it("quotes the row's guest and the offending value, shortened and on one line, in each error", () => {
    const result = checkGuestRows(
      rows(
        { fullName: 'Dana Levi', phoneNumber: '05-123' },
        { fullName: '', phoneNumber: 'x', countOfInvites: 30 },
        { fullName: `Long\u202E\n${'y'.repeat(40)}`, phoneNumber: 'z'.repeat(80), lang: 'klingon' },
      ),
      context(),
    );
    expect(result.errors).toEqual([
      { row: 2, column: 'phoneNumber', code: 'INVALID_PHONE', name: 'Dana Levi', value: '05-123' },
      { row: 3, column: 'fullName', code: 'NAME_REQUIRED' },
      { row: 3, column: 'phoneNumber', code: 'INVALID_PHONE', value: 'x' },
      { row: 3, column: 'countOfInvites', code: 'COUNT_OUT_OF_RANGE', value: '30' },
      { row: 4, column: 'fullName', code: 'INVALID_CHARACTERS', name: `Long ${'y'.repeat(40)}` },
      { row: 4, column: 'phoneNumber', code: 'INVALID_PHONE', name: `Long ${'y'.repeat(40)}`, value: `${'z'.repeat(59)}…` },
      { row: 4, column: 'lang', code: 'UNKNOWN_LANGUAGE', name: `Long ${'y'.repeat(40)}`, value: 'klingon' },
    ]);
  });

  it('takes good rows with defaults: one invite, no group, the default language', () => {
    const result = checkGuestRows(rows({ fullName: '  נועה  ', phoneNumber: '0501234567' }), context());
    expect(result).toEqual({
      total: 1,
      valid: [{ row: 2, fullName: 'נועה', phoneNumber: '+972501234567', countOfInvites: 1, groupName: null, lang: 'he', comments: '', side: null }],
      errors: [],
      newGroups: [],
    });
  });

  it('reports every problem of a row, one per column', () => {
    const result = checkGuestRows(rows({ fullName: '', phoneNumber: '', countOfInvites: '0', group: 'x'.repeat(41), lang: 'klingon' }), context());
    expect(result.valid).toEqual([]);
    expect(result.errors.map(placeOf)).toEqual([
      { row: 2, column: 'fullName', code: 'NAME_REQUIRED' },
      { row: 2, column: 'phoneNumber', code: 'PHONE_REQUIRED' },
      { row: 2, column: 'countOfInvites', code: 'COUNT_OUT_OF_RANGE' },
      { row: 2, column: 'group', code: 'GROUP_NAME_TOO_LONG' },
      { row: 2, column: 'lang', code: 'UNKNOWN_LANGUAGE' },
    ]);
  });

  it.each([
    [{ fullName: 'x'.repeat(61) }, 'fullName', 'NAME_TOO_LONG'],
    [{ fullName: 'a\u202Eb' }, 'fullName', 'INVALID_CHARACTERS'],
    [{ group: 'a\u0000b' }, 'group', 'INVALID_CHARACTERS'],
    [{ phoneNumber: '03-555-12' }, 'phoneNumber', 'INVALID_PHONE'],
    [{ phoneNumber: 'call me' }, 'phoneNumber', 'INVALID_PHONE'],
    [{ countOfInvites: '21' }, 'countOfInvites', 'COUNT_OUT_OF_RANGE'],
    [{ countOfInvites: '1.5' }, 'countOfInvites', 'COUNT_OUT_OF_RANGE'],
    [{ countOfInvites: 'two' }, 'countOfInvites', 'COUNT_OUT_OF_RANGE'],
    [{ lang: 'ru' }, 'lang', 'UNKNOWN_LANGUAGE'],
    [{ lang: 'Русский' }, 'lang', 'UNKNOWN_LANGUAGE'],
  ])('%j → %s %s', (row, column, code) => {
    expect(checkGuestRows(rows(row), context()).errors.map(placeOf)).toEqual([{ row: 2, column, code }]);
  });

  it('reads counts as numbers or text, and languages by code or by name in any of the four languages', () => {
    const result = checkGuestRows(
      rows(
        { countOfInvites: 20, lang: 'EN' },
        { countOfInvites: ' 3 ', lang: 'אנגלית' },
        { countOfInvites: '', lang: 'Arabic' },
        { lang: 'العربية' },
        { lang: 'иврит' },
        { lang: ' עברית ' },
      ),
      context(),
    );
    expect(result.errors.map(placeOf)).toEqual([]);
    expect(result.valid.map((row) => [row.countOfInvites, row.lang])).toEqual([
      [20, 'en'],
      [3, 'en'],
      [1, 'ar'],
      [1, 'ar'],
      [1, 'he'],
      [1, 'he'],
    ]);
    expect(languageOfCell('English')).toBe('en');
    expect(languageOfCell('Deutsch')).toBeNull();
  });

  it('keeps the first of a phone in the file, flags the rest, and flags phones already on the list', () => {
    const result = checkGuestRows(
      rows({ phoneNumber: '050-111-2222' }, { phoneNumber: '+972501112222' }, { phoneNumber: '0523334444' }),
      context({ existingPhones: new Set(['+972523334444']) }),
    );
    expect(result.valid.map((row) => row.row)).toEqual([2]);
    expect(result.errors.map(placeOf)).toEqual([
      { row: 3, column: 'phoneNumber', code: 'DUPLICATE_PHONE' },
      { row: 4, column: 'phoneNumber', code: 'PHONE_EXISTS' },
    ]);
  });

  it('matches groups by name whatever the case, and creates new ones within the group limit', () => {
    const result = checkGuestRows(
      rows({ group: 'family' }, { group: 'Work' }, { group: 'WORK' }, { group: 'Army' }, { group: 'Army' }, { group: '' }),
      context({ existingGroups: ['Family', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], maxGroups: 10 }),
    );
    expect(result.valid.map((row) => row.groupName)).toEqual(['Family', 'Work', 'WORK', null]);
    expect(result.newGroups).toEqual(['Work']);
    expect(result.errors.map(placeOf)).toEqual([
      { row: 5, column: 'group', code: 'TOO_MANY_GROUPS' },
      { row: 6, column: 'group', code: 'TOO_MANY_GROUPS' },
    ]);
  });

  it('takes valid rows up to the room left in the package; bad rows take none', () => {
    const result = checkGuestRows(rows({}, { phoneNumber: 'x' }, {}, {}), context({ guestRoom: 2 }));
    expect(result.valid.map((row) => row.row)).toEqual([2, 4]);
    expect(result.errors.map(placeOf)).toEqual([
      { row: 3, column: 'phoneNumber', code: 'INVALID_PHONE' },
      { row: 5, column: 'fullName', code: 'INVITEE_LIMIT_REACHED' },
    ]);
  });

  it('skips empty rows without counting them', () => {
    const result = checkGuestRows(rows({ fullName: ' ', phoneNumber: '' }, {}), context());
    expect(result.total).toBe(1);
    expect(result.errors.map(placeOf)).toEqual([]);
  });
});

describe('the quick phone path', () => {
  it('answers exactly what normalizePhone answers', () => {
    const spellings = (national: string) => [`0${national}`, national, `972${national}`, `+972${national}`, `00972${national}`, `+972 ${national.slice(0, 2)}-${national.slice(2)}`];
    for (let prefix = 500; prefix < 600; prefix++) {
      for (const suffix of ['000000', '123456', '999999', '5550123']) {
        for (const input of spellings(`${prefix}${suffix}`)) expect(normalizeRowPhone(input), input).toBe(normalizePhone(input));
      }
    }
    for (const input of ['+9720501234567', '02-123-4567', '+44 7911 123456', '050-123-456', '0501234567\u200E', '', '5']) {
      expect(normalizeRowPhone(input), input).toBe(normalizePhone(input));
    }
  });
});
