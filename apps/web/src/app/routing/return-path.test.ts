import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-path';

const ORIGIN = 'https://app.magiim.test';

describe('returnPathOf', () => {
  it('returns to the page that asked for sign-in', () => {
    expect(returnPathOf({ from: '/userSettings?tab=password' }, ORIGIN)).toBe('/userSettings?tab=password');
    expect(returnPathOf({ from: '/event/123/statistics?x=1#y' }, ORIGIN)).toBe('/event/123/statistics?x=1#y');
  });
  it.each([
    null,
    undefined,
    {},
    { from: 'https://evil.example' },
    { from: '//evil.example/x' },
    { from: '/\\evil.example/pwn' },
    { from: '/\t/evil.example' },
    { from: '/\\\\evil.example' },
    { from: 42 },
  ])('falls back to the event list for %o', (state) => {
    expect(returnPathOf(state, ORIGIN)).toBe('/manage-events');
  });
});
