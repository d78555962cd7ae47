import { describe, expect, it } from 'vitest';
import { groupBars } from './group-bars';

const row = (groupId: string | null, invited: number, parts: Partial<Record<'attending' | 'declined' | 'maybe' | 'noAnswer', number>> = {}) => ({
  groupId,
  name: groupId ? `Group ${groupId}` : null,
  invited,
  attending: 0,
  declined: 0,
  maybe: 0,
  noAnswer: 0,
  ...parts,
});

describe('groupBars', () => {
  it('scales every bar to the largest group', () => {
    const bars = groupBars([row('a', 20, { attending: 10, noAnswer: 10 }), row('b', 5, { declined: 5 })]);
    expect(bars.map((bar) => bar.length)).toEqual([100, 25]);
    expect(bars[0]?.segments).toEqual([
      { kind: 'attending', people: 10, percent: 50 },
      { kind: 'noAnswer', people: 10, percent: 50 },
    ]);
    expect(bars[1]?.segments).toEqual([{ kind: 'declined', people: 5, percent: 100 }]);
  });

  it('leaves the people an approved guest does not bring out of every segment', () => {
    const [bar] = groupBars([row('a', 3, { attending: 2 })]);
    expect(bar?.segments).toEqual([{ kind: 'attending', people: 2, percent: 66.7 }]);
  });

  it('keeps empty groups and guests without a group', () => {
    const bars = groupBars([row('a', 0), row(null, 4, { maybe: 4 })]);
    expect(bars.map((bar) => [bar.key, bar.length, bar.segments.length])).toEqual([
      ['a', 0, 0],
      ['none', 100, 1],
    ]);
    expect(groupBars([row('a', 0)])[0]?.length).toBe(0);
  });
});
