import { describe, expect, it } from 'vitest';
import { formatRetryAfter } from './format-wait';

describe('formatRetryAfter', () => {
  it('says seconds, minutes or hours in the language, with its plural rules', () => {
    expect(formatRetryAfter(30, 'en')).toBe('in 30 seconds');
    expect(formatRetryAfter(0, 'en')).toBe('in 1 second');
    expect(formatRetryAfter(15 * 60, 'en')).toBe('in 15 minutes');
    expect(formatRetryAfter(2 * 3600, 'en')).toBe('in 2 hours');
    expect(formatRetryAfter(120, 'ru')).toBe('через 2 минуты');
    expect(formatRetryAfter(300, 'he')).toBe('בעוד 5 דקות');
  });
});
