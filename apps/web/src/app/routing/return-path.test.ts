import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-path';

describe('returnPathOf', () => {
  it('returns to the page that asked for sign-in', () => {
    expect(returnPathOf({ from: '/userSettings?tab=password' })).toBe('/userSettings?tab=password');
  });
  it.each([null, undefined, {}, { from: 'https://evil.example' }, { from: '//evil.example/x' }, { from: 42 }])(
    'falls back to the event list for %o',
    (state) => {
      expect(returnPathOf(state)).toBe('/manage-events');
    },
  );
});
