import { guestMessageSchema } from './messaging.js';
import { z } from 'zod';
import {
  FULL_NAME_MAX_LENGTH,
  GROUP_NAME_MAX_LENGTH,
  GUEST_BULK_MAX,
  GUEST_COMMENTS_MAX_LENGTH,
  GUEST_LIST_DEFAULT_PAGE_SIZE,
  GUEST_LIST_MAX_PAGE_SIZE,
  GUEST_SEARCH_MAX_LENGTH,
  INVITES_PER_INVITEE_MAX,
  INVITES_PER_INVITEE_MIN,
} from '../constants.js';
import { IMPORT_ROW_ERROR_CODES } from '../errors.js';
import { GUEST_IMPORT_COLUMNS, IMPORT_SHEET_MAX_COLUMNS } from '../guest-columns.js';
import { INVITEE_STATUSES, LANGUAGES, SPECIAL_MEALS } from '../enums.js';
import { MSG } from '../messages.js';
import { normalizePhone } from '../phone.js';
import { multiLineText, singleLineText } from './text.js';
import { guestSideSchema } from './gift-ledger.js';
import { GUEST_SIDES } from '../sides.js';
import { splitOutputFields } from './answer-counts.js';

const langSchema = z.enum(LANGUAGES, { error: MSG.invalidValue });

/** Any phone a host types; answers E.164. Israeli mobile by default, foreign with a country code. */
export const phoneNumberSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(30, MSG.invalidPhone)
  .transform((value, ctx) => {
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: MSG.invalidPhone });
      return z.NEVER;
    }
    return e164;
  });

export const countOfInvitesSchema = z.coerce
  .number({ error: MSG.numeric })
  .int(MSG.numeric)
  .min(INVITES_PER_INVITEE_MIN, MSG.countOfInvitesRange(INVITES_PER_INVITEE_MIN, INVITES_PER_INVITEE_MAX))
  .max(INVITES_PER_INVITEE_MAX, MSG.countOfInvitesRange(INVITES_PER_INVITEE_MIN, INVITES_PER_INVITEE_MAX));

export const guestFullNameSchema = singleLineText({ max: FULL_NAME_MAX_LENGTH });

/**
 * Spec §4 statuses; `partiallyComing` exists only as a list filter (approved with fewer attending than invited),
 * and so does `notReached`: no message reached the guest on any channel (every one failed or could not go).
 */
export const guestStatusSchema = z.enum(INVITEE_STATUSES, { error: MSG.invalidValue });
export const GUEST_STATUS_FILTERS = [...INVITEE_STATUSES, 'partiallyComing', 'notReached'] as const;
export type GuestStatusFilter = (typeof GUEST_STATUS_FILTERS)[number];

const guestFields = {
  fullName: guestFullNameSchema,
  phoneNumber: phoneNumberSchema,
  countOfInvites: countOfInvitesSchema,
  groupId: z.uuid({ error: MSG.invalidValue }).nullable(),
  lang: langSchema,
  askTransport: z.boolean(),
  askMeals: z.boolean(),
  comments: multiLineText({ min: 0, max: GUEST_COMMENTS_MAX_LENGTH }),
  /** Issue 32: the couple's side (a, b or both); null when not set. */
  side: guestSideSchema.nullable(),
};

/** `POST guests/new/{id}`: name and phone are required; the rest have defaults (count 1, no group, the event's default language). */
export const guestInputSchema = z.object({
  fullName: guestFields.fullName,
  phoneNumber: guestFields.phoneNumber,
  countOfInvites: guestFields.countOfInvites.default(1),
  groupId: guestFields.groupId.default(null),
  /** A group by name instead of `groupId` (quick add): an existing group of that name, or a new one made with the guest. */
  groupName: singleLineText({ max: GROUP_NAME_MAX_LENGTH }).optional(),
  lang: guestFields.lang.optional(),
  askTransport: guestFields.askTransport.default(false),
  askMeals: guestFields.askMeals.default(false),
  comments: guestFields.comments.default(''),
  side: guestFields.side.default(null),
}).refine((input) => input.groupName === undefined || input.groupId === null, { message: MSG.invalidValue, path: ['groupName'] });
export type GuestInput = z.input<typeof guestInputSchema>;
export type GuestInputParsed = z.output<typeof guestInputSchema>;

/** `PUT guests/edit/{id}/{guestID}`: any subset; it must change something (NOTHING_CHANGED otherwise). */
export const guestEditSchema = z.object(guestFields).partial();
export type GuestEdit = z.input<typeof guestEditSchema>;

