import { z } from 'zod';
import {
  EVENT_NAME_MAX_LENGTH,
  LOCATION_NAME_MAX_LENGTH,
  MAX_TRANSPORT_OPTIONS,
  MIN_MEAL_OPTIONS_WHEN_ASKING,
  PLACE_QUERY_MAX_LENGTH,
  TRANSPORT_OPTION_MAX_LENGTH,
} from '../constants.js';
import { isCalendarDate, TIME_PATTERN } from '../dates.js';
import { ASK_VALUES, HOUSEHOLD_SPLITS, LANGUAGES, MessageChannel, SPECIAL_MEALS } from '../enums.js';
import { MSG } from '../messages.js';
import { singleLineText } from './text.js';
import { WHATSAPP_OVERFLOW_MODES } from './messaging.js';
import type { EventLocation } from '../event-location.js';

export const askSchema = z.enum(ASK_VALUES, { error: MSG.invalidValue });
export type Ask = z.infer<typeof askSchema>;
export const specialMealSchema = z.enum(SPECIAL_MEALS, { error: MSG.invalidValue });
export type SpecialMeal = z.infer<typeof specialMealSchema>;
const eventLangSchema = z.enum(LANGUAGES, { error: MSG.invalidValue });

/** `YYYY-MM-DD`, a real calendar date (business time, Asia/Jerusalem). */
export const dateSchema = z.string({ error: MSG.required }).min(1, MSG.required).refine(isCalendarDate, MSG.invalidDate);
/** `HH:mm`, 24-hour clock. */
export const timeSchema = z.string({ error: MSG.required }).min(1, MSG.required).regex(TIME_PATTERN, MSG.invalidTime);

const eventNameSchema = singleLineText({ max: EVENT_NAME_MAX_LENGTH });
/** The event's name per event language. Only languages in `langs` are kept; the default one is required. */
export const eventNamesSchema = z.object({
  he: eventNameSchema.optional(),
  en: eventNameSchema.optional(),
  ru: eventNameSchema.optional(),
  ar: eventNameSchema.optional(),
});
export type EventNames = z.infer<typeof eventNamesSchema>;

const localizedTextSchema = z.object({ he: z.string().optional(), en: z.string().optional(), ru: z.string().optional(), ar: z.string().optional() });

/**
 * What the API answers for a location (see `EventLocation`): the venue per language as the host typed it,
 * the picked place's name and address per language from the places provider, the map point, and `name` /
 * `address` (the default language's venue, then city + address) for readers of the first shape.
 */
