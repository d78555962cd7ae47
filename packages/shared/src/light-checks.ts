import { EMAIL_MAX_LENGTH } from './constants.js';
import { LANGUAGES } from './enums.js';
import { MSG } from './messages.js';

/**
 * Checks the first screen runs without zod: the sign-in form and the stored session are read before any
 * page that needs the schemas, and zod would be a third of /login's JavaScript. Each mirrors its zod
 * schema (loginSchema, userDataSchema, abilityRuleSchema, publicConfigSchema); light-checks.test.ts
 * holds them to the same answers.
 */

// zod 4's default e-mail pattern (z.email()).
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const isEmailAddress = (value: string): boolean => EMAIL_PATTERN.test(value);

export type LightIssues<K extends string> = Partial<Record<K, string>>;

/** The sign-in form's rules (loginSchema): e-mail required, at most 254, well formed; password required, at most 200. */
export const checkLoginInput = (input: { email: string; password: string }): LightIssues<'email' | 'password'> => {
  const issues: LightIssues<'email' | 'password'> = {};
  const email = input.email.trim();
  if (!email) issues.email = MSG.required;
  else if (email.length > EMAIL_MAX_LENGTH) issues.email = MSG.maxChars(EMAIL_MAX_LENGTH);
  else if (!isEmailAddress(email)) issues.email = MSG.invalidEmail;
  if (!input.password) issues.password = MSG.required;
  else if (input.password.length > 200) issues.password = MSG.maxChars(200);
  return issues;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringOrStrings = (value: unknown): boolean =>
  typeof value === 'string' || (Array.isArray(value) && value.every((item) => typeof item === 'string'));

export const isStoredUserData = (value: unknown): boolean =>
  isRecord(value) &&
  typeof value.id === 'string' &&
  typeof value.fullName === 'string' &&
  typeof value.email === 'string' &&
  typeof value.emailVerified === 'boolean' &&
  (LANGUAGES as readonly unknown[]).includes(value.lang) &&
  (value.pendingEmail === null || typeof value.pendingEmail === 'string') &&
  typeof value.hasPassword === 'boolean' &&
  (value.guideTour === undefined || typeof value.guideTour === 'boolean');

export const isAbilityRules = (value: unknown): boolean =>
  Array.isArray(value) &&
  value.every(
    (rule) =>
      isRecord(rule) &&
      isStringOrStrings(rule.action) &&
      isStringOrStrings(rule.subject) &&
      (rule.inverted === undefined || typeof rule.inverted === 'boolean'),
  );
