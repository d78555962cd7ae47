import { describe, expect, it } from 'vitest';
import type { ImportSheet } from '@magiim/shared';
import { asksAboutFirstRow, columnLetters, fieldsOf, mappingIsComplete, withColumnField, withTitleRow } from './column-mapping';

const sheet: ImportSheet = {
  titleRow: 3,
  firstRow: 1,
  columns: [
    { column: 1, title: 'שם', field: 'fullName', samples: [], filled: 2 },
    { column: 2, title: 'טלפון', field: 'phoneNumber', samples: [], filled: 2 },
    { column: 3, title: 'הערות', field: null, samples: [], filled: 1 },
  ],
};

describe('the column mapping', () => {
  it('names columns as Excel does', () => {
    expect([1, 26, 27, 50].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AX']);
  });

  it("starts from the server's reading and moves a field taken by another column, leaving that one not imported", () => {
    const first = withColumnField(sheet, null, 3, 'group');
    expect(first).toEqual({
      titleRow: 3,
      columns: [
        { column: 1, field: 'fullName' },
        { column: 2, field: 'phoneNumber' },
        { column: 3, field: 'group' },
      ],
    });
    const moved = withColumnField(sheet, first, 3, 'fullName');
    expect([...fieldsOf(sheet, moved).values()]).toEqual([null, 'phoneNumber', 'fullName']);
    expect(mappingIsComplete(fieldsOf(sheet, moved))).toBe(true);
    expect(mappingIsComplete(fieldsOf(sheet, withColumnField(sheet, moved, 2, null)))).toBe(false);
  });

  it('reads a sheet without titles: the host says the first row is a guest or titles, and the columns keep their fields', () => {
    const untitled: ImportSheet = {
      titleRow: null,
      firstRow: 1,
      columns: [
        { column: 1, title: '', field: null, samples: ['Dana'], filled: 2 },
        { column: 2, title: '', field: 'phoneNumber', samples: ['0501234567'], filled: 2 },
      ],
    };
    expect(asksAboutFirstRow(untitled, null)).toBe(true);
    const named = withColumnField(untitled, null, 1, 'fullName');
    expect(named).toEqual({ titleRow: null, columns: [{ column: 1, field: 'fullName' }, { column: 2, field: 'phoneNumber' }] });
    const asTitles = withTitleRow(untitled, named, 1);
    expect(asTitles).toEqual({ titleRow: 1, columns: named.columns });
    expect(withColumnField(untitled, asTitles, 2, null).titleRow).toBe(1);
  });

  it('asks about the first row only when unsure: not for titles it recognised, nor for titles under a title line', () => {
    expect(asksAboutFirstRow({ ...sheet, titleRow: 1 }, null)).toBe(false);
    const guessed: ImportSheet = { ...sheet, titleRow: 1, columns: sheet.columns.map((column) => ({ ...column, field: column.field === 'fullName' ? null : column.field })) };
    expect(asksAboutFirstRow(guessed, null)).toBe(true);
    expect(asksAboutFirstRow({ ...guessed, titleRow: 3 }, null)).toBe(false);
  });
});
