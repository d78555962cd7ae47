import { z } from 'zod';
import {
  EMAIL_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  FULL_NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../constants.js';
import { isCommonPassword } from '../common-passwords.js';
import { LANGUAGES } from '../enums.js';
import { MSG } from '../messages.js';
import { singleLineText } from './text.js';

export const langSchema = z.enum(LANGUAGES, { error: MSG.invalidValue });

export const fullNameSchema = singleLineText({ min: FULL_NAME_MIN_LENGTH, max: FULL_NAME_MAX_LENGTH });

export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(EMAIL_MAX_LENGTH, MSG.maxChars(EMAIL_MAX_LENGTH))
  .pipe(z.email({ error: MSG.invalidEmail }))
  .transform((email) => email.toLowerCase());

/** Spec §5: 4–20 characters, a digit or special character, one upper- and one lower-case English letter. */
export const isStrongPassword = (password: string): boolean =>
  password.length >= PASSWORD_MIN_LENGTH &&
  password.length <= PASSWORD_MAX_LENGTH &&
  /[A-Z]/.test(password) &&
  /[a-z]/.test(password) &&
  /[^A-Za-z]/.test(password);

export const newPasswordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .min(PASSWORD_MIN_LENGTH, MSG.minChars(PASSWORD_MIN_LENGTH))
  .max(PASSWORD_MAX_LENGTH, MSG.maxChars(PASSWORD_MAX_LENGTH))
  .refine(isStrongPassword, MSG.weakPassword)
  .refine((password) => !isCommonPassword(password), MSG.commonPassword);

/** Sign-in takes whatever the user typed: the strength rule is only for new passwords. */
export const currentPasswordSchema = z
  .string({ error: MSG.required })
  .min(1, MSG.required)
  .max(200, MSG.maxChars(200));

export const tokenSchema = z.string({ error: MSG.required }).trim().min(16, MSG.invalidValue).max(200, MSG.invalidValue);

const mustMatch = <T extends { confirmPassword: string }>(
  passwordOf: (value: T) => string,
): [(value: T) => boolean, { message: string; path: string[] }] => [
  (value: T) => passwordOf(value) === value.confirmPassword,
  { message: MSG.passwordsMismatch, path: ['confirmPassword'] },
];

export const registerSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.required }).min(1, MSG.required),
    acceptTerms: z.literal(true, { error: MSG.acceptTerms }),
    isAdult: z.literal(true, { error: MSG.mustBeAdult }),
    lang: langSchema,
    /**
     * Ours: where the verification link leads after sign-in (a path of this site, e.g. a co-host invitation:
     * `/cohost-invite/<token>?join=1`); anything else is ignored.
     */
    next: z.string().max(500).optional(),
  })
  .refine(...mustMatch<{ password: string; confirmPassword: string }>((v) => v.password));
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export type LoginInput = z.input<typeof loginSchema>;

export const googleLoginSchema = z.object({
  credential: z.string().min(20, MSG.invalidValue).max(5000, MSG.invalidValue),
  lang: langSchema.optional(),
});

export const verifyEmailSchema = z.object({ token: tokenSchema });
export const sendPasswordResetSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: tokenSchema, password: newPasswordSchema });
export const checkResetTokenSchema = z.object({ token: tokenSchema });
export const checkResetTokenResponseSchema = z.object({ valid: z.literal(true) });
/** Body of every 429: also sent as the Retry-After header (seconds). */
export const rateLimitedResponseSchema = z.object({
  code: z.literal('RATE_LIMITED'),
  message: z.string(),
  retryAfterSeconds: z.number().int().positive(),
}).describe('Too many attempts: the Retry-After header carries retryAfterSeconds too');
/** The reset form asks for the password twice; the API takes it once (spec §7). */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string().min(1, MSG.required) })
  .refine(...mustMatch<{ password: string; confirmPassword: string }>((v) => v.password));

export const langParamsSchema = z.object({ lang: langSchema });

export const updateLangSchema = z.object({ lang: langSchema });

/** `PUT /user/guide-tour`: the host finished or skipped the tour (off), or asked for it again (on). */
export const updateGuideTourSchema = z.object({ on: z.boolean({ error: MSG.invalidValue }) });

export const updateProfileSchema = z.object({ fullName: fullNameSchema, email: emailSchema });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    newPassword: newPasswordSchema,
    confirmPassword: z.string({ error: MSG.required }).min(1, MSG.required),
  })
  .refine(...mustMatch<{ newPassword: string; confirmPassword: string }>((v) => v.newPassword));
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const userDataSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  lang: langSchema,
  /** A new e-mail waiting for verification, if the user asked to change it. */
  pendingEmail: z.string().nullable(),
  hasPassword: z.boolean(),
  /**
   * Spec §2: on after the host creates an event, off when the tour is finished or skipped. The server always
   * sends it; optional so user data stored by an older client still reads as a session (light-checks.ts).
   */
  guideTour: z.boolean().optional(),
});
export type UserData = z.infer<typeof userDataSchema>;

/** CASL raw rules (spec §6). */
export const abilityRuleSchema = z.object({
  action: z.union([z.string(), z.array(z.string())]),
  subject: z.union([z.string(), z.array(z.string())]),
  inverted: z.boolean().optional(),
});
export type AbilityRule = z.infer<typeof abilityRuleSchema>;

export const loginResponseSchema = z.object({
  accessToken: z.string(),
  userData: userDataSchema,
  userAbility: z.array(abilityRuleSchema),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * `accessToken` here (and in the 401 `verify_email` answer to a login) is a session that may only ask for
 * the verification e-mail again: the user is not signed in until the address is verified.
 */
export const registerResponseSchema = z.object({ email: z.string(), accessToken: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export const okResponseSchema = z.object({ ok: z.literal(true) });
export const verifyEmailResponseSchema = z.object({ email: z.string(), kind: z.enum(['registration', 'emailChange']) });
export const profileResponseSchema = z.object({ userData: userDataSchema });
