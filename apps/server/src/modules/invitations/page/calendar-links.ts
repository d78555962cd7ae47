import { BUSINESS_TIME_ZONE } from '@magiim/shared';
import { parseCalendarDate, parseWallTime } from './event-when.js';

export const DEFAULT_EVENT_DURATION_MINUTES = 300;

export interface CalendarEventInput {
  uid: string;
  title: string;
  /** YYYY-MM-DD and HH:mm, Asia/Jerusalem wall time. */
  date: string;
  time: string;
  durationMinutes?: number;
  locationText: string;
  description: string;
  url: string;
  lat?: number;
  lng?: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The Jerusalem wall time of an instant, written as if it were UTC (milliseconds). */
const wallTimeAsUtc = (instantMs: number): number => {
  const parts: Record<string, number> = {};
  for (const part of wallClock.formatToParts(instantMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
};

/** Jerusalem's offset from UTC at an instant, in milliseconds (+2 h in winter, +3 h in summer). */
const offsetAt = (instantMs: number): number => wallTimeAsUtc(instantMs) - Math.floor(instantMs / 1000) * 1000;

/**
 * A Jerusalem wall time to the instant, with the zone rules of the running Intl data (no hard-coded DST).
 * Offsets a day either side bracket any single transition. A time that happens twice (the autumn hour)
 * is the first; one that never happens (the spring gap) moves forward by the gap, as Temporal's
 * "compatible" rule does.
 */
const jerusalemWallTimeToUtc = (wallMs: number): number => {
  const before = offsetAt(wallMs - DAY_MS);
  const after = offsetAt(wallMs + DAY_MS);
  const candidates = [wallMs - before, wallMs - after].filter((instant) => wallTimeAsUtc(instant) === wallMs);
  return candidates.length ? Math.min(...candidates) : wallMs - before;
};

/** The event's start and end instants. */
export const eventStartEnd = (
  date: string,
  time: string,
  durationMinutes: number = DEFAULT_EVENT_DURATION_MINUTES,
): { startUtc: Date; endUtc: Date } => {
  const { year, month, day } = parseCalendarDate(date);
  const { hour, minute } = parseWallTime(time);
  const start = jerusalemWallTimeToUtc(Date.UTC(year, month - 1, day, hour, minute));
  return { startUtc: new Date(start), endUtc: new Date(start + durationMinutes * MINUTE_MS) };
};

/** 20270311T173000Z */
const basicUtc = (instant: Date): string => instant.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
/** 2027-03-11T17:30:00Z */
const isoUtc = (instant: Date): string => instant.toISOString().replace(/\.\d{3}Z$/, 'Z');

const startEndOf = (input: CalendarEventInput) => eventStartEnd(input.date, input.time, input.durationMinutes ?? DEFAULT_EVENT_DURATION_MINUTES);

/** The description a calendar keeps, with the link back to the invitation (most apps hide the URL property). */
const descriptionWithUrl = (input: CalendarEventInput): string =>
  input.description.includes(input.url) ? input.description : [input.description, input.url].filter(Boolean).join('\n\n');

/** RFC 5545 TEXT: backslash, semicolon, comma and newlines escaped. */
export const escapeIcsText = (value: string): string =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const MAX_LINE_OCTETS = 75;
const utf8Length = (codePoint: string): number => Buffer.byteLength(codePoint, 'utf8');

/** RFC 5545 §3.1: lines of at most 75 octets, continued with CRLF + space, never inside a UTF-8 character. */
export const foldIcsLine = (line: string): string => {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const codePoint of line) {
    const size = utf8Length(codePoint);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += codePoint;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
};

/** Numbers for GEO: plain decimals, never exponent notation. */
const coordinate = (value: number): string => value.toFixed(6);

/**
 * An .ics file for the event (RFC 5545). Times are written in UTC (`Z`): the instant is computed once, here,
 * with the zone rules we trust, and every calendar shows it in its owner's zone. A TZID with a hand-written
 * VTIMEZONE would add a second copy of Israel's rules that some clients ignore or misread.
 */
export const eventIcs = (input: CalendarEventInput, now: Date = new Date()): string => {
  const { startUtc, endUtc } = startEndOf(input);
  const hasGeo = Number.isFinite(input.lat) && Number.isFinite(input.lng);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Magiim//Invitation//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(input.uid)}`,
    `DTSTAMP:${basicUtc(now)}`,
    `DTSTART:${basicUtc(startUtc)}`,
    `DTEND:${basicUtc(endUtc)}`,
    `SUMMARY:${escapeIcsText(input.title)}`,
    `DESCRIPTION:${escapeIcsText(descriptionWithUrl(input))}`,
    `LOCATION:${escapeIcsText(input.locationText)}`,
    ...(hasGeo ? [`GEO:${coordinate(input.lat!)};${coordinate(input.lng!)}`] : []),
    `URL:${input.url.replace(/[\r\n]/g, '')}`,
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `DESCRIPTION:${escapeIcsText(input.title)}`,
    'TRIGGER:-P1D',
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
};

const query = (params: Array<[string, string]>): string =>
  params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');

/**
 * "Add to Google Calendar" and "Add to Outlook" links. Values are percent-encoded (%20, not `+`): `+` means a
 * space only in form encoding, and a deep-link reader that decodes a plain URI would show it literally.
 */
export const calendarLinks = (input: CalendarEventInput): { google: string; outlook: string } => {
  const { startUtc, endUtc } = startEndOf(input);
  const details = descriptionWithUrl(input);
  const google =
    'https://calendar.google.com/calendar/render?action=TEMPLATE&' +
    query([['text', input.title]]) +
    `&dates=${basicUtc(startUtc)}/${basicUtc(endUtc)}&` +
    // The event keeps the venue's zone; the viewer still sees it in their own.
    query([
      ['ctz', BUSINESS_TIME_ZONE],
      ['details', details],
      ['location', input.locationText],
    ]);
  const outlook =
    'https://outlook.live.com/calendar/0/deeplink/compose?path=/calendar/action/compose&rru=addevent&' +
    query([
      ['subject', input.title],
      ['startdt', isoUtc(startUtc)],
      ['enddt', isoUtc(endUtc)],
      ['location', input.locationText],
      ['body', details],
    ]);
  return { google, outlook };
};
