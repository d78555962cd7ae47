import { describe, expect, it } from 'vitest';
import { addDays, todayInBusinessZone, type EventDto } from '@magiim/shared';
import { checkPickedImage, eventFormResolver, eventToFormValues, newEventDefaults, recommendedRsvpStart, stepOfIssues, toEventEdit, toEventInput, type EventFormValues } from './event-form';

const today = todayInBusinessZone();

const event: EventDto = {
  id: '6f1c2b9e-3f38-4a40-9d55-0c5e0a8f6b11',
  names: { he: 'החתונה', en: 'The wedding' },
  date: addDays(today, 60),
  time: '19:30',
  location: {
    venuePoint: null,
    venueAddress: '',
    placeId: 'il-4000',
    name: 'Gan Oranim',
    address: 'חיפה, המפרץ',
    lat: 32.8,
    lng: 35,
    venue: { he: 'גן אורנים' },
    place: { name: { he: 'חיפה', en: 'Haifa' }, address: { he: 'המפרץ', en: 'HaMifratz' } },
  },
  defaultLang: 'he',
  langs: ['he', 'en'],
  rsvpStartDate: addDays(today, 46),
  meals: { ask: 'no_need_to_ask', options: [] },
  transport: { ask: 'some_guests', options: ['Tel Aviv'], translations: [{}] },
  includeCallsPreference: false,
  messageSystemPreference: 3,
  whatsappOverflow: 'sms',
  householdSplit: 'none',
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

  it("sends the WhatsApp daily-limit choice only when the host changed it; a new event starts with 'sms'", () => {
    const values = eventToFormValues(event);
    expect(values.whatsappOverflow).toBe('sms');
    values.whatsappOverflow = 'wait';
    expect(toEventEdit(values, event)).toEqual({ whatsappOverflow: 'wait' });
    expect(toEventEdit(eventToFormValues({ ...event, whatsappOverflow: 'wait' }), { ...event, whatsappOverflow: 'wait' })).toEqual({});
    expect(newEventDefaults('en').whatsappOverflow).toBe('sms');
    expect(toEventInput({ ...newEventDefaults('en'), whatsappOverflow: 'wait' }).whatsappOverflow).toBe('wait');
    // Issue 32: the split mode goes in the edit only when changed.
    values.householdSplit = 'adultsChildren';
    expect(toEventEdit(values, event)).toEqual({ whatsappOverflow: 'wait', householdSplit: 'adultsChildren' });
    expect(newEventDefaults('en').householdSplit).toBe('none');
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

  it('keeps names and venues only for the chosen languages, an empty venue left out', () => {
    const values = { ...newEventDefaults('en'), names: { en: ' Party ', he: 'מסיבה' }, location: { placeId: 'p1', venue: { en: ' ', he: 'אולם' } } };
    const input = toEventInput(values);
    expect(input.names).toEqual({ en: 'Party' });
    expect(input.location).toEqual({ placeId: 'p1', venue: {} });
  });

  it('keeps the venue and the city apart in settings, and sends the venue per language when it changes', () => {
    const values = eventToFormValues(event, 'en');
    expect(values.location).toEqual({ placeId: 'il-4000', venue: { he: 'גן אורנים' }, venuePoint: null, venueAddress: '' });
    // The map starts at the stored place's point.
    expect(values.place).toEqual({ placeId: 'il-4000', name: 'Haifa', address: 'HaMifratz', center: { lat: event.location.lat, lng: event.location.lng } });
    expect(toEventEdit(values, event)).toEqual({});
    values.location.venue = { he: 'גן אורנים', en: 'Gan Oranim' };
    expect(toEventEdit(values, event)).toEqual({ location: { placeId: 'il-4000', venue: { he: 'גן אורנים', en: 'Gan Oranim' } } });
  });

  it('sends the hall’s pin and street address when they change, and their removal (issue 27 §6)', () => {
    const values = eventToFormValues(event, 'en');
    values.location.venuePoint = { lat: 32.80123, lng: 34.99 };
    values.location.venueAddress = ' HaNamal 5 ';
    expect(toEventEdit(values, event)).toEqual({
      location: { placeId: 'il-4000', venue: { he: 'גן אורנים' }, venuePoint: { lat: 32.80123, lng: 34.99 }, venueAddress: 'HaNamal 5' },
    });
    const pinned = { ...event, location: { ...event.location, venuePoint: { lat: 32.80123, lng: 34.99 }, venueAddress: 'HaNamal 5' } };
    const removed = eventToFormValues(pinned, 'en');
    expect(toEventEdit(removed, pinned)).toEqual({});
    removed.location.venuePoint = null;
    expect(toEventEdit(removed, pinned)).toEqual({ location: { placeId: 'il-4000', venue: { he: 'גן אורנים' }, venuePoint: null, venueAddress: 'HaNamal 5' } });
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

  it('refuses a picked file by its name, its type and its first bytes', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0]);
    expect(await checkPickedImage(new File(['hello, this is a text file'], 'notes.txt', { type: 'text/plain' }))).toBe('eventWizard.image.invalidType');
    expect(await checkPickedImage(new File(['hello, this is a text file'], 'invitation.png', { type: 'image/png' }))).toBe('eventWizard.image.invalidType');
    expect(await checkPickedImage(new File([png], 'invitation.png', { type: 'image/png' }))).toBeNull();
    // A phone's HEIC often comes without a type: its name and its ftyp box are enough.
    const heic = new Uint8Array([0, 0, 0, 24, ...new TextEncoder().encode('ftypheic'), 0, 0, 0, 0]);
    expect(await checkPickedImage(new File([heic], 'IMG_0001.HEIC'))).toBeNull();
    expect(await checkPickedImage(new File([png, new Uint8Array(11 * 1024 * 1024)], 'big.png', { type: 'image/png' }))).toBe('eventWizard.image.tooLarge');
  });

  it('opens the step of the first server issue', () => {
    expect(stepOfIssues([{ path: 'body.rsvpStartDate' }])).toBe(4);
    expect(stepOfIssues([{ path: 'names.he' }])).toBe(0);
    expect(stepOfIssues([{ path: 'data' }])).toBeNull();
  });
});
