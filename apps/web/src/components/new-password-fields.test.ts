import { describe, expect, it } from 'vitest';
import { confirmationMismatch } from './new-password-fields';

describe('confirmationMismatch', () => {
  it('is quiet while the confirmation is a beginning of the password', () => {
    expect(confirmationMismatch('Chuppah-2026', '')).toBe(false);
    expect(confirmationMismatch('Chuppah-2026', 'Chup')).toBe(false);
    expect(confirmationMismatch('Chuppah-2026', 'Chuppah-2026')).toBe(false);
  });

  it('flags a mismatch as soon as it is certain', () => {
    expect(confirmationMismatch('Chuppah-2026', 'Chx')).toBe(true);
    expect(confirmationMismatch('Chuppah-2026', 'Chuppah-20266')).toBe(true);
    expect(confirmationMismatch('abc', 'abd')).toBe(true);
  });
});
