/**
 * API paths under `/api`. Spec §7 paths are a contract with the mobile app web view: keep them exactly.
 * Paths the spec does not show (login, registration, profile) are ours.
 */
export const API_BASE = '/api';

export const API = {
  health: '/health',
  config: '/config',
  auth: {
    register: '/auth/register',
    login: '/auth/login',
    google: '/auth/google',
    logout: '/auth/logout',
    verifyEmail: '/auth/verifyEmail',
    resendVerificationEmail: (lang: string) => `/auth/resendVerificationEmail/${lang}`,
    sendPasswordReset: (lang: string) => `/auth/sendPasswordReset/${lang}`,
    resetPassword: '/auth/resetPassword',
    checkResetToken: '/auth/checkResetToken',
  },
  user: {
    me: '/user/me',
    profile: '/user/profile',
    password: '/user/password',
    /** The interface language the user last chose; e-mails and notifications follow it. */
    lang: '/user/lang',
  },
  dev: { mailbox: '/dev/mailbox' },
} as const;
