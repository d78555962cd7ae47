import { zodResolver } from '@hookform/resolvers/zod';
import {
  addDays,
  checkEventDates,
  daysBetween,
  detectImageKind,
  EVENT_IMAGE_MAX_BYTES,
  EVENT_IMAGE_TYPES,
  IMAGE_KIND_HEAD_BYTES,
  eventInputSchema,
  isLang,
  isVenuePoint,
  locationTextsIn,
  MessageChannel,
  MIN_DAYS_BEFORE_EVENT_TO_ORDER,
  MSG,
  RECOMMENDED_RSVP_START_DAYS_BEFORE_EVENT,
  todayInBusinessZone,
  type EventDateProblem,
  type EventDto,
  type EventEdit,
  type EventInput,
  type Lang,
  type PlaceSuggestion,
  type VenueNames,
} from '@magiim/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

/**
 * The wizard's form: the shared event input plus what only the browser holds — the chosen suggestion (to show
 * it again) and a picked image file. zod strips the two extra keys when it validates.
 */
export type EventFormValues = EventInput & {
  place: PlaceSuggestion | null;
  image: File | null;
};

export type EventFormField = keyof EventFormValues;

export const EVENT_STEPS = [
  { id: 'details', fields: ['langs', 'defaultLang', 'names'] },
  { id: 'when-where', fields: ['date', 'time', 'location', 'place'] },
  { id: 'questions', fields: ['meals', 'transport', 'householdSplit'] },
  { id: 'image', fields: ['image'] },
  { id: 'rsvp', fields: ['rsvpStartDate', 'messageSystemPreference', 'whatsappOverflow', 'includeCallsPreference'] },
] as const satisfies readonly { id: string; fields: readonly EventFormField[] }[];

export type EventStepId = (typeof EVENT_STEPS)[number]['id'];

export const stepIndexOf = (step: string | undefined): number => {
  const index = EVENT_STEPS.findIndex((candidate) => candidate.id === step);
  return index < 0 ? 0 : index;
};

/** The first step holding an error, so a refused save opens where the problem is. */
export const firstStepWithError = (errors: FieldErrors<EventFormValues>): number => {
  const index = EVENT_STEPS.findIndex((step) => step.fields.some((field) => errors[field] !== undefined));
  return index < 0 ? EVENT_STEPS.length - 1 : index;
};

/** Which field a server issue path (`names.he`, `location.placeId`, `data`) belongs to. */
export const EVENT_FORM_FIELDS = [
  'names',
  'names.he',
  'names.en',
  'names.ru',
  'names.ar',
  'date',
  'time',
  'location',
  'location.placeId',
  'location.name',
  'location.venue.he',
  'location.venue.en',
  'location.venue.ru',
  'location.venue.ar',
  'defaultLang',
  'langs',
  'rsvpStartDate',
  'meals',
  'meals.ask',
  'meals.options',
  'transport',
  'transport.ask',
  'transport.options',
  'includeCallsPreference',
  'messageSystemPreference',
  'whatsappOverflow',
  'householdSplit',
] as const;

export const newEventDefaults = (uiLang: string): EventFormValues => {
  const lang: Lang = isLang(uiLang) ? uiLang : 'he';
  return {
    names: {},
    date: '',
    time: '',
    location: { placeId: '', venue: {} },
    place: null,
    defaultLang: lang,
    langs: [lang],
    rsvpStartDate: '',
    meals: { ask: 'no_need_to_ask', options: [] },
    transport: { ask: 'no_need_to_ask', options: [] },
    includeCallsPreference: false,
    messageSystemPreference: MessageChannel.WHATSAPP,
    whatsappOverflow: 'sms',
    householdSplit: 'none',
    image: null,
  };
};

/** The picked place as the location field shows it: the city (not the venue) and its address. */
const placeOf = (event: EventDto, uiLang: string): PlaceSuggestion => {
  const texts = locationTextsIn(event.location, isLang(uiLang) ? uiLang : event.defaultLang, event.defaultLang);
  const centre = isVenuePoint({ lat: event.location.lat, lng: event.location.lng }) ? { center: { lat: event.location.lat, lng: event.location.lng } } : {};
  return { placeId: event.location.placeId, name: texts.place, address: texts.address, ...centre };
};

/** The settings form starts from the stored event. */
export const eventToFormValues = (event: EventDto, uiLang: string = event.defaultLang): EventFormValues => ({
  names: { ...event.names },
  date: event.date,
  time: event.time,
  location: {
    placeId: event.location.placeId,
    venue: { ...event.location.venue },
    venuePoint: event.location.venuePoint ? { ...event.location.venuePoint } : null,
    venueAddress: event.location.venueAddress ?? '',
  },
  place: placeOf(event, uiLang),
  defaultLang: event.defaultLang,
  langs: [...event.langs],
  rsvpStartDate: event.rsvpStartDate,
  meals: { ask: event.meals.ask, options: [...event.meals.options] },
  transport: { ask: event.transport.ask, options: [...event.transport.options], translations: event.transport.translations.map((names) => ({ ...names })) },
  includeCallsPreference: event.includeCallsPreference,
  messageSystemPreference: event.messageSystemPreference,
  whatsappOverflow: event.whatsappOverflow,
  householdSplit: event.householdSplit,
  image: null,
});

