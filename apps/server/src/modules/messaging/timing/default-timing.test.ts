import { describe, expect, it } from 'vitest';
import type { TimedAction } from '@magiim/shared';
import { formatLocalDateTime } from '../local-time.js';
import { defaultTimings, type TimingEvent } from './default-timing.js';

const event = (overrides: Partial<TimingEvent>): TimingEvent => ({
  date: '2027-03-10',
  time: '19:30',
  rsvpStartDate: '2027-02-24',
  orderPackageId: null,
  includeCallsPreference: false,
  ...overrides,
});

const local = (input: TimingEvent, mode: 'israel' | 'always' = 'israel') =>
  Object.fromEntries(Object.entries(defaultTimings(input, mode)).map(([action, timing]) => [action, formatLocalDateTime(timing.sendAt)])) as Record<
    TimedAction,
    string
  >;

describe('default timing (TZ=Asia/Kathmandu, business time Asia/Jerusalem)', () => {
  it('an evening event: rounds on the RSVP start, +3 and +6 days at 10:00 (a Shabbat round waits for Sunday 09:00), direction on the day, thanks the day after', () => {
    // RSVP start Wednesday 24 Feb 2027; +3 is Saturday 27 Feb.
    // The save-the-date (off until the host turns it on) 30 days before the event: Monday 8 Feb.
    expect(local(event({}))).toEqual({
      saveTheDate: '2027-02-08T11:00',
      round1: '2027-02-24T10:00',
      round2: '2027-02-28T09:00',
      round3: '2027-03-02T10:00',
      direction: '2027-03-10T10:00',
      thanks: '2027-03-11T11:00',
      calls: '2027-03-04T11:00',
    });
  });

  it('a morning event gets the direction message the evening before at 18:00', () => {
    expect(local(event({ time: '11:30' })).direction).toBe('2027-03-09T18:00');
    expect(local(event({ time: '13:00' })).direction).toBe('2027-03-10T10:00');
  });

  it('a Saturday-night wedding gets it on Friday 10:00; a Sunday-morning event on Friday before closing', () => {
    expect(local(event({ date: '2027-03-13', time: '20:00' })).direction).toBe('2027-03-12T10:00');
    expect(local(event({ date: '2027-03-14', time: '11:00' })).direction).toBe('2027-03-12T13:00');
  });

  it('an RSVP start on a Friday sends round 1 that Friday at 10:00 (before 14:00)', () => {
    const timings = local(event({ rsvpStartDate: '2027-01-08', date: '2027-02-01' }));
    expect(timings.round1).toBe('2027-01-08T10:00');
    expect(timings.round2).toBe('2027-01-11T10:00');
    expect(timings.round3).toBe('2027-01-14T10:00');
  });

  it('a late RSVP start squeezes the rounds between it and the day before the event, in order', () => {
    // Two days: Monday 8 and Tuesday 9 March, the event on Wednesday.
    expect(local(event({ rsvpStartDate: '2027-03-08' }))).toMatchObject({
      round1: '2027-03-08T10:00',
      round2: '2027-03-08T12:00',
      round3: '2027-03-09T10:00',
    });
    // Five days (Friday 5 to Tuesday 9 March): every other day.
    expect(local(event({ rsvpStartDate: '2027-03-05' }))).toMatchObject({ round1: '2027-03-05T10:00', round2: '2027-03-07T10:00', round3: '2027-03-09T10:00' });
    // Seven days: the full spacing, Saturday's round 2 on Sunday 09:00.
    expect(local(event({ rsvpStartDate: '2027-03-03' }))).toMatchObject({ round1: '2027-03-03T10:00', round2: '2027-03-07T09:00', round3: '2027-03-09T10:00' });
  });

  it('the thank-you after Yom Kippur waits for the next open day', () => {
    // Event Sunday 20 Sept 2026 (Yom Kippur eve) at 12:00: the day after is Yom Kippur.
    expect(local(event({ date: '2026-09-20', time: '12:00', rsvpStartDate: '2026-09-01' })).thanks).toBe('2026-09-22T09:00');
  });

  it('calls default to two days after round 3, moved into the call window (issue 27 §7)', () => {
    // Round 3 on Thursday 4 March: two days later is Saturday; the call window opens on Sunday at 10:00.
    const late = local(event({ rsvpStartDate: '2027-02-26', date: '2027-03-20' }));
    expect(late.round3).toBe('2027-03-04T10:00');
    expect(late.calls).toBe('2027-03-07T10:00');
    // Round 3 on Tuesday 2 March: Thursday at 11:00 (inside the window).
    expect(local(event({})).calls).toBe('2027-03-04T11:00');
    // Two days after round 3 is the event day: the day after round 3.
    const tight = local(event({ rsvpStartDate: '2027-02-24', date: '2027-03-04' }));
    expect(tight.round3).toBe('2027-03-02T10:00');
    expect(tight.calls).toBe('2027-03-03T11:00');
    // SENDING_HOURS=always lifts the window: two days after, 11:00.
    expect(local(event({ rsvpStartDate: '2027-02-26', date: '2027-03-20' }), 'always').calls).toBe('2027-03-06T11:00');
  });

  it('calls are on for premium with the host asking for them only', () => {
    expect(defaultTimings(event({ includeCallsPreference: true, orderPackageId: 2 }), 'israel').calls.enabled).toBe(true);
    expect(defaultTimings(event({ includeCallsPreference: true, orderPackageId: 1 }), 'israel').calls.enabled).toBe(false);
    expect(defaultTimings(event({ includeCallsPreference: false, orderPackageId: 2 }), 'israel').calls.enabled).toBe(false);
    expect(defaultTimings(event({}), 'israel').round1.enabled).toBe(true);
  });

  it('in always mode nothing moves for quiet hours', () => {
    expect(local(event({}), 'always')).toMatchObject({ round2: '2027-02-27T10:00', direction: '2027-03-10T10:00' });
  });
});
