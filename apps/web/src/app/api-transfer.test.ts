import { describe, expect, it } from 'vitest';
import { filenameFrom } from './api-transfer';

describe('download file names', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(filenameFrom(`attachment; filename="guests.xlsx"; filename*=UTF-8''${encodeURIComponent('מוזמנים - החתונה.xlsx')}`, 'x.xlsx')).toBe(
      'מוזמנים - החתונה.xlsx',
    );
    expect(filenameFrom('attachment; filename="guests.xlsx"', 'x.xlsx')).toBe('guests.xlsx');
    expect(filenameFrom('attachment; filename=guests.xlsx', 'x.xlsx')).toBe('guests.xlsx');
    expect(filenameFrom(null, 'x.xlsx')).toBe('x.xlsx');
    expect(filenameFrom("attachment; filename*=UTF-8''%E0%A4%A", 'x.xlsx')).toBe('x.xlsx');
  });
});
