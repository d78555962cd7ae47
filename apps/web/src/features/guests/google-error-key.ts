import { isApiError } from '../../app/api-error';

/** Google refusing the host's token (expired, revoked) reads differently from Google failing. */
export const googleErrorKey = (error: unknown) =>
  isApiError(error) && error.code === 'GOOGLE_TOKEN_REFUSED' ? 'errors.GOOGLE_TOKEN_REFUSED' : 'errors.GOOGLE_CONTACTS_FAILED';
