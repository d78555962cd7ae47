import { describe, expect, it } from 'vitest';
import type { CallScriptParts, EventDto, VoiceTemplatesResponse } from '@magiim/shared';
import {
  callPlaceholderValues,
  callSequence,
  changedParts,
  defaultFor,
  fillCallText,
  insertPlaceholder,
  isDefaultScript,
  isPremiumEvent,
  isScriptDirty,
  scriptFor,
} from './call-script-fill';

const event: EventDto = {
  id: '6f1c2b9e-3f38-4a40-9d55-0c5e0a8f6b11',
  names: { he: 'החתונה של שירה', en: "Shira's wedding" },
  date: '2027-03-11',
  time: '19:30',
  location: {
    venuePoint: null,
    venueAddress: '',
    placeId: 'il-4000',
    name: 'Gan Oranim',
    address: 'חיפה, המפרץ',
    lat: 32.8,
    lng: 35,
    venue: { he: 'גן אורנים', en: 'Gan Oranim' },
    place: { name: { he: 'חיפה', en: 'Haifa' }, address: { he: 'המפרץ', en: 'HaMifratz' } },
  },
  defaultLang: 'he',
  langs: ['he', 'en'],
  rsvpStartDate: '2027-02-25',
  meals: { ask: 'no_need_to_ask', options: [] },
  transport: { ask: 'no_need_to_ask', options: [], translations: [] },
  includeCallsPreference: true,
  messageSystemPreference: 3,
  whatsappOverflow: 'sms',
  householdSplit: 'none',
  progressStatus: 1,
  orderPackageId: 2,
  imageUrl: null,
  imageSizes: null,
  guestCount: 0,
  inviteeCount: 0,
  statusCounts: {},
  role: 'owner',
  publicInviteUrl: 'http://localhost:3000/invite/p/abcdefghijklmnopqrstuv',
  createdAt: '2026-11-01T10:00:00.000Z',
};

const parts = (over: Partial<CallScriptParts> = {}): CallScriptParts => ({
  greeting: 'Hello {guestName}',
  invitation: 'You are invited to {eventName} on {date} at {time}, {place}.',
  question: 'Press 1 if you are coming.',
  count: 'How many of the {countOfInvites} are coming?',
  closing: 'Thank you, goodbye.',
  ...over,
});

describe('call script: sample fill', () => {
  it('fills the guest and the event in the language, and keeps an unknown placeholder as typed', () => {
    const values = callPlaceholderValues(event, 'en', { fullName: 'Dana Cohen', countOfInvites: 3 });
    expect(values.guestName).toBe('Dana Cohen');
    expect(values.eventName).toBe("Shira's wedding");
    expect(values.time).toBe('19:30');
    expect(values.date).toContain('11 March');
    expect(values.place).toContain('Gan Oranim');
    expect(values.countOfInvites).toBe('3');
    expect(fillCallText(' Hi {guestName}, {link} {countOfInvites} ', values)).toBe('Hi Dana Cohen, {link} 3');
  });

  it('uses the Hebrew name and venue on a Hebrew script', () => {
    const values = callPlaceholderValues(event, 'he', { fullName: 'דנה', countOfInvites: 1 });
    expect(values.eventName).toBe('החתונה של שירה');
    expect(values.place).toContain('גן אורנים');
  });

  it('plays the count question only for more than one invite, and leaves empty parts out', () => {
    const many = callSequence(parts(), callPlaceholderValues(event, 'en', { fullName: 'Dana', countOfInvites: 2 }));
    expect(many.map((item) => item.part)).toEqual(['greeting', 'invitation', 'question', 'count', 'closing']);
    expect(many[0]!.text).toBe('Hello Dana');
    expect(many[3]!.text).toBe('How many of the 2 are coming?');
    const one = callSequence(parts({ closing: '  ' }), callPlaceholderValues(event, 'en', { fullName: 'Dana', countOfInvites: 1 }));
    expect(one.map((item) => item.part)).toEqual(['greeting', 'invitation', 'question']);
  });

  it('inserts a placeholder at the caret or over the selection', () => {
    expect(insertPlaceholder('Hello world', 6, 6, 'guestName')).toEqual({ text: 'Hello {guestName}world', caret: 17 });
    expect(insertPlaceholder('Hello world', 6, 11, 'time')).toEqual({ text: 'Hello {time}', caret: 12 });
    expect(insertPlaceholder('Hi', 99, 99, 'date')).toEqual({ text: 'Hi{date}', caret: 8 });
  });
});

describe('call script: own, default and dirty tracking', () => {
  const data: VoiceTemplatesResponse = {
    templates: [{ lang: 'en', parts: parts({ greeting: 'Hi {guestName}!' }) }],
    defaults: [
      { lang: 'he', parts: parts({ greeting: 'שלום {guestName}' }) },
      { lang: 'en', parts: parts() },
    ],
  };

  it('shows the own script, else the default, else empty parts', () => {
    expect(scriptFor(data, 'en')).toEqual({ parts: parts({ greeting: 'Hi {guestName}!' }), own: true });
    expect(scriptFor(data, 'he')).toEqual({ parts: parts({ greeting: 'שלום {guestName}' }), own: false });
    expect(scriptFor(data, 'ru').parts.greeting).toBe('');
    expect(defaultFor(data, 'en')).toEqual(parts());
  });

  it('names the changed parts; spaces around a part and CRLF do not count', () => {
    const saved = parts();
    expect(isScriptDirty(saved, saved)).toBe(false);
    expect(isScriptDirty({ ...saved, closing: ' Thank you, goodbye.\r\n' }, saved)).toBe(false);
    expect(changedParts({ ...saved, question: 'Press 1 or 2', closing: 'Bye' }, saved)).toEqual(['question', 'closing']);
    expect(isScriptDirty({ ...saved, count: '' }, saved)).toBe(true);
  });

  it('knows when the script is the default already', () => {
    expect(isDefaultScript(parts(), defaultFor(data, 'en'))).toBe(true);
    expect(isDefaultScript(scriptFor(data, 'en').parts, defaultFor(data, 'en'))).toBe(false);
  });

  it('treats only the premium package as premium', () => {
    expect(isPremiumEvent({ orderPackageId: 2 })).toBe(true);
    expect(isPremiumEvent({ orderPackageId: 1 })).toBe(false);
    expect(isPremiumEvent({ orderPackageId: null })).toBe(false);
  });
});
