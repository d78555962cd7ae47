// Issue 21: the support contract (schemas, constants), written by its helper.
import { z } from 'zod';
import { MSG } from '../messages.js';
import { multiLineText, singleLineText } from './text.js';

export const SUPPORT_SUBJECT_MAX_LENGTH = 120;
export const SUPPORT_MESSAGE_MAX_LENGTH = 3000;
/** Contact messages one host may send: enough for a real conversation, not a mail cannon aimed at support. */
export const SUPPORT_CONTACTS_PER_USER = { max: 5, windowMinutes: 60 } as const;

/**
 * Spec §9: service hours, Asia/Jerusalem. Days are 0 = Sunday … 6 = Saturday; the one place they are stated
 * (the FAQ page and the contact confirmation e-mail show them from here).
 */
export const SUPPORT_SERVICE_HOURS = [
  { days: [0, 1, 2, 3, 4], from: '09:00', to: '21:00' },
  { days: [5], from: '09:00', to: '15:00' },
] as const;

/** `POST support/contact`: the host writes to support, optionally about one of their events. */
export const supportContactSchema = z.object({
  subject: singleLineText({ max: SUPPORT_SUBJECT_MAX_LENGTH }),
  message: multiLineText({ max: SUPPORT_MESSAGE_MAX_LENGTH }),
  eventId: z.uuid({ error: MSG.invalidValue }).optional(),
});
export type SupportContactInput = z.infer<typeof supportContactSchema>;

/** A day's name in `lang` (0 = Sunday), from the platform's own calendar data. */
const weekdayName = (lang: string, day: number): string =>
  new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 7 + day)));

/** The service hours in `lang`, a line per rule: the days ("Sunday–Thursday") and the hours ("09:00–21:00"). */
export const serviceHours = (lang: string): { days: string; hours: string }[] =>
  SUPPORT_SERVICE_HOURS.map(({ days, from, to }) => {
    const first = days[0]!;
    const last = days[days.length - 1]!;
    return {
      days: first === last ? weekdayName(lang, first) : `${weekdayName(lang, first)}–${weekdayName(lang, last)}`,
      hours: `${from}–${to}`,
    };
  });

/**
 * The service hours as lines of text, e.g. "Sunday–Thursday 09:00–21:00". The hours sit in a left-to-right
 * isolate, so in Hebrew and Arabic the range still reads 09:00–21:00 (an en dash alone would flip it).
 */
export const serviceHoursLines = (lang: string): string[] =>
  serviceHours(lang).map(({ days, hours }) => `${days} \u2066${hours}\u2069`);
