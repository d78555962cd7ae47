import { describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../test-support/memory-storage';
import { forgetVerificationEmail, recallVerificationEmail, rememberVerificationEmail } from './verification-email-memory';

describe('verification e-mail memory', () => {
  it('remembers the address for the tab, normalised, until forgotten', () => {
    const storage = createMemoryStorage();
    expect(recallVerificationEmail(storage)).toBeNull();
    rememberVerificationEmail('  Dana@Example.com ', storage);
    expect(recallVerificationEmail(storage)).toBe('dana@example.com');
    forgetVerificationEmail(storage);
    expect(recallVerificationEmail(storage)).toBeNull();
  });
});
