import { z } from 'zod';
import { ANSWER_COMMENTS_MAX_LENGTH } from '../constants.js';
import { LANGUAGES } from '../enums.js';
import { MSG } from '../messages.js';
import {
  answerPeopleSchema as peopleCount,
  GUEST_ANSWER_STATUSES,
  mealCountsSchema,
  RSVP_ANSWERS,
  splitCountFields,
  splitOutputFields,
  type MealCounts,
  type RsvpAnswer,
} from './answer-counts.js';
import { eventNamesSchema, specialMealSchema as mealSchema } from './events.js';
import { guestFullNameSchema, phoneNumberSchema } from './guests.js';
import { multiLineText } from './text.js';

const langSchema = z.enum(LANGUAGES, { error: MSG.invalidValue });

/** Invitation tokens are URL-safe base64; anything else is refused before a lookup. */
export const INVITE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const inviteTokenSchema = z.string().regex(INVITE_TOKEN_PATTERN, MSG.invalidValue);
export const inviteParamsSchema = z.object({ guestID: inviteTokenSchema });
export const publicInviteParamsSchema = z.object({ token: inviteTokenSchema });
export const inviteLangQuerySchema = z.object({ lang: langSchema.optional() });

const answerFields = {
  status: z.enum(RSVP_ANSWERS, { error: MSG.required }),
  /** People coming (1..countOfInvites when approved; ignored and stored as 0 when declined). */
  attending: peopleCount.optional(),
  /** Issue 32, when the event asks it: how many of `attending` are adults / children (or men / women); they add up to it. */
  ...splitCountFields,
  meals: mealCountsSchema.default({}),
  transport: z
    .object({ option: z.string().trim().min(1, MSG.required).max(100, MSG.maxChars(100)) })
    .nullable()
    .default(null),
  comments: multiLineText({ min: 0, max: ANSWER_COMMENTS_MAX_LENGTH }).default(''),
};

type AnswerShape = { status: RsvpAnswer; attending?: number | undefined; meals: MealCounts };
/** Coming needs a number of people; special meals are chosen for at most that many people. */
const checkAnswer = (answer: AnswerShape, ctx: z.RefinementCtx) => {
  if (answer.status !== 'approved') return;
  if (!answer.attending) {
    ctx.addIssue({ code: 'custom', message: MSG.attendingRequired, path: ['attending'] });
    return;
  }
  const meals = Object.values(answer.meals).reduce<number>((sum, n) => sum + (n ?? 0), 0);
  if (meals > answer.attending) ctx.addIssue({ code: 'custom', message: MSG.mealsAboveAttending, path: ['meals'] });
};

/** `POST invite/{guestID}`. The server checks attending against the guest's countOfInvites (RESPONDERS_ABOVE_INVITEES). */
export const rsvpAnswerSchema = z.object(answerFields).superRefine(checkAnswer);
export type RsvpAnswerInput = z.input<typeof rsvpAnswerSchema>;
export type RsvpAnswerParsed = z.output<typeof rsvpAnswerSchema>;

/** `POST invite/public/{token}`: who answers, and the answer; matched to a guest by phone, or added. */
export const publicRsvpAnswerSchema = z
  .object({ fullName: guestFullNameSchema, phoneNumber: phoneNumberSchema, lang: langSchema, ...answerFields })
  .superRefine(checkAnswer);
export type PublicRsvpAnswerInput = z.input<typeof publicRsvpAnswerSchema>;
export type PublicRsvpAnswerParsed = z.output<typeof publicRsvpAnswerSchema>;

export const guestAnswerSchema = z.object({
  status: z.enum(GUEST_ANSWER_STATUSES),
  attending: z.number().int().nullable(),
  /** Issue 32: the split of `attending` the guest told (adults/children or men/women); absent when none. */
  ...splitOutputFields,
  meals: mealCountsSchema,
  transport: z.object({ option: z.string() }).nullable(),
  /** Coming, but not asked about transport / meals yet (answered by WhatsApp, SMS or a call): the page asks it. */
  transportOpen: z.boolean().optional(),
  mealsOpen: z.boolean().optional(),
  comments: z.string(),
  answeredAt: z.string(),
});
export type GuestAnswerDto = z.infer<typeof guestAnswerSchema>;

/**
 * `GET invite/{guestID}` and `GET invite/public/{token}`: what the guest's page shows, texts in `lang`.
 * Nothing the host alone may see (phone, host comments, group, other guests) is here.
 */
