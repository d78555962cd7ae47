import { API, isAbilityRules, isStoredUserData, type Lang, type LoginResponse } from '@magiim/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../app/api-client';
import { startSession } from '../../app/auth-session';
import { forgetVerificationEmail } from './verification-email-memory';

/**
 * Sign-in calls live apart from the other account calls: /login is the first screen and checks the
 * answer without zod (the shared light checks mirror loginResponseSchema).
 */
const checkedLoginResponse = (value: unknown): LoginResponse => {
  const response = value as Partial<LoginResponse> | null;
  if (!response || typeof response.accessToken !== 'string' || !isStoredUserData(response.userData) || !isAbilityRules(response.userAbility)) {
    throw new Error('unexpected sign-in answer');
  }
  return response as LoginResponse;
};

export const useLogin = () =>
  useMutation({
    // A 401 verify_email is handled globally: it goes to the verification page (global-error-handlers.ts).
    mutationFn: async (body: { email: string; password: string }) =>
      checkedLoginResponse(await apiRequest(API.auth.login, { method: 'POST', body, withToken: false })),
    onSuccess: (response: LoginResponse) => {
      forgetVerificationEmail();
      startSession(response);
    },
  });

export const useGoogleLogin = () =>
  useMutation({
    mutationFn: async (body: { credential: string; lang: Lang }) =>
      checkedLoginResponse(await apiRequest(API.auth.google, { method: 'POST', body, withToken: false })),
    onSuccess: (response: LoginResponse) => startSession(response),
  });
