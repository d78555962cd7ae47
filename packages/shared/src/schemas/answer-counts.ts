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