export const locationSchema = z.object({
  name: z.string(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  placeId: z.string(),
  venue: localizedTextSchema,
  place: z.object({ name: localizedTextSchema, address: localizedTextSchema }),
  /** The hall's own map point (the host's pin, or a hall picked from Google Places); null: only the place is known. */
  venuePoint: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The hall's street address as the host typed it ('' when none). */
  venueAddress: z.string(),
}) satisfies z.ZodType<EventLocation>;

export const VENUE_ADDRESS_MAX_LENGTH = 200;
/** The pin the host confirmed or moved on the map: a point on the globe (not 0,0, which a missing value reads as). */
export const venuePointInputSchema = z
  .object({ lat: z.number().min(-90, MSG.invalidValue).max(90, MSG.invalidValue), lng: z.number().min(-180, MSG.invalidValue).max(180, MSG.invalidValue) })
  .refine((point) => !(point.lat === 0 && point.lng === 0), { message: MSG.invalidValue });

const venueNameSchema = singleLineText({ min: 0, max: LOCATION_NAME_MAX_LENGTH });
/** The venue (the hall) per event language; only the event's languages are kept. */
export const venueNamesSchema = z.object({
  he: venueNameSchema.optional(),
  en: venueNameSchema.optional(),
  ru: venueNameSchema.optional(),
  ar: venueNameSchema.optional(),
});
export type VenueNames = z.infer<typeof venueNamesSchema>;

/**
 * A location as the client sends it: the place id of a suggestion is what counts (the server resolves the
 * place's names, address and coordinates itself, in each event language); the venue is the host's, per
 * language. `name` alone (the first shape) is the venue in the event's default language.
 */
export const locationInputSchema = z.object(
  {
    placeId: z.string({ error: MSG.chooseLocation }).trim().min(1, MSG.chooseLocation).max(300, MSG.chooseLocation),
    venue: venueNamesSchema.optional(),
    name: singleLineText({ min: 0, max: LOCATION_NAME_MAX_LENGTH }).optional(),
    address: z.string().max(300).optional(),
    lat: z.number().optional(),
    lng: z.number().optional(),
    /** The hall's pin (null: none, the place's own point stands); absent on an edit: as stored. */
    venuePoint: venuePointInputSchema.nullable().optional(),
    /** The hall's street address, for navigation without a pin. */
    venueAddress: singleLineText({ min: 0, max: VENUE_ADDRESS_MAX_LENGTH }).optional(),
  },
  { error: MSG.chooseLocation },
);
export type EventLocationInput = z.input<typeof locationInputSchema>;

export const mealsSchema = z
  .object({ ask: askSchema, options: z.array(specialMealSchema).max(SPECIAL_MEALS.length) })
  .refine((meals) => new Set(meals.options).size === meals.options.length, { message: MSG.duplicateOption, path: ['options'] })
  .refine((meals) => meals.ask === 'no_need_to_ask' || meals.options.length >= MIN_MEAL_OPTIONS_WHEN_ASKING, {
    message: MSG.minMealOptions(MIN_MEAL_OPTIONS_WHEN_ASKING),
    path: ['options'],
  });
export type Meals = z.infer<typeof mealsSchema>;

const transportOptionSchema = singleLineText({ max: TRANSPORT_OPTION_MAX_LENGTH });
const transportOptionNameSchema = singleLineText({ min: 0, max: TRANSPORT_OPTION_MAX_LENGTH });
/**
 * Pickup points: `options` are the texts the host wrote first, and stay the values a guest's answer stores;
 * `translations[i]` names option i in other languages (guests see it in theirs), so adding one later never
 * unmatches an answer.
 */
export const transportSchema = z
  .object({
    ask: askSchema,
    options: z.array(transportOptionSchema).max(MAX_TRANSPORT_OPTIONS, MSG.maxChars(MAX_TRANSPORT_OPTIONS)),
    translations: z
      .array(
        z.object({
          he: transportOptionNameSchema.optional(),
          en: transportOptionNameSchema.optional(),
          ru: transportOptionNameSchema.optional(),
          ar: transportOptionNameSchema.optional(),
        }),
      )
      .max(MAX_TRANSPORT_OPTIONS)
      .optional(),
  })
  .refine((t) => new Set(t.options.map((o) => o.toLowerCase())).size === t.options.length, { message: MSG.duplicateOption, path: ['options'] })
  .refine((t) => t.ask === 'no_need_to_ask' || t.options.length >= 1, { message: MSG.transportOptionRequired, path: ['options'] })
  .refine((t) => !t.translations || t.translations.length <= t.options.length, { message: MSG.invalidValue, path: ['translations'] });
export type Transport = z.infer<typeof transportSchema>;

export const messageSystemSchema = z.union([z.literal(MessageChannel.SMS), z.literal(MessageChannel.WHATSAPP)], {
  error: MSG.invalidValue,
});

const eventFields = {
  names: eventNamesSchema,
  date: dateSchema,
  time: timeSchema,
  location: locationInputSchema,
  defaultLang: eventLangSchema,
  langs: z.array(eventLangSchema).min(1, MSG.required).max(LANGUAGES.length),
  rsvpStartDate: dateSchema,
  meals: mealsSchema,
  transport: transportSchema,
  includeCallsPreference: z.boolean(),
  messageSystemPreference: messageSystemSchema,
  /** When WhatsApp's daily tier is spent mid-round: the rest by SMS (default) or tomorrow by WhatsApp. */
  whatsappOverflow: z.enum(WHATSAPP_OVERFLOW_MODES, { error: MSG.invalidValue }).optional(),
  /** Issue 32: ask the people coming split (adults and children, or men and women); 'none' by default. */
  householdSplit: z.enum(HOUSEHOLD_SPLITS, { error: MSG.invalidValue }).optional(),
};

type NamesAndLangs = { names?: EventNames; defaultLang?: string; langs?: string[] };
/** The default language is one of the event's languages and has a name. Used on create and on a merged edit. */
export const checkEventLanguages = (value: NamesAndLangs, ctx: z.RefinementCtx): void => {
  if (value.langs && value.defaultLang && !value.langs.includes(value.defaultLang)) {
    ctx.addIssue({ code: 'custom', message: MSG.defaultLangNotInLangs, path: ['defaultLang'] });
  }
  if (value.langs && new Set(value.langs).size !== value.langs.length) {
    ctx.addIssue({ code: 'custom', message: MSG.duplicateOption, path: ['langs'] });
  }
  if (value.names && value.defaultLang && !value.names[value.defaultLang as keyof EventNames]) {
    ctx.addIssue({ code: 'custom', message: MSG.eventNameRequired, path: ['names', value.defaultLang] });
  }
};

/**
 * Rules against today (date not passed, far enough to order, RSVP start not passed and before the event)
 * depend on the clock: the server checks them with `checkEventDates` and answers EVENT_DATE_PASSED,
 * EVENT_DATE_TOO_CLOSE, RSVP_START_DATE_PASSED or RSVP_START_AFTER_EVENT; the wizard runs the same function.
 */
export const eventInputSchema = z.object(eventFields).superRefine(checkEventLanguages);
export type EventInput = z.input<typeof eventInputSchema>;
export type EventInputParsed = z.output<typeof eventInputSchema>;

/** `POST event/editEvent/{id}`: any subset of the fields. */
export const eventEditSchema = z.object(eventFields).partial().superRefine(checkEventLanguages);
export type EventEdit = z.input<typeof eventEditSchema>;

export const eventSchema = z.object({
  id: z.string(),
  names: eventNamesSchema,
  date: z.string(),
  time: z.string(),
  location: locationSchema,
  defaultLang: eventLangSchema,
  langs: z.array(eventLangSchema),
  rsvpStartDate: z.string(),
  meals: z.object({ ask: askSchema, options: z.array(specialMealSchema) }),
  transport: z.object({ ask: askSchema, options: z.array(z.string()), translations: z.array(localizedTextSchema) }),
  includeCallsPreference: z.boolean(),
  messageSystemPreference: messageSystemSchema,
  whatsappOverflow: z.enum(WHATSAPP_OVERFLOW_MODES),
  /** Issue 32: the split the event asks of the people coming. */
  householdSplit: z.enum(HOUSEHOLD_SPLITS),
  /** 0: not paid, nothing sent; above 0: paid or started (spec §3). */
  progressStatus: z.number().int(),
  orderPackageId: z.number().int().nullable(),
  /** The invitation image (the large rendition), or null. */
  imageUrl: z.string().nullable(),
  /** The same image at other widths for `srcset` (width → url). */
  imageSizes: z.record(z.string(), z.string()).nullable(),
  guestCount: z.number().int(),
  /** People invited (sum of countOfInvites). */
  inviteeCount: z.number().int(),
  /** Guests per status (spec §4), for the event card and the dashboard. */
  statusCounts: z.record(z.string(), z.number().int()),
  /** The caller's role on this event: the owner, or a co-host (everything but payment, deletion and co-hosts). */
  role: z.enum(['owner', 'cohost']),
  /** The event's public invitation page (`APP_URL/invite/p/<token>`), for anyone the host shares it with. */
  publicInviteUrl: z.string(),
  createdAt: z.string(),
});
export type EventDto = z.infer<typeof eventSchema>;
export const eventListSchema = z.array(eventSchema);

export const updateInvitationDateSchema = z.object({ date: dateSchema });
export const includeCallsPreferenceSchema = z.object({ includeCalls: z.boolean({ error: MSG.invalidValue }) });
export const setMessageSystemPreferenceSchema = z.object({ messageSystem: messageSystemSchema });
export const nonRemovableLanguagesSchema = z.array(eventLangSchema);
export const mealsListSchema = z.array(specialMealSchema);

export const placeSuggestQuerySchema = z.object({
  q: z.string().trim().min(1, MSG.required).max(PLACE_QUERY_MAX_LENGTH, MSG.maxChars(PLACE_QUERY_MAX_LENGTH)),
  lang: eventLangSchema.default('he'),
});
export const placeSuggestionSchema = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  /**
   * The locality's centre, given by the offline places (no Google key): the wizard's map starts there and the host
   * puts the pin on the hall. Absent from Google's suggestions (a hall picked there carries its own point).
   */
  center: z.object({ lat: z.number(), lng: z.number() }).optional(),
});
export type PlaceSuggestion = z.infer<typeof placeSuggestionSchema>;
export const placeSuggestionsSchema = z.array(placeSuggestionSchema);

export const eventIdParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }) });
