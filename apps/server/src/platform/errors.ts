import type { ApiErrorBody, ApiErrorIssue, ErrorCode } from '@magiim/shared';

const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  PLATFORM_REQUIRED: 400,
  BAD_REQUEST: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  HEADERS_TOO_LARGE: 431,
  URI_TOO_LONG: 414,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  verify_email: 401,
  FORBIDDEN: 403,
  USER_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ACCOUNT_EXISTS: 409,
  ALREADY_VERIFIED: 409,
  INVALID_TOKEN: 400,
  WRONG_CURRENT_PASSWORD: 400,
  PASSWORD_NOT_SET: 400,
  GOOGLE_AUTH_FAILED: 401,
  GOOGLE_NOT_CONFIGURED: 404,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  EVENT_CREATE_FAILED: 500,
  EVENT_DATE_PASSED: 400,
  EVENT_DATE_TOO_CLOSE: 400,
  RSVP_START_DATE_PASSED: 400,
  RSVP_START_AFTER_EVENT: 400,
  PAID_EVENT_NOT_DELETABLE: 409,
  LOCATION_NOT_FOUND: 400,
  TABLE_FULL: 409,
  PLACES_UNAVAILABLE: 503,
  LANGUAGE_IN_USE: 409,
  INVALID_IMAGE: 400,
  IMAGE_TOO_LARGE: 413,
  GROUP_NAME_EXISTS: 409,
  MAX_GROUPS_REACHED: 409,
  GUESTS_IN_PROCESS: 409,
  INVITEE_LIMIT_REACHED: 409,
  INVITEES_BELOW_RESPONDERS: 400,
  RESPONDERS_ABOVE_INVITEES: 400,
  SPLIT_NOT_MATCHING: 400,
  PHONE_EXISTS: 409,
  DUPLICATE_PHONE: 400,
  INVALID_PHONE: 400,
  NOTHING_CHANGED: 400,
  INVALID_FILE_TYPE: 415,
  INVALID_FILE: 400,
  FILE_EMPTY: 400,
  FILE_NEEDS_TITLES: 400,
  IMPORT_MAPPING_INCOMPLETE: 400,
  FILE_TOO_MANY_ROWS: 400,
  GOOGLE_CONTACTS_FAILED: 502,
  GOOGLE_TOKEN_REFUSED: 400,
  ANSWERS_CLOSED: 409,
  PUBLIC_LINK_CLOSED: 403,
  PREVIEW_ONLY: 409,
  INVALID_COUPON: 400,
  COUPON_ALREADY_USED: 400,
  PACKAGE_NOT_FOUND: 400,
  PAYMENT_FAILED: 402,
  PAYMENT_NOT_IN_WEBVIEW: 403,
  CANCELLATION_CLOSED: 409,
  UPGRADE_NOT_ALLOWED: 409,
  PAYMENT_UNAVAILABLE: 503,
  OUTSIDE_SENDING_HOURS: 400,
  EVENT_NOT_PAID: 409,
  ACTION_ALREADY_STARTED: 409,
  SENDING_PAUSED: 409,
  PREMIUM_REQUIRED: 403,
  CALLS_NOT_INCLUDED: 409,
  STALE_VERSION: 409,
  INVITE_LINK_INVALID: 410,
  ACCOUNT_HAS_ACTIVE_EVENT: 409,
};

/** The one error type services throw; the error handler turns it into `ApiErrorBody`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly issues?: ApiErrorIssue[],
  ) {
    super(message);
    this.status = HTTP_STATUS[code];
  }

  toBody(): ApiErrorBody {
    return { code: this.code, message: this.message, ...(this.issues ? { issues: this.issues } : {}) };
  }

  /** Extra response headers (e.g. Retry-After on RATE_LIMITED). */
  headers(): Record<string, string> {
    return {};
  }
}

/** 400 OUTSIDE_SENDING_HOURS with the next moment a message may go. */
export class OutsideSendingHoursError extends AppError {
  constructor(readonly nextAllowed: string) {
    super('OUTSIDE_SENDING_HOURS', 'messages are not sent at this time (night, Shabbat or a holiday)');
  }

  override toBody(): ApiErrorBody {
    return { ...super.toBody(), nextAllowed: this.nextAllowed };
  }
}

export const httpStatusOf = (code: ErrorCode): number => HTTP_STATUS[code];

/** 409 ACCOUNT_HAS_ACTIVE_EVENT: the account keeps a paid event that is not over yet; the body names them. */
export class AccountHasActiveEventError extends AppError {
  constructor(readonly events: { id: string; name: string; date: string }[]) {
    super('ACCOUNT_HAS_ACTIVE_EVENT', 'the account has a paid event that is not over');
  }

  override toBody(): ApiErrorBody {
    return { ...super.toBody(), events: this.events };
  }
}
