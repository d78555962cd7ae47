import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { formatLocalDateTime, parseLocalDateTime } from './local-time.js';
import { isSendingAllowed, nextSendingMoment, sendingWindowOn } from './sending-hours.js';

// The server project runs with TZ=Asia/Kathmandu (+05:45): code that reads the machine's zone fails here.
const at = (local: string) => parseLocalDateTime(local);
const allowed = (local: string) => isSendingAllowed(at(local), 'israel');
const next = (local: string) => formatLocalDateTime(nextSendingMoment(at(local), 'israel'));

describe('parseLocalDateTime / formatLocalDateTime (Asia/Jerusalem)', () => {
  it('reads winter time as +02:00 and summer time as +03:00', () => {
    expect(at('2026-12-15T09:00').toISOString()).toBe('2026-12-15T07:00:00.000Z');
    expect(at('2026-07-15T09:00').toISOString()).toBe('2026-07-15T06:00:00.000Z');
    expect(formatLocalDateTime(new Date('2026-07-15T06:00:00Z'))).toBe('2026-07-15T09:00');
    expect(formatLocalDateTime(new Date('2026-12-15T21:59:59Z'))).toBe('2026-12-15T23:59');
  });

  it('follows the switch days: summer time starts Friday 27 March 2026 at 02:00 and ends Sunday 25 October at 02:00', () => {
    expect(at('2026-03-27T01:59').toISOString()).toBe('2026-03-26T23:59:00.000Z');
    expect(at('2026-03-27T03:00').toISOString()).toBe('2026-03-27T00:00:00.000Z');
    expect(at('2026-03-27T09:00').toISOString()).toBe('2026-03-27T06:00:00.000Z');
    expect(at('2026-10-25T09:00').toISOString()).toBe('2026-10-25T07:00:00.000Z');
    // The hour that happens twice is read as its first (summer) occurrence.
    expect(at('2026-10-25T01:30').toISOString()).toBe('2026-10-24T22:30:00.000Z');
  });

  it('refuses a time that does not exist (the spring-forward gap), an impossible date and a bad shape', () => {
    for (const text of ['2026-03-27T02:30', '2026-02-30T10:00', '2026-01-01T24:00', '2026-01-01 10:00', '2026-1-01T10:00']) {
      let error: unknown;
      try {
        parseLocalDateTime(text, 'actions.0.sendAt');
      } catch (caught) {
        error = caught;
      }
      expect(error, text).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('VALIDATION');
      expect((error as AppError).issues).toEqual([{ path: 'actions.0.sendAt', message: 'validation.invalidValue' }]);
    }
  });
});

describe('sending hours (israel)', () => {
  it('Sunday–Thursday 09:00 until 21:00 (21:00 sharp waits)', () => {
    expect(allowed('2026-11-29T08:59')).toBe(false);
    expect(allowed('2026-11-29T09:00')).toBe(true);
    expect(next('2026-11-29T08:59')).toBe('2026-11-29T09:00');
    expect(allowed('2026-11-26T20:59')).toBe(true);
    expect(allowed('2026-11-26T21:00')).toBe(false);
    expect(next('2026-11-26T21:00')).toBe('2026-11-27T09:00');
    expect(next('2026-11-24T23:30')).toBe('2026-11-25T09:00');
    expect(isSendingAllowed(new Date(at('2026-11-26T21:00').getTime() - 1), 'israel')).toBe(true);
  });

  it('Friday until 14:00, then Sunday 09:00', () => {
    expect(allowed('2026-11-27T13:59')).toBe(true);
    expect(allowed('2026-11-27T14:00')).toBe(false);
    expect(next('2026-11-27T14:00')).toBe('2026-11-29T09:00');
    expect(next('2026-11-27T08:00')).toBe('2026-11-27T09:00');
  });

  it('never on Shabbat', () => {
    expect(allowed('2026-11-28T12:00')).toBe(false);
    expect(allowed('2026-11-28T20:00')).toBe(false);
    expect(next('2026-11-28T12:00')).toBe('2026-11-29T09:00');
  });

  it('Yom Kippur 2026 (Monday 21 September): its eve closes at 14:00, and the next window is Tuesday 09:00', () => {
    expect(allowed('2026-09-20T13:59')).toBe(true);
    expect(allowed('2026-09-20T14:00')).toBe(false);
    expect(allowed('2026-09-21T12:00')).toBe(false);
    expect(next('2026-09-20T14:00')).toBe('2026-09-22T09:00');
  });

  it('Rosh Hashana 5787 (Saturday and Sunday 12–13 September 2026): closed from Friday 14:00 until Monday 09:00', () => {
    expect(allowed('2026-09-11T13:59')).toBe(true);
    expect(next('2026-09-11T14:00')).toBe('2026-09-14T09:00');
    expect(allowed('2026-09-13T10:00')).toBe(false);
    expect(next('2026-09-13T10:00')).toBe('2026-09-14T09:00');
  });

  it('the eve of Pesach VII (a Tuesday of Chol HaMoed, 27 April 2027) is short, Pesach VII is closed', () => {
    expect(allowed('2027-04-27T13:59')).toBe(true);
    expect(allowed('2027-04-27T14:00')).toBe(false);
    expect(next('2027-04-27T14:00')).toBe('2027-04-29T09:00');
    // Chol HaMoed itself is an ordinary day.
    expect(allowed('2027-04-25T20:00')).toBe(true);
  });

  it('Shavuot 2027 (Friday 11 June) joins Shabbat: from Thursday 14:00 until Sunday 09:00', () => {
    expect(allowed('2027-06-10T13:59')).toBe(true);
    expect(next('2027-06-10T14:00')).toBe('2027-06-13T09:00');
  });

  it('holds across the switch days: a winter Thursday night waits for the first summer Friday morning', () => {
    expect(next('2026-03-26T21:00')).toBe('2026-03-27T09:00');
    expect(nextSendingMoment(at('2026-03-26T21:00'), 'israel').toISOString()).toBe('2026-03-27T06:00:00.000Z');
    expect(allowed('2026-03-27T13:59')).toBe(true);
    expect(allowed('2026-03-27T14:00')).toBe(false);
    expect(nextSendingMoment(at('2026-10-24T22:00'), 'israel').toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(allowed('2026-10-25T08:59')).toBe(false);
  });

  it('summer and winter days open at 09:00 local', () => {
    expect(sendingWindowOn('2026-07-15', 'israel')).toEqual({ open: new Date('2026-07-15T06:00:00Z'), close: new Date('2026-07-15T18:00:00Z') });
    expect(sendingWindowOn('2026-12-18', 'israel')).toEqual({ open: new Date('2026-12-18T07:00:00Z'), close: new Date('2026-12-18T12:00:00Z') });
    expect(sendingWindowOn('2026-12-19', 'israel')).toBeNull();
  });

  it('answers an allowed moment itself, seconds included', () => {
    const moment = new Date('2026-12-15T10:15:42.123Z');
    expect(nextSendingMoment(moment, 'israel')).toBe(moment);
  });
});

describe('sending hours (always)', () => {
  it('allows any time, Shabbat and Yom Kippur included', () => {
    for (const local of ['2026-11-28T03:00', '2026-09-21T12:00', '2026-11-26T21:00']) {
      expect(isSendingAllowed(at(local), 'always')).toBe(true);
      expect(nextSendingMoment(at(local), 'always')).toEqual(at(local));
    }
  });
});
