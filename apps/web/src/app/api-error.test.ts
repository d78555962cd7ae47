import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error';

describe('toApiError', () => {
  it('keeps the code, message and issues of our error body', () => {
    const error = toApiError(400, {
      code: 'VALIDATION',
      message: 'Invalid body',
      issues: [{ path: 'email', message: 'validation.invalidEmail' }, { bad: true }],
    });
    expect(error.code).toBe('VALIDATION');
    expect(error.status).toBe(400);
    expect(error.issues).toEqual([{ path: 'email', message: 'validation.invalidEmail' }]);
  });

  it('recognises verify_email by its message', () => {
    expect(toApiError(401, { message: 'verify_email' }).code).toBe('verify_email');
  });

  it('derives a code from the status for foreign bodies', () => {
    expect(toApiError(429, '<html>').code).toBe('RATE_LIMITED');
    expect(toApiError(404, { statusCode: 404, error: 'Not Found' }).code).toBe('NOT_FOUND');
    expect(toApiError(502, undefined).code).toBe('INTERNAL');
    expect(toApiError(401, { code: 'SOMETHING_NEW' }).code).toBe('UNAUTHORIZED');
  });
});
