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
}
