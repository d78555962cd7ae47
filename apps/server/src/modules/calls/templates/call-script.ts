import {
  CALL_PARTS,
  CALL_PLACEHOLDERS,
  LANGUAGES,
  locationTextsIn,
  normalizeEventLocation,
  type CallPlaceholder,
  type CallScriptParts,
  type EventNames,
  type Lang,
} from '@magiim/shared';
import type { AppContext } from '../../../platform/context.js';
import type { Db } from '../../../platform/db.js';
import { parseCalendarDate, parseWallTime } from '../../invitations/page/event-when.js';
import { findCallScriptFacts, findVoiceTemplateParts } from './voice-templates.repository.js';

/**
 * The scripts a guest hears until the host writes their own: warm, short, spoken language. Hebrew and Arabic
 * speak to the guest in the plural ("אתכם", "دعوتكم", "הקישו", "اضغطوا"), which fits any gender and a family
 * alike. Numbers are left as digits (every voice reads them); Hebrew glues no prefix letter to a placeholder
 * except "ב" before {date}, which always starts with "יום" ("ביום שלישי, 12 במאי").
 */
export const DEFAULT_CALL_SCRIPTS: Record<Lang, CallScriptParts> = {
  he: {
    greeting: 'שלום {guestName}!',
    invitation: 'שמחים להזמין אתכם לאירוע {eventName}, ב{date} בשעה {time}, {place}.',
    question: 'האם תגיעו? אם תגיעו, הקישו 1. אם לא תוכלו להגיע, הקישו 2. אם עדיין לא ידוע לכם, הקישו 3. לשמיעה חוזרת, הקישו 9.',
    count: 'כמה מכם יגיעו? הקישו את מספר המגיעים, מאחד עד {countOfInvites}.',
    closing: 'תודה רבה, התשובה שלכם נשמרה. להתראות!',
  },
  en: {
    greeting: 'Hello {guestName}!',
    invitation: 'You are warmly invited to {eventName} on {date} at {time}, {place}.',
    question: 'Will you be coming? Press 1 if you are coming, 2 if you cannot make it, or 3 if you are not sure yet. To hear this again, press 9.',
    count: 'How many of you are coming? Press a number from 1 to {countOfInvites}.',
    closing: 'Thank you, your answer has been saved. Goodbye!',
  },
  ru: {
    greeting: 'Здравствуйте, {guestName}!',
    invitation: 'Приглашаем вас на праздник «{eventName}»: {date} в {time}, {place}.',
    question: 'Вы придёте? Если да, нажмите 1. Если не сможете, нажмите 2. Если ещё не знаете, нажмите 3. Чтобы прослушать ещё раз, нажмите 9.',
    count: 'Сколько человек придёт? Нажмите цифру от 1 до {countOfInvites}.',
    closing: 'Спасибо, ваш ответ сохранён. До свидания!',
  },
  ar: {
    greeting: 'مرحبًا {guestName}!',
    invitation: 'يسعدنا دعوتكم لحضور {eventName} يوم {date} الساعة {time}، {place}.',
    question: 'هل ستحضرون؟ إذا كنتم قادمين اضغطوا 1، وإذا لم تتمكنوا من الحضور اضغطوا 2، وإذا لم تتأكدوا بعد اضغطوا 3. لإعادة الاستماع اضغطوا 9.',
    count: 'كم شخصًا منكم سيحضر؟ اضغطوا رقمًا من 1 إلى {countOfInvites}.',
    closing: 'شكرًا لكم، تم حفظ إجابتكم. مع السلامة!',
  },
};

const KNOWN = new Set<string>(CALL_PLACEHOLDERS);
const PLACEHOLDER = /\{([^{}]*)\}/g;

export const isCallPlaceholder = (name: string): name is CallPlaceholder => KNOWN.has(name);