export const guestSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  countOfInvites: z.number().int(),
  groupId: z.string().nullable(),
  lang: langSchema,
  askTransport: z.boolean(),
  askMeals: z.boolean(),
  comments: z.string(),
  /** Issue 32: the couple's side, or null. */
  side: guestSideSchema.nullable(),
  status: guestStatusSchema,
  viewedCount: z.number().int(),
  attending: z.number().int().nullable(),
  /** The guest's personal invitation page (`APP_URL/invite/<token>`); the host's eyes only. */
  inviteUrl: z.string(),
  /** The guest's latest answer on the page, or null before any. */
  answer: z
    .object({
      meals: z.partialRecord(z.enum(SPECIAL_MEALS), z.number().int()),
      /** Issue 32: the split of `attending` the guest told (adults/children or men/women); absent when none. */
      ...splitOutputFields,
      transport: z.object({ option: z.string() }).nullable(),
      /** Coming, but transport / meals were never asked on the channel they answered by (WhatsApp, SMS, a call): still open. */
      transportOpen: z.boolean(),
      mealsOpen: z.boolean(),
      comments: z.string(),
      answeredAt: z.string(),
    })
    .nullable(),
  /** The guest answered, then answered differently. */
  changedDecision: z.boolean(),
  /** The latest message per type (invitation, direction, thanks, call) for the progress column. */
  messages: z.array(guestMessageSchema),
  /** The guest asked not to be messaged for this event. */
  optedOut: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GuestDto = z.infer<typeof guestSchema>;

export const GUEST_SORTS = ['name', '-name', 'createdAt', '-createdAt', 'status', '-status', 'countOfInvites', '-countOfInvites', 'viewedCount', '-viewedCount'] as const;
export type GuestSort = (typeof GUEST_SORTS)[number];

const booleanQuery = z.enum(['true', 'false'], { error: MSG.invalidValue }).transform((v) => v === 'true');

/** `GET guests/list/{id}`: page is 1-based; groupId `none` means guests without a group. */
export const guestListQuerySchema = z.object({
  page: z.coerce.number({ error: MSG.numeric }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: MSG.numeric }).int().min(1).max(GUEST_LIST_MAX_PAGE_SIZE).default(GUEST_LIST_DEFAULT_PAGE_SIZE),
  status: z.enum(GUEST_STATUS_FILTERS, { error: MSG.invalidValue }).optional(),
  groupId: z.union([z.uuid({ error: MSG.invalidValue }), z.literal('none')]).optional(),
  viewed: booleanQuery.optional(),
  /** Issue 32: guests of one side (`none`: without a side). */
  side: z.enum([...GUEST_SIDES, 'none'], { error: MSG.invalidValue }).optional(),
  /** Issue 32: coming with children (true), or coming and told no children (false). */
  withChildren: booleanQuery.optional(),
  // Safe text like every other: a NUL would reach PostgreSQL (which refuses it) inside the ILIKE pattern.
  q: singleLineText({ min: 0, max: GUEST_SEARCH_MAX_LENGTH }).optional(),
  sort: z.enum(GUEST_SORTS, { error: MSG.invalidValue }).default('-createdAt'),
});
export type GuestListQuery = z.input<typeof guestListQuerySchema>;

export const guestListResponseSchema = z.object({
  items: z.array(guestSchema),
  /** Guests matching the filters. */
  total: z.number().int(),
  /** Guests per status over the whole event (not the filters), plus `partiallyComing`, `viewed` and `all`. */
  counts: z.record(z.string(), z.number().int()),
});
export type GuestListResponse = z.infer<typeof guestListResponseSchema>;

export const GUEST_BULK_ACTIONS = ['delete', 'moveToGroup', 'setLang'] as const;
export const guestBulkSchema = z
  .object({
    guestIds: z.array(z.uuid({ error: MSG.invalidValue })).min(1, MSG.required).max(GUEST_BULK_MAX),
    action: z.enum(GUEST_BULK_ACTIONS, { error: MSG.invalidValue }),
    /** For moveToGroup; null takes the guests out of their group. */
    groupId: z.uuid({ error: MSG.invalidValue }).nullable().optional(),
    lang: langSchema.optional(),
  })
  .refine((b) => b.action !== 'moveToGroup' || b.groupId !== undefined, { message: MSG.required, path: ['groupId'] })
  .refine((b) => b.action !== 'setLang' || b.lang !== undefined, { message: MSG.required, path: ['lang'] });
export type GuestBulkInput = z.input<typeof guestBulkSchema>;
export const guestBulkResponseSchema = z.object({ affected: z.number().int() });

export const guestParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), guestID: z.uuid({ error: MSG.invalidValue }) });

