import { ERROR_CODES, type ApiErrorIssue, type ErrorCode } from '@magiim/shared';

/** Server codes plus the two failures only the browser sees. */
export type ClientErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT';

export class ApiError extends Error {
  /** True when the global handler already told the user (toast or redirect); callers then stay quiet. */
  handledGlobally = false;

  constructor(
    readonly status: number,
    readonly code: ClientErrorCode,
    message: string,
    readonly issues: ApiErrorIssue[] = [],
    /** Other fields of the error body, e.g. the verify-only `accessToken` and `email` of a 401 verify_email. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);

const codeForStatus = (status: number): ErrorCode => {
  if (status === 400 || status === 422) return 'VALIDATION';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
};

const readIssues = (value: unknown): ApiErrorIssue[] =>
  Array.isArray(value)
    ? value.filter(
        (issue): issue is ApiErrorIssue =>
          typeof issue === 'object' &&
          issue !== null &&
          typeof (issue as ApiErrorIssue).path === 'string' &&
          typeof (issue as ApiErrorIssue).message === 'string',
      )
    : [];

/** Turns any error response (ours, or a proxy's HTML page) into an ApiError. */
export const toApiError = (status: number, payload: unknown): ApiError => {
  const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  // Spec §8: the verify-email answer may be recognised by its message alone.
  const code = isErrorCode(body.code) ? body.code : message === 'verify_email' ? 'verify_email' : codeForStatus(status);
  return new ApiError(status, code, message, readIssues(body.issues), body);
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
