import { describe, expect, it } from 'vitest';
import { calendarLinks, escapeIcsText, eventIcs, eventStartEnd, foldIcsLine, type CalendarEventInput } from './calendar-links.js';

const iso = (date: string, time: string, duration?: number) => {
  const { startUtc, endUtc } = eventStartEnd(date, time, duration);
  return [startUtc.toISOString(), endUtc.toISOString()];
};

describe('the event instant from Jerusalem wall time', () => {
  it('is +2 in winter and +3 in summer, whatever the machine zone', () => {
    expect(iso('2027-01-14', '19:30')).toEqual(['2027-01-14T17:30:00.000Z', '2027-01-14T22:30:00.000Z']);
    expect(iso('2027-07-15', '19:30')).toEqual(['2027-07-15T16:30:00.000Z', '2027-07-15T21:30:00.000Z']);
  });

  it('changes offset on the days Israel changes the clock (Friday 26 March and Sunday 31 October 2027)', () => {
    expect(iso('2027-03-25', '19:30')[0]).toBe('2027-03-25T17:30:00.000Z');
    expect(iso('2027-03-26', '19:30')[0]).toBe('2027-03-26T16:30:00.000Z');
    expect(iso('2027-10-30', '19:30')[0]).toBe('2027-10-30T16:30:00.000Z');
    expect(iso('2027-10-31', '19:30')[0]).toBe('2027-10-31T17:30:00.000Z');
  });

  it('moves a time in the spring gap forward, and takes the first of the autumn hour that happens twice', () => {
    // 02:30 on 26 March 2027 never happens (02:00 → 03:00): it becomes 03:30 summer time.
    expect(iso('2027-03-26', '02:30')[0]).toBe('2027-03-26T00:30:00.000Z');
    // 01:30 on 31 October 2027 happens twice: the first, still summer time.
    expect(iso('2027-10-31', '01:30')[0]).toBe('2027-10-30T22:30:00.000Z');
    expect(iso('2027-10-31', '03:00')[0]).toBe('2027-10-31T01:00:00.000Z');
  });

  it('ends after the duration, five hours by default, across midnight and a clock change', () => {
    expect(iso('2027-03-11', '20:00', 90)).toEqual(['2027-03-11T18:00:00.000Z', '2027-03-11T19:30:00.000Z']);
    expect(iso('2027-10-30', '22:00')).toEqual(['2027-10-30T19:00:00.000Z', '2027-10-31T00:00:00.000Z']);
  });
});

const input: CalendarEventInput = {
  uid: 'guest-42@magiim.test',
  title: 'החתונה של נועה ויואב, 2027; מזל טוב!',
  date: '2027-07-15',
  time: '19:30',
  locationText: 'אולמי הגן, רחוב הרצל 12, ראשון לציון',
  description: 'נשמח לראותכם בשמחתנו.\nחניה חינם בחניון האולם; הכניסה מצד ימין\\שמאל',
  url: 'https://magiim.test/invite/AbC_123-xyz',
  lat: 31.97302,
  lng: 34.7925,
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const propertiesOf = (ics: string) => unfold(ics).split('\r\n').filter(Boolean);
const unescapeText = (value: string) => value.replace(/\\([\\;,nN])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));

