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

export const httpStatusOf = (code: ErrorCode): number => HTTP_STATUS[code];
