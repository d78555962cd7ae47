import { z } from 'zod';
import { INVITES_PER_INVITEE_MAX } from '../constants.js';
import { MSG } from '../messages.js';
import { specialMealSchema } from './events.js';

// Apart from invitations.ts so that the dashboard's figures (stats.ts) do not bring the guest and phone schemas
// (libphonenumber) to the first screen.

/** What a guest can answer on the invitation page. */
export const RSVP_ANSWERS = ['approved', 'declined', 'maybe'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];
/** What the page shows as the guest's current answer (a wrong number is marked apart from answering). */
export const GUEST_ANSWER_STATUSES = [...RSVP_ANSWERS, 'wrongNumber'] as const;
export type GuestAnswerStatus = (typeof GUEST_ANSWER_STATUSES)[number];

/** People of one answer: 0..INVITES_PER_INVITEE_MAX. */
export const answerPeopleSchema = z.coerce
  .number({ error: MSG.numeric })
  .int(MSG.numeric)
  .min(0, MSG.numeric)
  .max(INVITES_PER_INVITEE_MAX, MSG.respondersAboveInvitees);

/** Special meals for the people coming: meal → how many of them. */
export const mealCountsSchema = z.partialRecord(specialMealSchema, answerPeopleSchema);
export type MealCounts = z.infer<typeof mealCountsSchema>;

/**
 * Issue 32: the people coming split in two (the event's mode): adults and children, or men and women. The two
 * add up to `attending`; absent (null) when the event does not ask it or the guest has not told yet.
 */
export const householdSplitSchema = z.union([
  z.object({ adults: z.number().int(), children: z.number().int() }),
  z.object({ men: z.number().int(), women: z.number().int() }),
]);
export type HouseholdSplit = z.infer<typeof householdSplitSchema>;
/** The split's four counts as an answer sends them beside `attending` (each optional). */
export const splitCountFields = {
  adults: answerPeopleSchema.optional(),
  children: answerPeopleSchema.optional(),
  men: answerPeopleSchema.optional(),
  women: answerPeopleSchema.optional(),
};
/** The split as answers show it beside `attending`: absent when not told. */
export const splitOutputFields = {
  adults: z.number().int().optional(),
  children: z.number().int().optional(),
  men: z.number().int().optional(),
  women: z.number().int().optional(),
};