describe('the .ics file', () => {
  const now = new Date('2027-01-02T03:04:05.678Z');
  const ics = eventIcs(input, now);

  it('uses CRLF only and ends with one', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('folds every line to at most 75 octets without splitting a UTF-8 character', () => {
    const bytes = Buffer.from(ics, 'utf8');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let start = 0;
    for (let i = 0; i < bytes.length - 1; i++) {
      if (bytes[i] === 0x0d && bytes[i + 1] === 0x0a) {
        const line = bytes.subarray(start, i);
        expect(line.length).toBeLessThanOrEqual(75);
        expect(() => decoder.decode(line)).not.toThrow();
        start = i + 2;
      }
    }
    expect(ics.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
  });

  it('unfolds and unescapes back to the original texts', () => {
    const properties = propertiesOf(ics);
    const value = (name: string) => properties.find((line) => line.startsWith(`${name}:`))!.slice(name.length + 1);
    expect(unescapeText(value('SUMMARY'))).toBe(input.title);
    expect(unescapeText(value('LOCATION'))).toBe(input.locationText);
    expect(unescapeText(value('DESCRIPTION'))).toBe(`${input.description}\n\n${input.url}`);
    expect(value('URL')).toBe(input.url);
  });

  it('holds the event: UTC times, stamp, geo, a reminder a day before, published', () => {
    const properties = propertiesOf(ics);
    expect(properties).toEqual(
      expect.arrayContaining([
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'METHOD:PUBLISH',
        'UID:guest-42@magiim.test',
        'DTSTAMP:20270102T030405Z',
        'DTSTART:20270715T163000Z',
        'DTEND:20270715T213000Z',
        'GEO:31.973020;34.792500',
        'BEGIN:VALARM',
        'ACTION:DISPLAY',
        'TRIGGER:-P1D',
        'END:VALARM',
        'END:VCALENDAR',
      ]),
    );
    expect(properties[0]).toBe('BEGIN:VCALENDAR');
    expect(properties.at(-1)).toBe('END:VCALENDAR');
    expect(properties.filter((line) => line.startsWith('BEGIN:')).length).toBe(properties.filter((line) => line.startsWith('END:')).length);
  });

  it('leaves GEO out without coordinates, and honours the duration', () => {
    const withoutGeo = eventIcs({ ...input, lat: undefined, lng: undefined, durationMinutes: 60, date: '2027-01-14' }, now);
    expect(withoutGeo).not.toContain('GEO:');
    expect(withoutGeo).toContain('DTSTART:20270114T173000Z\r\nDTEND:20270114T183000Z');
  });

  it('escapes backslash, semicolon, comma and every kind of newline', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('folds on whole characters, emoji included', () => {
    const line = `SUMMARY:${'🎉א'.repeat(40)}`;
    const folded = foldIcsLine(line);
    for (const part of folded.split('\r\n')) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldIcsLine('SHORT:ok')).toBe('SHORT:ok');
    expect(foldIcsLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldIcsLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });
});

describe('Google Calendar and Outlook links', () => {
  const { google, outlook } = calendarLinks(input);

  it('Google gets the UTC dates and the encoded texts', () => {
    const url = new URL(google);
    expect(`${url.origin}${url.pathname}`).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('dates')).toBe('20270715T163000Z/20270715T213000Z');
    expect(url.searchParams.get('text')).toBe(input.title);
    expect(url.searchParams.get('location')).toBe(input.locationText);
    expect(url.searchParams.get('details')).toBe(`${input.description}\n\n${input.url}`);
    expect(url.searchParams.get('ctz')).toBe('Asia/Jerusalem');
    expect(google).toContain(`text=${encodeURIComponent(input.title)}`);
    expect(google).not.toContain('+');
  });

  it('Outlook gets ISO instants and the encoded texts', () => {
    const url = new URL(outlook);
    expect(`${url.origin}${url.pathname}`).toBe('https://outlook.live.com/calendar/0/deeplink/compose');
    expect(url.searchParams.get('path')).toBe('/calendar/action/compose');
    expect(url.searchParams.get('rru')).toBe('addevent');
    expect(url.searchParams.get('startdt')).toBe('2027-07-15T16:30:00Z');
    expect(url.searchParams.get('enddt')).toBe('2027-07-15T21:30:00Z');
    expect(url.searchParams.get('subject')).toBe(input.title);
    expect(url.searchParams.get('location')).toBe(input.locationText);
    expect(url.searchParams.get('body')).toBe(`${input.description}\n\n${input.url}`);
    expect(outlook).toContain(`location=${encodeURIComponent(input.locationText)}`);
  });

  it('does not repeat the link when the description has it', () => {
    const links = calendarLinks({ ...input, description: `Details: ${input.url}`, date: '2027-01-14' });
    expect(new URL(links.google).searchParams.get('details')).toBe(`Details: ${input.url}`);
    expect(new URL(links.google).searchParams.get('dates')).toBe('20270114T173000Z/20270114T223000Z');
  });
});
