import { describe, expect, it } from 'vitest';
import { formatAnswerTime } from './answer-time';

// 2027-06-17 15:00 in Jerusalem.
const now = new Date('2027-06-17T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('formatAnswerTime', () => {
  it('says now, then minutes, then hours within the same day', () => {
    expect(formatAnswerTime(ago(20_000), 'en', now)).toEqual({ text: 'now', isDate: false });
    expect(formatAnswerTime(ago(5 * 60_000), 'en', now).text).toBe('5 minutes ago');
    expect(formatAnswerTime(ago(3 * 3_600_000 + 59_000), 'en', now).text).toBe('3 hours ago');
    expect(formatAnswerTime(ago(5 * 60_000), 'he', now).text).toBe('לפני 5 דקות');
  });

  it('says one minute and one hour in Hebrew without a count in brackets (issue 28)', () => {
    expect(formatAnswerTime(ago(60_000), 'he', now).text).toBe('לפני דקה');
    expect(formatAnswerTime(ago(3_600_000), 'he', now).text).toBe('לפני שעה');
    expect(formatAnswerTime(ago(60_000), 'en', now).text).toBe('1 minute ago');
  });

  it('says yesterday for the previous Jerusalem day and DD/MM before that', () => {
    expect(formatAnswerTime('2027-06-16T20:00:00Z', 'en', now)).toEqual({ text: 'yesterday', isDate: false });
    expect(formatAnswerTime('2027-06-16T20:00:00Z', 'ru', now).text).toBe('вчера');
    expect(formatAnswerTime('2027-06-15T08:00:00Z', 'ar', now)).toEqual({ text: '15/06', isDate: true });
  });

  it('keeps Western digits in Arabic and reads a clock ahead of ours as now', () => {
    expect(formatAnswerTime(ago(5 * 60_000), 'ar', now).text).toContain('5');
    expect(formatAnswerTime(new Date(now.getTime() + 5000).toISOString(), 'en', now).text).toBe('now');
  });
});