export const invitePageSchema = z.object({
  lang: langSchema,
  dir: z.enum(['rtl', 'ltr']),
  /** The event's languages, for the switcher. */
  langs: z.array(langSchema),
  kind: z.enum(['personal', 'public', 'preview']),
  event: z.object({
    /** The name in `lang`, falling back to the event's default language. */
    name: z.string(),
    names: eventNamesSchema,
    defaultLang: langSchema,
    /** YYYY-MM-DD and HH:mm, Asia/Jerusalem. */
    date: z.string(),
    time: z.string(),
    /**
     * In `lang`: `venue` the hall ('' when none), `place` the city or picked address, `address` its region or
     * address; `name` / `address` as the first shape had them (the venue or the place, then the rest).
     */
    location: z.object({
      name: z.string(),
      address: z.string(),
      lat: z.number(),
      lng: z.number(),
      venue: z.string(),
      place: z.string(),
      placeAddress: z.string(),
      /** The hall's own point (the host's pin): navigation goes there; absent or null, the place's. */
      venuePoint: z.object({ lat: z.number(), lng: z.number() }).nullable().optional(),
      /** The hall's street address the host typed: navigation searches it when there is no pin. */
      venueAddress: z.string().optional(),
    }),
    imageUrl: z.string().nullable(),
    imageSizes: z.record(z.string(), z.string()).nullable(),
    imageWidth: z.number().int().nullable(),
    imageHeight: z.number().int().nullable(),
    /** 1200×630 JPEG for link previews. */
    ogImageUrl: z.string().nullable(),
  }),
  /** The personal page's guest; null on the public page. */
  guest: z.object({ fullName: z.string(), countOfInvites: z.number().int() }).nullable(),
  /** The questions this guest is asked: null when not asked. */
  questions: z.object({
    meals: z.array(mealSchema).nullable(),
    /** The options' values (what an answer sends and stores). */
    transport: z.array(z.string()).nullable(),
    /** The same options as guests reading `lang` see them. */
    transportLabels: z.array(z.string()).nullable(),
    /** Most people this answer may bring. */
    maxAttending: z.number().int(),
    /** Issue 32: the split the event asks of the people coming; absent when it asks none. */
    split: z.enum(['adultsChildren', 'menWomen']).optional(),
  }),
  answer: guestAnswerSchema.nullable(),
  /**
   * Issue 31: the personal page's guest's table, once the host shows tables to guests and the guest is coming and
   * seated; null (or absent) otherwise.
   */
  table: z.object({ number: z.number().int(), name: z.string().nullable() }).nullable().optional(),
  /** Answers closed: the event date has passed. */
  closed: z.boolean(),
});
export type InvitePageDto = z.infer<typeof invitePageSchema>;

export const inviteAnswerResultSchema = z.object({ answer: guestAnswerSchema, changedDecision: z.boolean() });
export type InviteAnswerResult = z.infer<typeof inviteAnswerResultSchema>;

/** `GET event/{id}/preview-links`: short-lived signed links to the pages as guests see them (the host's previews). */
export const previewLinksSchema = z.object({ invitationUrl: z.string(), navigateUrl: z.string(), expiresAt: z.string() });
export const publicInviteLinkSchema = z.object({ publicInviteUrl: z.string() });

/** One answer as the host sees it on "guest answers" (history: every change is kept). */
/** Where an answer came from: the personal or public page, a WhatsApp button or list, an SMS reply (1 / 2 / 3). */
export const ANSWER_SOURCES = ['personal', 'public', 'whatsapp', 'sms', 'call'] as const;
export type AnswerSource = (typeof ANSWER_SOURCES)[number];
export const answerHistoryItemSchema = z.object({
  id: z.string(),
  guestId: z.string(),
  fullName: z.string(),
  status: z.enum(GUEST_ANSWER_STATUSES),
  previousStatus: z.enum(GUEST_ANSWER_STATUSES).nullable(),
  attending: z.number().int().nullable(),
  meals: mealCountsSchema,
  transport: z.object({ option: z.string() }).nullable(),
  comments: z.string(),
  /** An earlier, different answer existed. */
  changed: z.boolean(),
  source: z.enum(ANSWER_SOURCES),
  /** Public answers: the name typed on the public page (who answered for this guest). */
  typedName: z.string().nullable(),
  createdAt: z.string(),
});
export type AnswerHistoryItem = z.infer<typeof answerHistoryItemSchema>;
export const answerHistoryQuerySchema = z.object({
  page: z.coerce.number({ error: MSG.numeric }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: MSG.numeric }).int().min(1).max(100).default(25),
  guestId: z.uuid({ error: MSG.invalidValue }).optional(),
  changedOnly: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
});
export const answerHistoryResponseSchema = z.object({ items: z.array(answerHistoryItemSchema), total: z.number().int() });
export type AnswerHistoryResponse = z.infer<typeof answerHistoryResponseSchema>;
