import { describe, expect, it } from 'vitest';
import { hasSides, sideBarsRowsOf, sideFilterOf, sideOptions, withChildrenOf } from './guest-sides';

const row = (side: 'a' | 'b' | 'both' | 'none', guests: number, attending = 0) => ({ side, guests, invited: guests * 2, attending, declined: 0, maybe: 0, noAnswer: guests * 2 - attending });

describe('guest sides', () => {
  it('names the options by the host labels, else the defaults in the language', () => {
    expect(sideOptions({ a: 'דנה', b: '' }, 'he')).toEqual([
      { value: 'a', label: 'דנה' },
      { value: 'b', label: 'צד ב׳' },
      { value: 'both', label: 'שני הצדדים' },
    ]);
    expect(sideOptions(undefined, 'en').map((option) => option.label)).toEqual(['Side A', 'Side B', 'Both sides']);
  });

  it('reads the address parameters, ignoring unknown values', () => {
    expect(sideFilterOf('a')).toBe('a');
    expect(sideFilterOf('none')).toBe('none');
    expect(sideFilterOf('c')).toBe('');
    expect(sideFilterOf(null)).toBe('');
    expect(withChildrenOf('true')).toBe('true');
    expect(withChildrenOf('yes')).toBe('');
  });

  it('shows the sides once a guest has one', () => {
    expect(hasSides(undefined)).toBe(false);
    expect(hasSides([row('none', 3)])).toBe(false);
    expect(hasSides([row('none', 3), row('b', 1)])).toBe(true);
  });

  it('orders the sides A, B, both, none and names them', () => {
    const rows = sideBarsRowsOf([row('none', 1), row('both', 2), row('b', 1, 2), row('a', 4, 3)], { a: 'Dana', b: 'Yoav' }, 'en', 'No side');
    expect(rows.map((r) => [r.groupId, r.name, r.attending])).toEqual([
      ['a', 'Dana', 3],
      ['b', 'Yoav', 2],
      ['both', 'Both sides', 0],
      ['none', 'No side', 0],
    ]);
    expect(rows[0]).toMatchObject({ invited: 8, noAnswer: 5 });
  });
});