/** Spec tip: invitations go out 14 days before the event, but never before today. */
export const recommendedRsvpStart = (eventDate: string, today = todayInBusinessZone()): string => {
  const recommended = addDays(eventDate, -RECOMMENDED_RSVP_START_DAYS_BEFORE_EVENT);
  return daysBetween(today, recommended) < 0 ? today : recommended;
};

/** The earliest event date the server accepts, for the date input's `min`. */
export const earliestEventDate = (today = todayInBusinessZone()): string => addDays(today, MIN_DAYS_BEFORE_EVENT_TO_ORDER);

const DATE_MESSAGES: Record<EventDateProblem['code'], string> = {
  EVENT_DATE_PASSED: MSG.eventDatePassed,
  EVENT_DATE_TOO_CLOSE: MSG.eventDateTooClose(MIN_DAYS_BEFORE_EVENT_TO_ORDER),
  RSVP_START_DATE_PASSED: MSG.rsvpStartDatePassed,
  RSVP_START_AFTER_EVENT: MSG.rsvpStartAfterEvent,
};

const IMAGE_EXTENSIONS = /\.(jpe?g|png|webp|hei[cf])$/i;

export const IMAGE_MESSAGES = {
  type: 'eventWizard.image.invalidType',
  /** Shown with the limit written by `formatFileSize` in the interface language. */
  size: 'eventWizard.image.tooLarge',
};

/** Phones often hand HEIC over without a type, so the name's extension counts too. */
export const checkImageFile = (file: File): string | null => {
  const typeOk = (EVENT_IMAGE_TYPES as readonly string[]).includes(file.type) || (!file.type && IMAGE_EXTENSIONS.test(file.name));
  if (!typeOk && !IMAGE_EXTENSIONS.test(file.name)) return IMAGE_MESSAGES.type;
  if (!typeOk && file.type && !file.type.startsWith('image/')) return IMAGE_MESSAGES.type;
  if (file.size > EVENT_IMAGE_MAX_BYTES) return IMAGE_MESSAGES.size;
  return null;
};

/**
 * When a file is picked: its name and type, then its first bytes with the server's own test, so a text file
 * named .png is refused at once rather than after the upload.
 */
export const checkPickedImage = async (file: File): Promise<string | null> => {
  const problem = checkImageFile(file);
  if (problem) return problem;
  const head = new Uint8Array(await file.slice(0, IMAGE_KIND_HEAD_BYTES).arrayBuffer());
  return detectImageKind(head) ? null : IMAGE_MESSAGES.type;
};

/**
 * The shared schema, then the rules against today with the shared `checkEventDates` (each date on its own
 * field), then the image. An edit checks only dates the host changed, as the server does.
 */
