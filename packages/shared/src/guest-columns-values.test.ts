import { describe, expect, it } from 'vitest';
import { fieldOfValues, looksLikeInviteCount, looksLikePhone, rowLooksLikeData } from './guest-columns.js';

describe('reading a column from its values', () => {
  it('knows a phone by its shape, as people type it', () => {
    for (const phone of ['050-123-4567', '0501234567', '501234567', '+972 54 123 4567', '(03) 123-4567', '+1 212 555 0100']) expect(looksLikePhone(phone)).toBe(true);
    for (const other of ['05-123', '12', 'Dana', '2026-05-01', '050123456789012345', '3']) expect(looksLikePhone(other)).toBe(false);
  });

  it('knows a number invited: whole numbers from 1 to 20', () => {
    expect(['1', '2', '12', '20'].every(looksLikeInviteCount)).toBe(true);
    expect(['0', '21', '2.5', '-1', 'two', '100'].some(looksLikeInviteCount)).toBe(false);
  });

  it('reads phone-shaped values as the phone, a few typos allowed', () => {
    expect(fieldOfValues(['050-123-4567', '0521112233', '', '054 123 4567', '0531234567', '05-12'])).toBe('phoneNumber');
    expect(fieldOfValues(['050-123-4567', 'Dana', 'Avi'])).toBeNull();
  });

  it('reads small whole numbers as the number invited, only when every value is one', () => {
    expect(fieldOfValues(['2', '1', '', '4', '12'])).toBe('countOfInvites');
    expect(fieldOfValues(['2', '1', '40'])).toBeNull();
  });

  it('leaves names, groups, empty columns and mixed columns unmapped', () => {
    expect(fieldOfValues(['Dana', 'Avi'])).toBeNull();
    expect(fieldOfValues(['Bride', 'Groom', ''])).toBeNull();
    expect(fieldOfValues(['', ''])).toBeNull();
  });

  it('takes a first row holding a phone for a guest, not titles', () => {
    expect(rowLooksLikeData([undefined, 'Dana', '050-123-4567'])).toBe(true);
    expect(rowLooksLikeData([undefined, 'Who', 'Mobile'])).toBe(false);
  });
});
