/** Spec §9: business constants and limits. */
export const PASSWORD_MIN_LENGTH = 4;
export const PASSWORD_MAX_LENGTH = 20;
export const FULL_NAME_MIN_LENGTH = 2;
export const FULL_NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
export const MIN_USER_AGE = 18;
export const INVITES_PER_INVITEE_MIN = 1;
export const INVITES_PER_INVITEE_MAX = 20;
export const MAX_GROUPS_PER_EVENT = 10;
export const RSVP_ROUNDS = 3;
export const RECOMMENDED_RSVP_START_DAYS_BEFORE_EVENT = 14;
export const GIFT_FEE_PERCENT = 3;
export const DATA_RETENTION_MONTHS = 6;
export const API_TIMEOUT_MS = 300_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const THOUSANDS_ABBREVIATION_FROM = 1000;
export const BUSINESS_TIME_ZONE = 'Asia/Jerusalem';

/** Local storage keys the web app and the mobile web view share (spec §3). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  userData: 'userData',
  userAbility: 'userAbility',
  lang: 'lang',
} as const;

/** Account security. */
export const SESSION_TTL_DAYS = 30;
export const EMAIL_VERIFICATION_TTL_HOURS = 48;
export const PASSWORD_RESET_TTL_MINUTES = 60;
/**
 * Windows are sliding. Failed sign-ins count per account and per IP separately; the per-IP number is high because a
 * mobile carrier puts many people behind one address. After 5 account failures each further attempt waits
 * 2, 4, 8… seconds; at 10 the account locks for the window, except for devices that signed in to it before.
 */
export const RATE_LIMITS = {
  failedLoginsPerAccount: { max: 10, windowMinutes: 15, backoff: { after: 5, baseSeconds: 2 } },
  failedLoginsPerIp: { max: 100, windowMinutes: 15 },
  passwordResetsPerEmail: { max: 3, windowMinutes: 60 },
  registrationsPerIp: { max: 10, windowMinutes: 60 },
  verificationResendsPerUser: { max: 5, windowMinutes: 60 },
  emailChangesPerUser: { max: 5, windowMinutes: 60 },
  resetTokenChecksPerIp: { max: 30, windowMinutes: 15 },
} as const;

/** Header carrying the client's kept random device id (16–100 characters); lets a known device in during a lock. */
export const DEVICE_ID_HEADER = 'x-device-id';
export const DEVICE_ID_MIN_LENGTH = 16;
export const DEVICE_ID_MAX_LENGTH = 100;
