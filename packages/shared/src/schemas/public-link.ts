import { z } from 'zod';
import { PUBLIC_LINK_NEW_GUEST_BUDGET_MAX } from '../constants.js';
import { LANGUAGES } from '../enums.js';
import { MSG } from '../messages.js';
import { mealCountsSchema, RSVP_ANSWERS, splitOutputFields } from './answer-counts.js';

/** Who may answer on the event's public link: nobody, phones already on the list, or new guests too. */
export const PUBLIC_LINK_MODES = ['off', 'listed', 'open'] as const;
export type PublicLinkMode = (typeof PUBLIC_LINK_MODES)[number];

/** `PUT event/{id}/public-link`: the host's choices for the public link. */
export const publicLinkSettingsSchema = z.object({
  mode: z.enum(PUBLIC_LINK_MODES, { error: MSG.invalidValue }),
  /** New guests from the link wait for the host's approval before they count (cap, statistics, messages). */
  approveNewGuests: z.boolean({ error: MSG.invalidValue }),
  /** How many new guests the link may add on its own; past it they wait for the host. */
  newGuestBudget: z.coerce
    .number({ error: MSG.numeric })
    .int(MSG.numeric)
    .min(0, MSG.numeric)
    .max(PUBLIC_LINK_NEW_GUEST_BUDGET_MAX, MSG.invalidValue),
});
export type PublicLinkSettingsInput = z.input<typeof publicLinkSettingsSchema>;

/** `GET event/{id}/public-link`: the settings, what the link used of its budget, and what waits for the host. */
export const publicLinkStateSchema = publicLinkSettingsSchema.extend({
  newGuestsUsed: z.number().int(),
  /** New phones waiting for approval. */
  waitingGuests: z.number().int(),
  /** Answers for listed guests kept beside their own answer. */
  waitingAnswers: z.number().int(),
});
export type PublicLinkState = z.infer<typeof publicLinkStateSchema>;

/**
 * Why a public answer was kept for the host instead of applied: the guest had already answered, more people
 * than the guest's invitation, a new phone waiting for approval, a new phone while the link takes listed
 * guests only, or a new phone past the package or the link's budget.
 */
export const PUBLIC_ANSWER_REASONS = ['alreadyAnswered', 'aboveInvitation', 'approval', 'notListed', 'overBudget', 'packageFull'] as const;
export type PublicAnswerReason = (typeof PUBLIC_ANSWER_REASONS)[number];

/** One public answer waiting for the host (a listed guest's when guestId is set, else a new phone). */
export const publicAnswerItemSchema = z.object({
  id: z.string(),
  guestId: z.string().nullable(),
  /** The listed guest's name on the list (null for a new phone). */
  guestName: z.string().nullable(),
  /** The listed guest's invitation size (null for a new phone). */
  countOfInvites: z.number().int().nullable(),
  reason: z.enum(PUBLIC_ANSWER_REASONS),
  typedName: z.string(),
  phoneNumber: z.string(),
  lang: z.enum(LANGUAGES),
  status: z.enum(RSVP_ANSWERS),
  attending: z.number().int().nullable(),
  meals: mealCountsSchema,
  transport: z.object({ option: z.string() }).nullable(),
  comments: z.string(),
  createdAt: z.string(),
});
export type PublicAnswerItem = z.infer<typeof publicAnswerItemSchema>;

export const publicAnswersQuerySchema = z.object({
  guestId: z.uuid({ error: MSG.invalidValue }).optional(),
  /** `guests`: new phones waiting for approval; `answers`: listed guests' answers kept aside. */
  kind: z.enum(['guests', 'answers']).optional(),
});
export const publicAnswersResponseSchema = z.object({ items: z.array(publicAnswerItemSchema) });
export type PublicAnswersResponse = z.infer<typeof publicAnswersResponseSchema>;
export const publicAnswerParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), answerId: z.uuid({ error: MSG.invalidValue }) });

/**
 * `POST invite/public/{token}`: the same for every well-formed answer, whether the phone is on the list or
 * not and whatever the count: what was typed, received. Nothing of a listed guest's own answer or invitation.
 */
export const publicAnswerReceivedSchema = z.object({
  received: z.literal(true),
  fullName: z.string(),
  answer: z.object({
    status: z.enum(RSVP_ANSWERS),
    attending: z.number().int().nullable(),
    ...splitOutputFields,
    meals: mealCountsSchema,
    transport: z.object({ option: z.string() }).nullable(),
    comments: z.string(),
  }),
});
export type PublicAnswerReceived = z.infer<typeof publicAnswerReceivedSchema>;
