import { z } from 'zod';
import { MSG } from '../messages.js';
import { singleLineText } from './text.js';
import { guestFullNameSchema, phoneNumberSchema } from './guests.js';

// Issue 31 (check-in at the door): `checkin/{id}/…`, for the host, a co-host, or an usher link.

/** The header an usher's screen sends its link token in (no account, no bearer session). */
export const USHER_TOKEN_HEADER = 'x-usher-token';
/** People one arrival may record (a walk-in family included). */
export const CHECKIN_PEOPLE_MAX = 50;
export const CHECKIN_CODE_MAX_LENGTH = 200;
/** Guests one search answers at most. */
export const CHECKIN_SEARCH_LIMIT = 30;

export const checkinPeopleSchema = z.number({ error: MSG.numeric }).int(MSG.invalidValue).min(0, MSG.invalidValue).max(CHECKIN_PEOPLE_MAX, MSG.invalidValue);

export const checkinScanSchema = z.object({ code: singleLineText({ max: CHECKIN_CODE_MAX_LENGTH }) });
export const checkinArrivalSchema = z.object({ guestId: z.uuid({ error: MSG.invalidValue }), people: checkinPeopleSchema });
export const checkinArrivalParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), guestId: z.uuid({ error: MSG.invalidValue }) });
export const checkinUsherParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), usherId: z.uuid({ error: MSG.invalidValue }) });
export const checkinSearchQuerySchema = z.object({ q: singleLineText({ min: 1, max: 60 }) });
/** A walk-in: a guest added at the door, arrived at once. */
export const checkinWalkInSchema = z.object({
  fullName: guestFullNameSchema,
  phoneNumber: phoneNumberSchema,
  people: checkinPeopleSchema.min(1, MSG.invalidValue),
});

export const checkinTableSchema = z.object({ number: z.number().int(), name: z.string().nullable() });
export type CheckinTable = z.infer<typeof checkinTableSchema>;

/** A guest as the door sees them: never a phone number or an answer's details. */
export const checkinGuestSchema = z.object({
  guestId: z.string(),
  fullName: z.string(),
  /** People expected: `attending` when coming, else the invited count. */
  expected: z.number().int(),
  table: checkinTableSchema.nullable(),
  arrived: z.boolean(),
  /** People recorded at the door (0 when not arrived). */
  arrivedPeople: z.number().int(),
});
export type CheckinGuest = z.infer<typeof checkinGuestSchema>;

export const checkinSearchResponseSchema = z.object({ guests: z.array(checkinGuestSchema) });
export type CheckinSearchResponse = z.infer<typeof checkinSearchResponseSchema>;

export const checkinSummarySchema = z.object({
  expected: z.number().int(),
  arrived: z.number().int(),
  byTable: z.array(z.object({ table: checkinTableSchema.nullable(), expected: z.number().int(), arrived: z.number().int() })),
});
export type CheckinSummary = z.infer<typeof checkinSummarySchema>;

export const checkinUsherLinkSchema = z.object({ id: z.string(), url: z.string(), expiresAt: z.string() });
export type CheckinUsherLink = z.infer<typeof checkinUsherLinkSchema>;
export const checkinUsherListSchema = z.object({
  ushers: z.array(z.object({ id: z.string(), createdAt: z.string(), expiresAt: z.string(), revoked: z.boolean() })),
});
export type CheckinUsherList = z.infer<typeof checkinUsherListSchema>;

/** Who opened the screen: a host (owner or co-host) or an usher link, and the event's names for the title. */
export const checkinContextSchema = z.object({ role: z.enum(['host', 'usher']), eventName: z.string(), eventDate: z.string() });
export type CheckinContext = z.infer<typeof checkinContextSchema>;

/** The guest's own check-in code (their page after "coming"). */
export const guestCheckinCodeSchema = z.object({ code: z.string() });