export const eventFormResolver = (original?: Pick<EventDto, 'date' | 'rsvpStartDate'>): Resolver<EventFormValues> => {
  const schemaResolver = zodResolver(eventInputSchema) as unknown as Resolver<EventFormValues>;
  return async (values, context, options) => {
    const result = await schemaResolver(values, context, options);
    const errors: FieldErrors<EventFormValues> = { ...result.errors };
    const dateChanged = !original || values.date !== original.date;
    const rsvpChanged = !original || values.rsvpStartDate !== original.rsvpStartDate || dateChanged;
    if (!errors.date && dateChanged) {
      const problem = checkEventDates({ date: values.date });
      if (problem) errors.date = { type: 'date', message: DATE_MESSAGES[problem.code] };
    }
    if (!errors.rsvpStartDate && rsvpChanged && values.rsvpStartDate) {
      const problem = checkEventDates({ rsvpStartDate: values.rsvpStartDate }, { date: errors.date ? undefined : values.date });
      if (problem) errors.rsvpStartDate = { type: 'date', message: DATE_MESSAGES[problem.code] };
    }
    if (values.image) {
      const message = checkImageFile(values.image);
      if (message) errors.image = { type: 'image', message };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    // The form's own values: zod's copy has lost the place and the image the wizard still needs.
    return { values, errors: {} };
  };
};

/** Texts per language (a venue, a pickup point) only in the chosen languages, trimmed; empty ones left out. */
const cleanPerLanguage = (venue: VenueNames | undefined, langs: readonly string[]): VenueNames =>
  Object.fromEntries(
    Object.entries(venue ?? {})
      .filter(([lang, name]) => langs.includes(lang) && name?.trim())
      .map(([lang, name]) => [lang, name?.trim()]),
  );

/** The hall's pin and street address as the form holds them (null / '' when none). */
const hallOf = (location: Pick<EventInput['location'], 'venuePoint' | 'venueAddress'>) => ({
  venuePoint: isVenuePoint(location.venuePoint) ? { lat: location.venuePoint.lat, lng: location.venuePoint.lng } : null,
  venueAddress: location.venueAddress?.trim() ?? '',
});

const cleanLocation = (location: EventInput['location'], langs: readonly string[]): EventInput['location'] => {
  const { venuePoint, venueAddress } = hallOf(location);
  return {
    placeId: location.placeId,
    venue: cleanPerLanguage(location.venue, langs),
    ...(venuePoint ? { venuePoint } : {}),
    ...(venueAddress ? { venueAddress } : {}),
  };
};

/** Names only for the chosen languages, trimmed, empty ones left out. */
const cleanNames = (names: EventInput['names'], langs: readonly string[]): EventInput['names'] =>
  Object.fromEntries(
    Object.entries(names)
      .filter(([lang, name]) => langs.includes(lang) && name?.trim())
      .map(([lang, name]) => [lang, name?.trim()]),
  );

/**
 * Pickup points only when asked; their translations one per option in the chosen languages, trimmed, and
 * left out when there are none.
 */
const cleanTransport = (transport: EventInput['transport'], langs: readonly string[]): EventInput['transport'] => {
  if (transport.ask === 'no_need_to_ask') return { ask: transport.ask, options: [] };
  const translations = transport.options.map((_option, index) => cleanPerLanguage(transport.translations?.[index], langs));
  return {
    ask: transport.ask,
    options: transport.options,
    ...(translations.some((names) => Object.keys(names).length > 0) ? { translations } : {}),
  };
};

/** What `POST event/newEvent` takes. */
export const toEventInput = (values: EventFormValues): EventInput => ({
  names: cleanNames(values.names, values.langs),
  date: values.date,
  time: values.time,
  location: cleanLocation(values.location, values.langs),
  defaultLang: values.defaultLang,
  langs: values.langs,
  rsvpStartDate: values.rsvpStartDate,
  meals: { ask: values.meals.ask, options: values.meals.ask === 'no_need_to_ask' ? [] : values.meals.options },
  transport: cleanTransport(values.transport, values.langs),
  includeCallsPreference: values.includeCallsPreference,
  messageSystemPreference: values.messageSystemPreference,
  ...(values.whatsappOverflow ? { whatsappOverflow: values.whatsappOverflow } : {}),
  ...(values.householdSplit ? { householdSplit: values.householdSplit } : {}),
});

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const sortedCopy = <T>(list: readonly T[]): T[] => [...list].sort();

/** `POST event/editEvent/{id}` with only what the host changed. */
export const toEventEdit = (values: EventFormValues, event: EventDto): EventEdit => {
  const input = toEventInput(values);
  const edit: EventEdit = {};
  if (!same(input.names, cleanNames(event.names, event.langs))) edit.names = input.names;
  if (input.date !== event.date) edit.date = input.date;
  if (input.time !== event.time) edit.time = input.time;
  const hall = hallOf(values.location);
  const hallChanged = !same(hall, hallOf(event.location));
  if (input.location.placeId !== event.location.placeId || !same(input.location.venue, cleanPerLanguage(event.location.venue, input.langs)) || hallChanged) {
    // A pin or address changed is said (null, '' when taken away); unsaid, the server keeps them.
    edit.location = hallChanged ? { ...input.location, ...hall } : input.location;
  }
  if (input.defaultLang !== event.defaultLang) edit.defaultLang = input.defaultLang;
  if (!same(sortedCopy(input.langs), sortedCopy(event.langs))) edit.langs = input.langs;
  if (input.rsvpStartDate !== event.rsvpStartDate) edit.rsvpStartDate = input.rsvpStartDate;
  if (!same(input.meals, { ask: event.meals.ask, options: event.meals.ask === 'no_need_to_ask' ? [] : event.meals.options })) edit.meals = input.meals;
  if (!same(input.transport, cleanTransport(event.transport, input.langs))) edit.transport = input.transport;
  if (input.includeCallsPreference !== event.includeCallsPreference) edit.includeCallsPreference = input.includeCallsPreference;
  if (input.messageSystemPreference !== event.messageSystemPreference) edit.messageSystemPreference = input.messageSystemPreference;
  if (input.whatsappOverflow && input.whatsappOverflow !== event.whatsappOverflow) edit.whatsappOverflow = input.whatsappOverflow;
  if (input.householdSplit && input.householdSplit !== event.householdSplit) edit.householdSplit = input.householdSplit;
  return edit;
};

/** The step of the first server issue that names a field (`names.he` → details), or null. */
export const stepOfIssues = (issues: readonly { path: string }[]): number | null => {
  for (const issue of issues) {
    const field = issue.path.replace(/^body\./, '').split('.')[0];
    const index = EVENT_STEPS.findIndex((step) => (step.fields as readonly string[]).includes(field ?? ''));
    if (index >= 0) return index;
  }
  return null;
};
