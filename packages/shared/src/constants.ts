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
export const RATE_LIMITS = {
  failedLoginsPerAccount: { max: 10, windowMinutes: 15 },
  failedLoginsPerIp: { max: 10, windowMinutes: 15 },
  passwordResetsPerEmail: { max: 3, windowMinutes: 60 },
  registrationsPerIp: { max: 10, windowMinutes: 60 },
  verificationResendsPerUser: { max: 5, windowMinutes: 60 },
} as const;
