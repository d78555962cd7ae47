import { showToast } from '../components/toast-store';
import { rememberVerificationEmail } from '../features/auth/verification-email-memory';
import { setGlobalErrorHandlers } from './api-client';
import type { ApiError } from './api-error';
import { endSession } from './auth-session';
import { writeVerificationSession } from './session';

type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

/** Spec §8: 429 → toast; 401 verify_email → verification page; other 401 → signed out, to login. */
export const wireGlobalErrorHandlers = (navigate: Navigate): void => {
  setGlobalErrorHandlers({
    onRateLimited: () => showToast('toast.tryLater'),
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
