/**
 * Error codes the API answers with. The web app shows the translated message `errors.<code>`.
 * Keep the list short: a code exists when a user needs a different message.
 */
export const ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INTERNAL',
  // the database could not take the request now (no free connection in time, restarting)
  'UNAVAILABLE',
  'PLATFORM_REQUIRED',
  // requests the server could not read (the framework's and Node's own refusals)
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'REQUEST_TIMEOUT',
  'HEADERS_TOO_LARGE',
  'URI_TOO_LONG',
  // accounts
  'ACCOUNT_EXISTS',
  'INVALID_CREDENTIALS',
  'verify_email',
  'USER_BLOCKED',
  'INVALID_TOKEN',
  'ALREADY_VERIFIED',
  'WRONG_CURRENT_PASSWORD',
  'GOOGLE_AUTH_FAILED',
  'GOOGLE_NOT_CONFIGURED',
  'PASSWORD_NOT_SET',
  // events (spec §8)
  'EVENT_CREATE_FAILED',
  'EVENT_DATE_PASSED',
  'EVENT_DATE_TOO_CLOSE',
  'RSVP_START_DATE_PASSED',
  'RSVP_START_AFTER_EVENT',
  'PAID_EVENT_NOT_DELETABLE',
  'LOCATION_NOT_FOUND',
  'TABLE_FULL',
  'PLACES_UNAVAILABLE',
  'LANGUAGE_IN_USE',
  'INVALID_IMAGE',
  'IMAGE_TOO_LARGE',
  // guests and groups (spec §8)
  'GROUP_NAME_EXISTS',
  'MAX_GROUPS_REACHED',
  'GUESTS_IN_PROCESS',
  'INVITEE_LIMIT_REACHED',
  'INVITEES_BELOW_RESPONDERS',
  'RESPONDERS_ABOVE_INVITEES',
  // issue 32: adults and children (men and women) do not add up to the people coming
  'SPLIT_NOT_MATCHING',
  'PHONE_EXISTS',
  'DUPLICATE_PHONE',
  'INVALID_PHONE',
  'NOTHING_CHANGED',
  // import (spec §8)
  'INVALID_FILE_TYPE',
  'INVALID_FILE',
  'FILE_EMPTY',
  'FILE_NEEDS_TITLES',
  'IMPORT_MAPPING_INCOMPLETE',
  'FILE_TOO_MANY_ROWS',
  'GOOGLE_CONTACTS_FAILED',
  // Google refused the host's contacts token (expired, revoked, made up): the host's side, not Google's
  'GOOGLE_TOKEN_REFUSED',
  'ANSWERS_CLOSED',
  // the host turned the event's public link off
  'PUBLIC_LINK_CLOSED',
  'PREVIEW_ONLY',
  // packages and checkout (spec §8)
  'INVALID_COUPON',
  'COUPON_ALREADY_USED',
  'PACKAGE_NOT_FOUND',
  'PAYMENT_FAILED',
  'PAYMENT_NOT_IN_WEBVIEW',
  'CANCELLATION_CLOSED',
  // an upgrade must buy more than the event has, before the process ends
  'UPGRADE_NOT_ALLOWED',
  'PAYMENT_UNAVAILABLE',
  // messaging (issue 18): a send time inside the quiet hours, Shabbat or a holiday (the body has nextAllowed)
  'OUTSIDE_SENDING_HOURS',
  // messages wait for the package to be paid (spec §4: guests are pending until then)
  'EVENT_NOT_PAID',
  'ACTION_ALREADY_STARTED',
  'SENDING_PAUSED',
  // calls (issue 20): editing the call script or starting the call round needs the premium package
  'PREMIUM_REQUIRED',
  // the event does not include calls (includeCallsPreference off)
  'CALLS_NOT_INCLUDED',
  // issue 21: a list saved from an older read (expenses): the screen reloads
  'STALE_VERSION',
  // a co-host invitation link used, revoked, expired or unknown
  'INVITE_LINK_INVALID',
  // issue 22: deleting an account that has a paid event not over yet (the body has `events`)
  'ACCOUNT_HAS_ACTIVE_EVENT',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorIssue {
  path: string;
  /** An encoded validation message, see `encodeMessage`. */
  message: string;
}

/** Every error response has this shape. */
export interface ApiErrorBody {
  code: ErrorCode;
  /** For 401 `verify_email` this is literally 'verify_email' (spec §8); otherwise a short English text for logs. */
  message: string;
  issues?: ApiErrorIssue[];
  /** OUTSIDE_SENDING_HOURS: the next moment a message may go, `YYYY-MM-DDTHH:mm` Asia/Jerusalem. */
  nextAllowed?: string;
  /** ACCOUNT_HAS_ACTIVE_EVENT: the paid events not over yet. */
  events?: { id: string; name: string; date: string }[];
}

/**
 * Why one row of an import (file, paste or contacts) was not taken; the web app shows `importErrors.<code>`.
 * `column` in the report is the column's key (`fullName`, `phoneNumber`, `countOfInvites`, `group`, `lang`).
 */
export const IMPORT_ROW_ERROR_CODES = [
  'NAME_REQUIRED',
  'NAME_TOO_LONG',
  'INVALID_CHARACTERS',
  'PHONE_REQUIRED',
  'INVALID_PHONE',
  'DUPLICATE_PHONE',
  'PHONE_EXISTS',
  'COUNT_OUT_OF_RANGE',
  'UNKNOWN_LANGUAGE',
  'GROUP_NAME_TOO_LONG',
  'COMMENTS_TOO_LONG',
  'TOO_MANY_GROUPS',
  'INVITEE_LIMIT_REACHED',
  /** Issue 32: a side cell that names neither side nor both. */
  'UNKNOWN_SIDE',
] as const;
export type ImportRowErrorCode = (typeof IMPORT_ROW_ERROR_CODES)[number];