/** Rows pasted from a spreadsheet or picked from contacts, checked and added like a file import. */
export const guestRowsSchema = z.object({
  rows: z
    .array(
      z.object({
        fullName: z.string().max(500),
        phoneNumber: z.string().max(100),
        countOfInvites: z.union([z.string().max(20), z.number()]).optional(),
        group: z.string().max(500).optional(),
        lang: z.string().max(50).optional(),
        /** A notes column: the guest's comments. */
        comments: z.string().max(2000).optional(),
        /** Issue 32: the couple's side (a/b/both, or a side's label). */
        side: z.string().max(100).optional(),
      }),
    )
    .min(1, MSG.required)
    .max(GUEST_BULK_MAX),
});
export type GuestRowsInput = z.input<typeof guestRowsSchema>;

/** One column of an uploaded sheet as read: `field` null means "not imported", shown to the host, never dropped silently. */
export const importSheetColumnSchema = z.object({
  /** 1-based, A = 1. */
  column: z.number().int(),
  /** The text in the title row ('' when the column has no title or the sheet has no titles row). */
  title: z.string(),
  field: z.enum(GUEST_IMPORT_COLUMNS).nullable(),
  /** The first few values under the title. */
  samples: z.array(z.string()),
  /** How many rows have a value in this column. */
  filled: z.number().int(),
});
export type ImportSheetColumn = z.infer<typeof importSheetColumnSchema>;
export const importSheetSchema = z.object({
  /** The sheet's row number of the titles (rows above it, like a title line, are not guests); null: no titles, every row is a guest. */
  titleRow: z.number().int().nullable(),
  /** The sheet's first row with text: a guest when there is no titles row, otherwise the titles or a line above them. */
  firstRow: z.number().int(),
  columns: z.array(importSheetColumnSchema),
});
export type ImportSheet = z.infer<typeof importSheetSchema>;

export const importRowErrorSchema = z.object({
  /** 1-based row number as the host sees it in the sheet (the title row is 1) or in the pasted block. */
  row: z.number().int(),
  column: z.string(),
  code: z.enum(IMPORT_ROW_ERROR_CODES),
  /** The row's guest as written (shortened), so the report says whose row it is; absent when the row has no name. */
  name: z.string().optional(),
  /** The offending value as written (shortened); absent when the cell is empty. */
  value: z.string().optional(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
export const importResultSchema = z.object({
  total: z.number().int(),
  valid: z.number().int(),
  imported: z.number().int(),
  errors: z.array(importRowErrorSchema),
  /** Files only: how the sheet was read (which row held the titles, each column and the field it went to). */
  sheet: importSheetSchema.optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * The host's reading of the sheet, sent back with the same file (multipart field `mapping`, JSON): which
 * field each column goes to, null for "not imported". Columns not listed are not imported.
 */
export const importMappingSchema = z
  .object({
    /** null: the sheet has no titles row, its first row with text is a guest. */
    titleRow: z.number().int().min(1).max(1_048_576).nullable(),
    columns: z
      .array(z.object({ column: z.number().int().min(1).max(IMPORT_SHEET_MAX_COLUMNS), field: z.enum(GUEST_IMPORT_COLUMNS).nullable() }))
      .max(IMPORT_SHEET_MAX_COLUMNS),
  })
  .refine(
    (mapping) => {
      const fields = mapping.columns.flatMap((entry) => (entry.field ? [entry.field] : []));
      return new Set(fields).size === fields.length;
    },
    { message: MSG.invalidValue, path: ['columns'] },
  );
export type ImportMapping = z.infer<typeof importMappingSchema>;
export const importQuerySchema = z.object({ commit: booleanQuery.default(false) });

export const groupSchema = z.object({ id: z.string(), name: z.string(), guestCount: z.number().int() });
export type GroupDto = z.infer<typeof groupSchema>;
export const groupListSchema = z.array(groupSchema);
export const groupInputSchema = z.object({ name: singleLineText({ max: GROUP_NAME_MAX_LENGTH }) });
export type GroupInput = z.input<typeof groupInputSchema>;
export const groupParamsSchema = z.object({ id: z.uuid({ error: MSG.invalidValue }), groupID: z.uuid({ error: MSG.invalidValue }) });

/** Google contacts: the browser gets an access token with contacts.readonly; the server reads the People API. */
export const googleContactsRequestSchema = z.object({ accessToken: z.string().min(10).max(4096) });
export const googleContactSchema = z.object({ name: z.string(), phoneNumber: z.string() });
export const googleContactsResponseSchema = z.object({ contacts: z.array(googleContactSchema) });
