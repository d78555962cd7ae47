import { describe, expect, it } from 'vitest';
import { groupBars, hasOtherPeople } from './group-bars';

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

const total = (segments: { percent: number }[]) => Math.round(segments.reduce((sum, segment) => sum + segment.percent, 0));

describe('groupBars', () => {
  it('scales every bar to 100% of its own group, whatever the largest group', () => {
    const bars = groupBars([row('a', 20, { attending: 10, noAnswer: 10 }), row('b', 5, { declined: 5 })]);
    expect(bars[0]?.segments).toEqual([
      { kind: 'attending', people: 10, percent: 50 },
      { kind: 'noAnswer', people: 10, percent: 50 },
    ]);
    expect(bars[1]?.segments).toEqual([{ kind: 'declined', people: 5, percent: 100 }]);
    expect(bars.map((bar) => total(bar.segments))).toEqual([100, 100]);
  });

  it('draws coming first, then maybe, no answer, not coming, and the rest last', () => {
    const [bar] = groupBars([row('a', 10, { declined: 1, noAnswer: 2, maybe: 3, attending: 3 })]);
    expect(bar?.segments.map((segment) => segment.kind)).toEqual(['attending', 'maybe', 'noAnswer', 'declined', 'other']);
  });

  it('shows the people an approved guest does not bring as a part of their own, not as empty track', () => {
    const bars = groupBars([row('a', 3, { attending: 2 })]);
    expect(bars[0]?.segments).toEqual([
      { kind: 'attending', people: 2, percent: 66.7 },
      { kind: 'other', people: 1, percent: 33.3 },
    ]);
    expect(hasOtherPeople(bars)).toBe(true);
    expect(hasOtherPeople(groupBars([row('a', 2, { attending: 2 })]))).toBe(false);
  });

  it('keeps an empty group empty and guests without a group', () => {
    const bars = groupBars([row('a', 0), row(null, 4, { maybe: 4 })]);
    expect(bars.map((bar) => [bar.key, bar.segments.length])).toEqual([
      ['a', 0],
      ['none', 1],
    ]);
  });
});
