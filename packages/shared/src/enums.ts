/** Interface languages. he is the default and the fallback. */
export const LANGUAGES = ['he', 'en', 'ru', 'ar'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'he';
export const RTL_LANGUAGES: readonly Lang[] = ['he', 'ar'];
export const isLang = (value: unknown): value is Lang =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const directionOf = (lang: Lang): 'rtl' | 'ltr' => (RTL_LANGUAGES.includes(lang) ? 'rtl' : 'ltr');

/** The platform header every API call carries (the mobile app web view reports its own). */
export const PLATFORMS = ['web', 'ios', 'android'] as const;
export type Platform = (typeof PLATFORMS)[number];
export const PLATFORM_HEADER = 'x-platform';

/** Spec §3: message channel. */
export const MessageChannel = { SMS: 1, CALL: 2, WHATSAPP: 3 } as const;
export type MessageChannel = (typeof MessageChannel)[keyof typeof MessageChannel];

/** Spec §3: guest message types; 5 is ours (issue 32): the save-the-date before the RSVP rounds. */
export const GuestMessageType = { INVITATION: 1, REMINDER: 2, THANKS: 3, CALL: 4, SAVE_THE_DATE: 5 } as const;
export type GuestMessageType = (typeof GuestMessageType)[keyof typeof GuestMessageType];

/** Spec §4: invitee status. */
export const INVITEE_STATUSES = [
  'pending',
  'inProgress',
  'approved',
  'declined',
  'maybe',
  'changedDecision',
  'wrongNumber',
] as const;
export type InviteeStatus = (typeof INVITEE_STATUSES)[number];

export const GIFT_ACCOUNT_STATUSES = ['NOT_REGISTERED', 'REGISTERED', 'APPROVED', 'REJECTED'] as const;
export const SPECIAL_MEALS = ['glatt', 'vegetarian', 'gluten_free', 'vegan', 'no_special_dish'] as const;
export const ASK_VALUES = ['no_need_to_ask', 'some_guests', 'all_guests'] as const;
/**
 * Issue 32: how an event splits the people coming. One mode per event: none, adults and children, or men and
 * women (events seated apart). The split always adds up to `attending`.
 */
export const HOUSEHOLD_SPLITS = ['none', 'adultsChildren', 'menWomen'] as const;
export type HouseholdSplitMode = (typeof HOUSEHOLD_SPLITS)[number];
