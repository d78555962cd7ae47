import { describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone, type EventDto } from '@magiim/shared';
import { eventFormResolver, eventToFormValues, newEventDefaults, recommendedRsvpStart, stepOfIssues, toEventEdit, toEventInput, type EventFormValues } from './event-form';

const today = todayInBusinessZone();

const event: EventDto = {
  id: '6f1c2b9e-3f38-4a40-9d55-0c5e0a8f6b11',
  names: { he: 'החתונה', en: 'The wedding' },
  date: addDays(today, 60),
  time: '19:30',
  location: { placeId: 'il-4000', name: 'Gan Oranim', address: 'Haifa, Israel', lat: 32.8, lng: 35 },
  defaultLang: 'he',
  langs: ['he', 'en'],
  rsvpStartDate: addDays(today, 46),
  meals: { ask: 'no_need_to_ask', options: [] },
  transport: { ask: 'some_guests', options: ['Tel Aviv'] },
  includeCallsPreference: false,
  messageSystemPreference: 3,
  progressStatus: 0,
  orderPackageId: null,
  imageUrl: null,
  imageSizes: null,
  guestCount: 0,
  inviteeCount: 0,
  statusCounts: {},
  role: 'owner',
  publicInviteUrl: 'http://localhost:3000/invite/p/abcdefghijklmnopqrstuv',
  createdAt: new Date().toISOString(),
};

const resolve = (values: EventFormValues, original?: Pick<EventDto, 'date' | 'rsvpStartDate'>) =>
  eventFormResolver(original)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('event form', () => {
  it('recommends starting RSVPs 14 days before, never before today', () => {
    expect(recommendedRsvpStart('2027-06-30', '2027-01-01')).toBe('2027-06-16');
    expect(recommendedRsvpStart('2027-01-10', '2027-01-01')).toBe('2027-01-01');
  });

  it('sends only what changed in the settings', () => {
    const values = eventToFormValues(event);
    expect(toEventEdit(values, event)).toEqual({});
    values.names.en = 'Our wedding';
    values.transport = { ask: 'no_need_to_ask', options: ['Tel Aviv'] };
    expect(toEventEdit(values, event)).toEqual({
      names: { he: 'החתונה', en: 'Our wedding' },
      transport: { ask: 'no_need_to_ask', options: [] },
    });
  });

  it('keeps names only for the chosen languages and leaves an empty venue name to the place', () => {
    const values = { ...newEventDefaults('en'), names: { en: ' Party ', he: 'מסיבה' }, location: { placeId: 'p1', name: ' ' } };
    const input = toEventInput(values);
    expect(input.names).toEqual({ en: 'Party' });
    expect(input.location).toEqual({ placeId: 'p1' });
  });

  it('puts the date rules on their fields, and in settings only on dates that changed', async () => {
    const values: EventFormValues = { ...eventToFormValues(event), date: addDays(today, 1), rsvpStartDate: addDays(today, -1) };
    const created = await resolve(values);
    expect(created.errors.date?.message).toBe('validation.eventDateTooClose?num=3');
    expect(created.errors.rsvpStartDate?.message).toBe('validation.rsvpStartDatePassed');

    const past = { ...event, date: addDays(today, -5), rsvpStartDate: addDays(today, -20) };
    const untouched = await resolve(eventToFormValues(past), past);
    expect(untouched.errors).toEqual({});
  });

  it('refuses an image that is not a picture', async () => {
    const values: EventFormValues = { ...eventToFormValues(event), image: new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }) };
    expect((await resolve(values)).errors.image?.message).toBe('eventWizard.image.invalidType');
  });

  it('opens the step of the first server issue', () => {
    expect(stepOfIssues([{ path: 'body.rsvpStartDate' }])).toBe(4);
    expect(stepOfIssues([{ path: 'names.he' }])).toBe(0);
    expect(stepOfIssues([{ path: 'data' }])).toBeNull();
  });
});
