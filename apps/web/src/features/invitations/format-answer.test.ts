import { describe, expect, it } from 'vitest';
import { chosenMeals, formatAnsweredAt } from './format-answer';

describe('chosenMeals', () => {
  it('lists the chosen meals in the spec order and leaves out zeros', () => {
    expect(chosenMeals({ vegan: 1, glatt: 2, vegetarian: 0 })).toEqual([
      ['glatt', 2],
      ['vegan', 1],
    ]);
    expect(chosenMeals({})).toEqual([]);
  });
});

describe('formatAnsweredAt', () => {
  it('shows Israel’s time, in winter and in summer, whatever the machine’s zone', () => {
    expect(formatAnsweredAt('2030-01-05T22:30:00.000Z')).toBe('06/01/2030 00:30');
    expect(formatAnsweredAt('2030-07-05T09:05:00.000Z')).toBe('05/07/2030 12:05');
  });
});
