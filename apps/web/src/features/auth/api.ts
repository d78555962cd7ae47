import {
  API,
  type Lang,
} from '@magiim/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, lazySchema } from '../../app/api-client';
import { isApiError } from '../../app/api-error';
import { endSession } from '../../app/auth-session';
import { writeVerificationSession } from '../../app/session';
import { rememberVerificationEmail } from './verification-email-memory';

// The answer checks load on their own (app/response-schemas.ts): this module is on the first screens.
const registerResponseSchema = lazySchema((s) => s.registerResponseSchema);
const verifyEmailResponseSchema = lazySchema((s) => s.verifyEmailResponseSchema);

interface RegisterBody {
  fullName: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptTerms: true;
  isAdult: true;
  lang: Lang;
}

export const useRegister = () =>
  useMutation({
    mutationFn: (body: RegisterBody) =>
      apiRequest(API.auth.register, { method: 'POST', body, schema: registerResponseSchema, withToken: false }),
    onSuccess: ({ email, accessToken }) => {
      writeVerificationSession(accessToken);
      rememberVerificationEmail(email);
    },
  });

/** Signs out on the server when it can; the local session ends either way. */
export const useLogout = () =>
  useMutation({
    mutationFn: () => apiRequest(API.auth.logout, { method: 'POST' }).catch(() => undefined),
    onSettled: () => endSession(),
  });

export const useVerifyEmail = () =>
  useMutation({
    mutationFn: (token: string) =>
      apiRequest(API.auth.verifyEmail, { method: 'POST', body: { token }, schema: verifyEmailResponseSchema }),
  });

export const useResendVerificationEmail = () =>
  useMutation({
    mutationFn: (lang: Lang) => apiRequest(API.auth.resendVerificationEmail(lang)),
  });

export const useSendPasswordReset = () =>
  useMutation({
    mutationFn: ({ email, lang }: { email: string; lang: Lang }) =>
      apiRequest(API.auth.sendPasswordReset(lang), { method: 'POST', body: { email }, withToken: false }),
  });

/**
 * Asks whether a reset link still works before showing its form. Only a definite "invalid" counts: if the
 * check itself fails (network, an older server without the endpoint) the form shows and the reset call decides.
 */
export const useCheckResetToken = (token: string) =>
  useQuery({
    queryKey: ['auth', 'checkResetToken', token],
    queryFn: async (): Promise<'valid' | 'invalid' | 'unknown'> => {
      try {
        await apiRequest('/auth/checkResetToken', { method: 'POST', body: { token }, withToken: false });
        return 'valid';
      } catch (error) {
        if (isApiError(error) && error.status === 400 && (error.code === 'INVALID_TOKEN' || error.code === 'VALIDATION')) return 'invalid';
        return 'unknown';
      }
    },
    retry: false,
    staleTime: Infinity,
  });

export const useResetPassword = () =>
  useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      apiRequest(API.auth.resetPassword, { method: 'POST', body, withToken: false }),
  });
