import { describe, expect, it } from 'vitest';
import { lightLoginUrl } from './light-login';

describe('lightLoginUrl', () => {
  it('keeps the language and where the user was going', () => {
    expect(lightLoginUrl('en', '/userSettings?tab=password')).toBe('/login/en?next=%2FuserSettings%3Ftab%3Dpassword');
    expect(lightLoginUrl(undefined, '/manage-events')).toBe('/login?next=%2Fmanage-events');
  });
});
