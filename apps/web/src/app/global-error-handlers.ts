import { showToast } from '../components/toast-store';
import { rememberVerificationEmail } from '../features/auth/verification-email-memory';
import { formatRetryAfter } from '../i18n/format-wait';
import { setGlobalErrorHandlers } from './api-client';
import type { ApiError } from './api-error';
import { endSession } from './auth-session';
import { currentLanguage } from './i18n';
import { writeVerificationSession } from './session';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/** Spec §8: 429 → toast saying when to try again; 401 verify_email → verification page; other 401 → signed out, to login. */
export const wireGlobalErrorHandlers = (navigate: Navigate): void => {
  setGlobalErrorHandlers({
    onRateLimited: (retryAfterSeconds) => {
      if (retryAfterSeconds === null) showToast('toast.rateLimited');
      else showToast('toast.rateLimitedAt', 'error', { when: formatRetryAfter(retryAfterSeconds, currentLanguage()) });
    },
    onVerifyEmail: (error: ApiError) => {
      // A refused sign-in carries a session that may only ask for the link again, and the address.
      const { accessToken, email } = error.details;
      if (typeof accessToken === 'string' && accessToken) writeVerificationSession(accessToken);
      if (typeof email === 'string' && email) rememberVerificationEmail(email);
      void navigate('/send-verification-email');
    },
    onSessionExpired: () => {
      endSession();
      void navigate('/login', { replace: true });
    },
  });
};