/** Every `{name}` in a part, in order, known or not. */
export const callPlaceholdersIn = (text: string): string[] => [...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');

/** Fills the known placeholders; an unknown `{x}` (none passes the edit) is dropped rather than read aloud. */
export const fillCallText = (text: string, values: Record<CallPlaceholder, string>): string =>
  text
    .replace(PLACEHOLDER, (_whole, name: string) => (isCallPlaceholder(name) ? values[name] : ''))
    .replace(/[ \t]{2,}/g, ' ')
    // An empty value leaves no dangling comma for the voice to pause on ("19:30, ." → "19:30.").
    .replace(/\s*[,،](\s*[,،])+/g, (match) => match.trimEnd().slice(-1))
    .replace(/\s*[,،]\s*([.!?؟])/g, '$1')
    .trim();

export const fillCallScript = (parts: CallScriptParts, values: Record<CallPlaceholder, string>): CallScriptParts =>
  Object.fromEntries(CALL_PARTS.map((part) => [part, fillCallText(parts[part], values)])) as CallScriptParts;

/**
 * The date as a voice says it: the weekday, the day and the month in words ("יום שלישי, 12 במאי", "Tuesday, May 12",
 * "вторник, 12 мая", "الثلاثاء، 12 مايو"); never digits with slashes. The guest knows the year.
 */
const CALL_DATE_FORMATS: Record<Lang, Intl.DateTimeFormat> = {
  he: new Intl.DateTimeFormat('he-IL', { timeZone: 'Asia/Jerusalem', weekday: 'long', day: 'numeric', month: 'long' }),
  en: new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Jerusalem', weekday: 'long', day: 'numeric', month: 'long' }),
  ru: new Intl.DateTimeFormat('ru-RU', { timeZone: 'Asia/Jerusalem', weekday: 'long', day: 'numeric', month: 'long' }),
  ar: new Intl.DateTimeFormat('ar-IL-u-nu-latn', { timeZone: 'Asia/Jerusalem', weekday: 'long', day: 'numeric', month: 'long' }),
};

/** The time as a voice says it: 24-hour in he/ru/ar ("19:30"), "7:30 PM" in English. */
const CALL_TIME_FORMATS: Record<Lang, Intl.DateTimeFormat> = {
  he: new Intl.DateTimeFormat('he-IL', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  en: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit', hour12: true }),
  ru: new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ar: new Intl.DateTimeFormat('ar-IL-u-nu-latn', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
};

// Bidi marks Intl puts around parts (ar) are not spoken and only confuse a voice.
const clean = (text: string): string => text.replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '').replace(/\s+/g, ' ').trim();

export const callDateOf = (lang: Lang, date: string): string => {
  const { year, month, day } = parseCalendarDate(date);
  // Noon in Jerusalem of that calendar day (09:00–10:00 UTC) is that day in Asia/Jerusalem whatever the season.
  return clean(CALL_DATE_FORMATS[lang].format(new Date(Date.UTC(year, month - 1, day, 10))));
};

export const callTimeOf = (lang: Lang, time: string): string => {
  const { hour, minute } = parseWallTime(time);
  // A wall time, not an instant: formatted in UTC it cannot shift.
  return clean(CALL_TIME_FORMATS[lang].format(new Date(Date.UTC(2000, 0, 1, hour, minute))));
};

const nameIn = (names: EventNames, lang: Lang, defaultLang: Lang): string =>
  names[lang]?.trim() || names[defaultLang]?.trim() || LANGUAGES.map((other) => names[other]?.trim()).find(Boolean) || '';

/** The host's script in `lang`, else the default. */
export const callScriptPartsFor = async (db: Db, eventId: string, lang: Lang): Promise<CallScriptParts> =>
  (await findVoiceTemplateParts(db, eventId, lang)) ?? DEFAULT_CALL_SCRIPTS[lang];

/**
 * The call script one guest hears, placeholders filled ({guestName}, {eventName}, {date}, {time}, {place},
 * {countOfInvites}) in words a voice reads well: the host's script in `lang`, else the default. Undefined when
 * the guest or event no longer exists.
 */
export const renderCallScript = async (ctx: AppContext, input: { eventId: string; guestId: string; lang: Lang }): Promise<CallScriptParts | undefined> => {
  const row = await findCallScriptFacts(ctx.db, input.eventId, input.guestId);
  if (!row) return undefined;
  const { lang } = input;
  const parts = await callScriptPartsFor(ctx.db, input.eventId, lang);
  const location = locationTextsIn(normalizeEventLocation(row.location, row.defaultLang), lang, row.defaultLang);
  return fillCallScript(parts, {
    guestName: row.fullName.trim(),
    eventName: nameIn(row.names, lang, row.defaultLang),
    date: callDateOf(lang, row.date),
    time: callTimeOf(lang, row.time),
    place: [location.venue, location.place].filter(Boolean).join(', '),
    countOfInvites: String(Math.max(1, row.countOfInvites)),
  });
};
